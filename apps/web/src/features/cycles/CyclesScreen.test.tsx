import type { Cycle } from '@kite/shared/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fakeApi.ts';
import { makeProject, makeWorkspace, signedIntoAcme } from '../../test/fixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';

vi.mock('../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api.ts')>()),
  api: (await import('../../test/fakeApi.ts')).fakeApi.client,
}));

const P = '/api/workspaces/acme/projects/p1';
// The signed-in user of the fixtures is u1.
const ME = 'u1';
const OTHER = 'u2';

const cycle = (id: string, name: string, owned_by_id: string, created_by: string) =>
  ({
    id,
    name,
    project_id: 'p1',
    status: 'current',
    start_date: '2026-01-01',
    end_date: '2026-12-31',
    sort_order: 1,
    archived_at: null,
    is_favorite: false,
    owned_by_id,
    created_by,
    created_at: `2026-01-0${id.slice(1)}T00:00:00.000Z`,
    total_issues: 0,
    completed_issues: 0,
    cancelled_issues: 0,
    started_issues: 0,
    unstarted_issues: 0,
    backlog_issues: 0,
  }) as unknown as Cycle;

function setup(role: number, cycles: Cycle[]) {
  const project = makeProject({ member_role: role, cycle_view: true });
  signedIntoAcme(fakeApi, makeWorkspace())
    .on('GET', '/api/workspaces/acme/projects/', [project])
    .on('GET', `${P}/`, project)
    .on('GET', `${P}/cycles/`, cycles);
}

/** The row's action menu items, or null when the row has no menu. */
async function actionsOf(name: string): Promise<string[] | null> {
  await screen.findByRole('link', { name }, { timeout: 15_000 });
  const trigger = screen.queryByRole('button', { name: `Actions for ${name}` });
  if (!trigger) return null;
  await userEvent.click(trigger);
  const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent?.trim() ?? '');
  await userEvent.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  return items;
}

describe('the cycle actions follow cycleRights (api.md §6: delete needs the owner or an admin)', () => {
  beforeEach(() => fakeApi.reset());

  it('offers Delete to a plain member who owns the cycle, even one someone else created', async () => {
    setup(15, [cycle('c1', 'Given to me', ME, OTHER), cycle('c2', 'Mine', ME, ME)]);
    renderApp('/acme/projects/p1/cycles');
    expect(await actionsOf('Given to me')).toEqual(['Edit', 'Delete']);
    expect(await actionsOf('Mine')).toEqual(['Edit', 'Delete']);
  });

  it('offers a member who neither owns the cycle nor made it only Edit', async () => {
    setup(15, [cycle('c1', 'Theirs', OTHER, OTHER)]);
    renderApp('/acme/projects/p1/cycles');
    expect(await actionsOf('Theirs')).toEqual(['Edit']);
  });

  it('does not offer Delete to the creator who handed the cycle to someone else, as the server refuses it', async () => {
    setup(15, [cycle('c1', 'Handed over', OTHER, ME)]);
    renderApp('/acme/projects/p1/cycles');
    expect(await actionsOf('Handed over')).toEqual(['Edit']);
  });

  it('offers an admin Delete on any cycle, and a viewer no actions at all', async () => {
    setup(20, [cycle('c1', 'Theirs', OTHER, OTHER)]);
    const admin = renderApp('/acme/projects/p1/cycles');
    expect(await actionsOf('Theirs')).toEqual(['Edit', 'Delete']);
    admin.unmount();

    fakeApi.reset();
    setup(10, [cycle('c1', 'Theirs', OTHER, ME)]);
    renderApp('/acme/projects/p1/cycles');
    expect(await actionsOf('Theirs')).toBeNull();
  });

  it('deletes the cycle its member owner chose to delete', async () => {
    setup(15, [cycle('c1', 'Given to me', ME, OTHER)]);
    fakeApi.on('DELETE', `${P}/cycles/c1/`, null);
    renderApp('/acme/projects/p1/cycles');
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Given to me' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete cycle' }));
    await waitFor(() => expect(fakeApi.callsTo('DELETE', `${P}/cycles/c1/`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Given to me' })).toBeNull());
  });

  it('shows the active cycle’s urgent and high-priority items, read with priority=urgent,high', async () => {
    setup(15, [cycle('c1', 'Sprint 9', ME, ME)]);
    const row = (id: string, name: string, priority: string, sequence_id: number) => ({
      id,
      name,
      priority,
      sequence_id,
      project_id: 'p1',
    });
    fakeApi.on('GET', `${P}/cycles/c1/cycle-issues/`, {
      results: [row('i1', 'Checkout crashes', 'urgent', 12), row('i2', 'Slow search', 'high', 7)],
      total_count: 6,
    });
    renderApp('/acme/projects/p1/cycles');
    const panel = await screen.findByRole(
      'region',
      { name: 'Priority work items in Sprint 9' },
      { timeout: 15_000 },
    );
    const link = await within(panel).findByRole('link', { name: /Checkout crashes/ });
    expect(link.textContent).toContain('MOB-12');
    expect(link.getAttribute('href')).toBe('/acme/projects/p1/issues/i1');
    expect(within(panel).getByText("4 more in the cycle's list.")).toBeTruthy();
    const asked = new URLSearchParams(
      fakeApi.callsTo('GET', `${P}/cycles/c1/cycle-issues/`)[0]!.path.split('?')[1],
    );
    expect(asked.get('priority')).toBe('urgent,high');
  });
});
