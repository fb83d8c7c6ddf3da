import { INTAKE_ERRORS } from '@kite/shared/domain';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/apiError.ts';
import { fakeApi } from '../../test/fakeApi.ts';
import { intakePage, makeIntakeItem } from '../../test/intakeFixtures.ts';
import { IntakeStore } from './IntakeStore.ts';
import { intakeAbilities } from './intakeAbilities.ts';
import { EMPTY_INTAKE_FILTERS, queryParams } from './intakeQuery.ts';

vi.mock('../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api.ts')>()),
  api: (await import('../../test/fakeApi.ts')).fakeApi.client,
}));

const I = '/api/workspaces/acme/projects/p1/inbox-issues/';

/** A request the test answers when it wants to. */
function pending() {
  let settle!: { resolve: (value: unknown) => void; reject: (error: unknown) => void };
  const promise = new Promise((resolve, reject) => {
    settle = { resolve, reject };
  });
  return { promise, ...settle };
}

const params = (path: string) => Object.fromEntries(new URLSearchParams(path.split('?')[1]));

/** A store with the Open tab (i1, i2 pending; i3 snoozed) and the Closed tab (i4 accepted) loaded. */
async function loaded() {
  const store = new IntakeStore();
  const until = new Date(Date.now() + 86_400_000).toISOString();
  fakeApi.on('GET', I, (_body, path) =>
    params(path).status === '-2,0'
      ? intakePage([
          makeIntakeItem('i1'),
          makeIntakeItem('i2'),
          makeIntakeItem('i3', { status: 0, snoozed_till: until }),
        ])
      : intakePage([makeIntakeItem('i4', { status: 1 })]),
  );
  const open = store.queryOf('p1', 'open');
  const closed = store.queryOf('p1', 'closed');
  await Promise.all([store.fetchFirst('acme', open), store.fetchFirst('acme', closed)]);
  return { store, open, closed };
}

const names = (items: { issue: { id: string } }[]) => items.map((item) => item.issue.id);

describe('IntakeStore', () => {
  beforeEach(() => fakeApi.reset());

  it('asks for a tab’s statuses, the filters, the order and ten a page', () => {
    const query = {
      projectId: 'p1',
      tab: 'closed' as const,
      filters: { ...EMPTY_INTAKE_FILTERS, status: [-1 as const, -2 as const], priority: ['high', 'urgent'] },
      orderBy: 'issue__sequence_id' as const,
    };
    expect(Object.fromEntries(new URLSearchParams(queryParams(query, 2)))).toEqual({
      // Pending is not a Closed status: only the declined filter applies.
      status: '-1',
      priority: 'high,urgent',
      order_by: 'issue__sequence_id',
      per_page: '10',
      cursor: '10:2:0',
    });
    const open = {
      ...query,
      tab: 'open' as const,
      filters: { ...EMPTY_INTAKE_FILTERS, created: 'today' as const },
    };
    const today = new Date(2026, 4, 19);
    expect(params(`?${queryParams(open, 0, today)}`)).toMatchObject({
      status: '-2,0',
      created_at: '2026-05-19;after,2026-05-19;before',
    });
  });

  it('pages by the items it holds, dropping the overlap a change here made', async () => {
    const store = new IntakeStore();
    const query = store.queryOf('p1', 'open');
    const first = Array.from({ length: 10 }, (_, i) => makeIntakeItem(`i${i + 1}`));
    const second = [makeIntakeItem('i10'), makeIntakeItem('i11'), makeIntakeItem('i12')];
    fakeApi.on('GET', I, (_body, path) =>
      params(path).cursor === '10:0:0'
        ? intakePage(first, { more: true, total: 12 })
        : intakePage(second, { total: 12, page: 1 }),
    );
    await store.fetchFirst('acme', query);
    expect(store.hasMore('acme', query)).toBe(true);
    expect(store.countOf('acme', query)).toBe(12);
    await store.loadMore('acme', query);
    expect(params(fakeApi.calls[1]!.path).cursor).toBe('10:1:0');
    expect(store.listOf('acme', query)).toHaveLength(12);
    expect(store.hasMore('acme', query)).toBe(false);
  });

  it('accepts at once: the item leaves Open for Closed, and the server’s answer stays', async () => {
    const { store, open, closed } = await loaded();
    fakeApi.on('PATCH', `${I}issue-i1/`, makeIntakeItem('i1', { status: 1 }));
    const done = store.accept('acme', 'issue-i1');
    expect(store.get('issue-i1')?.status).toBe(1);
    expect(names(store.listOf('acme', open))).toEqual(['issue-i2', 'issue-i3']);
    expect(names(store.listOf('acme', closed))).toEqual(['issue-i1', 'issue-i4']);
    expect(store.countOf('acme', open)).toBe(2);
    expect(store.countOf('acme', closed)).toBe(2);
    expect(await done).toBe(true);
    expect(fakeApi.callsTo('PATCH', `${I}issue-i1/`)[0]!.body).toEqual({ status: 1 });
    expect(names(store.listOf('acme', closed))).toEqual(['issue-i1', 'issue-i4']);
  });

  it('puts a refused decline back where it was, and toasts the server’s reason', async () => {
    const error = vi.spyOn(toast, 'error');
    const { store, open, closed } = await loaded();
    const answer = pending();
    fakeApi.on('PATCH', `${I}issue-i2/`, () => answer.promise);
    const done = store.decline('acme', 'issue-i2');
    expect(names(store.listOf('acme', open))).toEqual(['issue-i1', 'issue-i3']);
    expect(names(store.listOf('acme', closed))).toEqual(['issue-i2', 'issue-i4']);
    answer.reject(new ApiError(403, 'Only project admins can triage intake items', 'FORBIDDEN'));
    expect(await done).toBe(false);
    expect(store.get('issue-i2')?.status).toBe(-2);
    expect(names(store.listOf('acme', open))).toEqual(['issue-i1', 'issue-i2', 'issue-i3']);
    expect(names(store.listOf('acme', closed))).toEqual(['issue-i4']);
    expect(store.countOf('acme', closed)).toBe(1);
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith('Only project admins can triage intake items'));
  });

  it('snoozes with a time and unsnoozes back to pending; a refused snooze names the field’s reason', async () => {
    const error = vi.spyOn(toast, 'error');
    const { store, open } = await loaded();
    const until = new Date(Date.now() + 3 * 86_400_000);
    fakeApi.on('PATCH', `${I}issue-i1/`, (body) =>
      makeIntakeItem('i1', { status: 0, ...(body as { snoozed_till: string }) }),
    );
    expect(await store.snooze('acme', 'issue-i1', until)).toBe(true);
    expect(fakeApi.callsTo('PATCH', `${I}issue-i1/`)[0]!.body).toEqual({
      status: 0,
      snoozed_till: until.toISOString(),
    });
    // Still open: a snoozed item stays in the Open tab.
    expect(names(store.listOf('acme', open))).toContain('issue-i1');

    fakeApi.on('PATCH', `${I}issue-i3/`, makeIntakeItem('i3'));
    expect(await store.snooze('acme', 'issue-i3', null)).toBe(true);
    expect(fakeApi.callsTo('PATCH', `${I}issue-i3/`)[0]!.body).toEqual({ snoozed_till: null });
    expect(store.get('issue-i3')).toMatchObject({ status: -2, snoozed_till: null });

    fakeApi.on('PATCH', `${I}issue-i2/`, () => {
      throw new ApiError(400, 'Invalid request', 'VALIDATION_ERROR', {
        snoozed_till: 'The snooze must end in the future',
      });
    });
    expect(await store.snooze('acme', 'issue-i2', new Date(Date.now() + 60_000))).toBe(false);
    expect(store.get('issue-i2')).toMatchObject({ status: -2, snoozed_till: null });
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith('The snooze must end in the future'));
  });

  it('marks a duplicate with its original in brief at once, and takes it all back when refused', async () => {
    const { store, open } = await loaded();
    fakeApi.fail('PATCH', `${I}issue-i1/`, 400, 'Must be a work item of this project', 'VALIDATION_ERROR');
    const original = { id: 'w9', name: 'Login broken', sequence_id: 9, project_id: 'p1' };
    const done = store.markDuplicate('acme', 'issue-i1', original);
    expect(store.get('issue-i1')).toMatchObject({
      status: 2,
      duplicate_to: 'w9',
      duplicate_issue_detail: original,
    });
    expect(await done).toBe(false);
    expect(store.get('issue-i1')).toMatchObject({
      status: -2,
      duplicate_to: null,
      duplicate_issue_detail: null,
    });
    expect(names(store.listOf('acme', open))).toEqual(['issue-i1', 'issue-i2', 'issue-i3']);
    expect(fakeApi.callsTo('PATCH', `${I}issue-i1/`)[0]!.body).toEqual({ status: 2, duplicate_to: 'w9' });
  });

  it('edits the work item’s fields at once and restores only those when refused', async () => {
    const { store } = await loaded();
    fakeApi.fail('PATCH', `${I}issue-i1/`, 500, 'Something went wrong', 'INTERNAL_ERROR');
    const done = store.updateIssue('acme', 'issue-i1', { priority: 'urgent' });
    expect(store.get('issue-i1')?.issue.priority).toBe('urgent');
    expect(await done).toBe(false);
    expect(store.get('issue-i1')?.issue).toMatchObject({ priority: 'none', name: 'Request i1' });
    expect(fakeApi.callsTo('PATCH', `${I}issue-i1/`)[0]!.body).toEqual({ issue: { priority: 'urgent' } });
  });

  it('deletes at once and brings the item back in place when refused', async () => {
    const { store, open } = await loaded();
    fakeApi.fail(
      'DELETE',
      `${I}issue-i2/`,
      403,
      'Only project admins or its submitter can delete this intake item',
      'FORBIDDEN',
    );
    const done = store.remove('acme', 'issue-i2');
    expect(names(store.listOf('acme', open))).toEqual(['issue-i1', 'issue-i3']);
    expect(await done).toBe(false);
    expect(names(store.listOf('acme', open))).toEqual(['issue-i1', 'issue-i2', 'issue-i3']);

    fakeApi.on('DELETE', `${I}issue-i2/`, null);
    expect(await store.remove('acme', 'issue-i2')).toBe(true);
    expect(names(store.listOf('acme', open))).toEqual(['issue-i1', 'issue-i3']);
    expect(store.countOf('acme', open)).toBe(2);
  });

  it('puts a submission at the top of the Open tab', async () => {
    const { store, open } = await loaded();
    fakeApi.on('POST', I, makeIntakeItem('i9', { issue: { name: 'Dark mode' } }));
    await store.create('acme', 'p1', { name: 'Dark mode', priority: 'low' });
    expect(fakeApi.callsTo('POST', I)[0]!.body).toEqual({
      source: 'IN_APP',
      issue: { name: 'Dark mode', priority: 'low' },
    });
    expect(names(store.listOf('acme', open))[0]).toBe('issue-i9');
    expect(store.countOf('acme', open)).toBe(4);
  });

  it('keeps a change on its way over a page that answers meanwhile', async () => {
    const { store, open } = await loaded();
    const answer = pending();
    fakeApi.on('PATCH', `${I}issue-i1/`, () => answer.promise);
    const done = store.accept('acme', 'issue-i1');
    await store.fetchFirst('acme', open);
    expect(store.get('issue-i1')?.status).toBe(1);
    answer.resolve(makeIntakeItem('i1', { status: 1 }));
    expect(await done).toBe(true);
  });

  it('says the spec’s words when a list cannot load, and toasts them when a further page cannot', async () => {
    const error = vi.spyOn(toast, 'error');
    const store = new IntakeStore();
    const query = store.queryOf('p1', 'open');
    fakeApi.fail('GET', I, 500, 'Something went wrong', 'INTERNAL_ERROR');
    await expect(store.fetchFirst('acme', query)).rejects.toThrow();
    expect(store.errorOf('acme', query)).toBe(INTAKE_ERRORS.init);

    fakeApi.on('GET', I, intakePage([makeIntakeItem('i1')], { more: true, total: 11 }));
    await store.fetchFirst('acme', query);
    expect(store.errorOf('acme', query)).toBeNull();
    fakeApi.fail('GET', I, 500, 'Something went wrong', 'INTERNAL_ERROR');
    await store.loadMore('acme', query);
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith(INTAKE_ERRORS.pagination));
    expect(store.listOf('acme', query)).toHaveLength(1);
  });
});

describe('intake abilities', () => {
  const item = (status: number, created_by = 'someone') => ({ status, created_by });

  it('leaves triage to admins while the item is open', () => {
    expect(intakeAbilities(item(-2), 20, 'u1').triage).toBe(true);
    expect(intakeAbilities(item(0), 20, 'u1').triage).toBe(true);
    expect(intakeAbilities(item(1), 20, 'u1').triage).toBe(false);
    expect(intakeAbilities(item(-2), 15, 'u1').triage).toBe(false);
  });

  it('lets members edit an open item, and a guest their own while it is pending', () => {
    expect(intakeAbilities(item(0), 15, 'u1')).toMatchObject({ editText: true, editProperties: true });
    expect(intakeAbilities(item(-2, 'u1'), 5, 'u1')).toMatchObject({
      editText: true,
      editProperties: false,
      remove: true,
    });
    expect(intakeAbilities(item(0, 'u1'), 5, 'u1')).toMatchObject({ editText: false, remove: true });
    expect(intakeAbilities(item(-2), 5, 'u1')).toMatchObject({ editText: false, remove: false });
    expect(intakeAbilities(item(-1), 20, 'u1')).toMatchObject({ editText: false, remove: true });
  });
});
