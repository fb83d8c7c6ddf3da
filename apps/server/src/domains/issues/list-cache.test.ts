import http from 'node:http';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LISTENER_NAME } from '../../platform/db/change-feed.ts';
import { issues, states as statesTable } from '../../platform/db/schema.ts';
import { preferredEncoding } from '../../platform/http/pre-rendered-compression.ts';
import { PreRendered } from '../../platform/http/raw-json.ts';
import {
  addMember,
  addProjectMember,
  createProject,
  createWorkspace,
  type SignedIn,
  signUp,
} from '../../test/factories.ts';
import { startSecondNode, startTestApp, type TestApp } from '../../test/test-app.ts';
import {
  ALL_PROJECTS,
  type CachedEntry,
  type CachedList,
  createIssueListCache,
  listCacheKey,
  PROJECT_CHANGES_CHANNEL,
} from './list-cache.ts';
import type { ListShape } from './list-cache-cells.ts';

const page = (n: number): CachedList => ({ page: new PreRendered({ n }), shape: null });
const keptValue = (entry: CachedEntry | undefined) => entry?.list.page.value;

describe('issue list cache', () => {
  it('keeps nothing while the change feed is down, and forgets everything when it comes or goes', () => {
    const cache = createIssueListCache();
    expect(cache.ticket('p')).toBeNull();
    cache.setAvailable(true);
    cache.set(cache.ticket('p')!, 'k', page(1));
    expect(keptValue(cache.get('p', 'k'))).toEqual({ n: 1 });
    cache.setAvailable(false);
    expect(cache.get('p', 'k')).toBeUndefined();
    cache.setAvailable(true);
    expect(cache.get('p', 'k')).toBeUndefined();
  });

  it('does not keep a page read while its project changed, nor across a change of every project', () => {
    const cache = createIssueListCache();
    cache.setAvailable(true);
    const during = cache.ticket('p')!;
    cache.invalidate('p');
    cache.set(during, 'k', page(1));
    expect(cache.get('p', 'k')).toBeUndefined();
    const other = cache.ticket('q')!;
    cache.invalidate('p');
    cache.set(other, 'k', page(2));
    expect(keptValue(cache.get('q', 'k'))).toEqual({ n: 2 });
    const beforeAll = cache.ticket('q')!;
    cache.invalidate(ALL_PROJECTS);
    expect(cache.get('q', 'k')).toBeUndefined();
    cache.set(beforeAll, 'k', page(3));
    expect(cache.get('q', 'k')).toBeUndefined();
  });

  it('keeps a page read during item changes only as far as they leave it right', () => {
    const cache = createIssueListCache();
    cache.setAvailable(true);
    // One group, state "a", its rows all read: an item in "a" before or after changes its rows.
    const shape: ListShape = {
      cells: [{ holds: (f) => f.state_id === 'a', boundary: null }],
      membership: new Set(['state_id']),
      order: null,
      counted: true,
    };
    const board = (recount?: () => Promise<PreRendered>): CachedList => ({
      page: new PreRendered({}),
      shape,
      recount,
    });
    const moved = (from: string, to: string) => ({
      id: 'i',
      before: { state_id: from },
      after: { state_id: to },
    });
    const readDuring = (change: Parameters<typeof cache.itemChanged>[1], list: CachedList, project = 'p') => {
      const ticket = cache.ticket('p')!;
      cache.itemChanged(project, change);
      cache.set(ticket, 'k', list);
      const entry = cache.get('p', 'k');
      cache.invalidate('p');
      return entry ? (entry.countsStale ? 'recount' : 'kept') : 'dropped';
    };
    const recount = async () => new PreRendered({});
    expect(readDuring(moved('a', 'b'), board(recount))).toBe('dropped');
    expect(readDuring(moved('b', 'c'), board(recount))).toBe('kept');
    expect(readDuring({ id: 'i', before: null, after: { state_id: 'b' } }, board(recount))).toBe('kept');
    // An edit of an item the group shows.
    expect(readDuring(moved('a', 'a'), board(recount))).toBe('dropped');
    expect(readDuring(moved('a', 'b'), board(recount), 'q')).toBe('kept');
    const counted: ListShape = {
      ...shape,
      cells: [{ holds: () => true, boundary: 0 }],
      order: { key: 'sort_order', descending: false },
    };
    const far = {
      id: 'i',
      before: { state_id: 'a', sort_order: 5 },
      after: { state_id: 'b', sort_order: 5 },
    };
    expect(readDuring(far, { page: new PreRendered({}), shape: counted, recount })).toBe('recount');
    expect(readDuring(far, { page: new PreRendered({}), shape: counted })).toBe('dropped');
    // A read that began before the oldest change remembered is not kept.
    const old = cache.ticket('p')!;
    for (let i = 0; i < 300; i++) cache.itemChanged('q', moved('x', 'y'));
    cache.set(old, 'k', board(recount));
    expect(cache.get('p', 'k')).toBeUndefined();
  });

  it('drops the least recently used page first, and skips pages larger than its limit', () => {
    const cache = createIssueListCache({ maxEntries: 2, maxChars: 20 });
    cache.setAvailable(true);
    for (const k of ['a', 'b']) cache.set(cache.ticket('p')!, k, page(1));
    cache.get('p', 'a');
    cache.set(cache.ticket('p')!, 'c', page(1));
    expect(['a', 'b', 'c'].map((k) => cache.get('p', k) !== undefined)).toEqual([true, false, true]);
    cache.set(cache.ticket('p')!, 'big', { page: new PreRendered({ text: 'x'.repeat(30) }), shape: null });
    expect(cache.get('p', 'big')).toBeUndefined();
  });

  it('keys a query the same in any parameter order', () => {
    expect(listCacheKey({ query: { a: '1', b: ['x', 'y'] } })).toBe(
      listCacheKey({ query: { b: ['x', 'y'], a: '1' } }),
    );
    expect(listCacheKey({ query: { b: ['y', 'x'] } })).not.toBe(listCacheKey({ query: { b: ['x', 'y'] } }));
  });
});

describe('cached issue lists over HTTP', () => {
  let t: TestApp;
  let owner: SignedIn;
  let slug: string;
  let base: string;
  const board = '/issues/?group_by=state_id&per_page=30&order_by=sort_order';
  beforeEach(async () => {
    t = await startTestApp();
    owner = await signUp(t);
    slug = (await createWorkspace(owner)).slug;
    const project = await createProject(owner, slug);
    base = `/api/workspaces/${slug}/projects/${project.id}`;
  });
  afterEach(() => t.close());

  // The database announces changes after commit, asynchronously; its notifications arrive in commit
  // order, so once a marker sent now is heard, every change announced before it has been too.
  let markers = 0;
  const changesHeard = async () => {
    const marker = `marker-${++markers}`;
    await t.database.raw('select pg_notify($1, $2)', [PROJECT_CHANGES_CHANNEL, marker]);
    await expect
      .poll(() => t.services.issueListCache.ticket(marker)?.generation, { timeout: 2000, interval: 5 })
      .toBe(1);
  };
  const cachedAfterRead = async () => {
    await changesHeard();
    await owner.client.get(`${base}${board}`);
    return t.services.issueListCache.size();
  };
  const names = (body: { results: Record<string, { results: { name: string }[] }> }) =>
    Object.values(body.results)
      .flatMap((g) => g.results.map((r) => r.name))
      .sort();

  it('answers a repeated list from the cache and shows the caller its own writes at once', async () => {
    const first = (await owner.client.post(`${base}/issues/`, { name: 'First' })).body;
    expect(await cachedAfterRead()).toBe(1);
    const before = await owner.client.get(`${base}${board}`);
    expect(names(before.body)).toEqual(['First']);
    expect((await owner.client.get(`${base}${board}`)).text).toBe(before.text);
    expect(t.services.issueListCache.size()).toBe(1);

    // Every kind of write is read back by the next request, however soon it comes.
    await owner.client.post(`${base}/issues/`, { name: 'Second' });
    expect(names((await owner.client.get(`${base}${board}`)).body)).toEqual(['First', 'Second']);
    await owner.client.patch(`${base}/issues/${first.id}/`, { name: 'Renamed' });
    expect(names((await owner.client.get(`${base}${board}`)).body)).toEqual(['Renamed', 'Second']);
    await owner.client.delete(`${base}/issues/${first.id}/`);
    expect(names((await owner.client.get(`${base}${board}`)).body)).toEqual(['Second']);
  });

  it('keeps a board page when an item moves between groups beyond the page, and recounts it', async () => {
    const states = (await owner.client.get(`${base}/states/`)).body as { id: string; group: string }[];
    const [from, to] = [
      states.find((s) => s.group === 'backlog')!,
      states.find((s) => s.group === 'started')!,
    ];
    const made: { id: string; name: string }[] = [];
    for (const state of [from, to]) {
      for (let i = 0; i < 4; i++) {
        made.push(
          (await owner.client.post(`${base}/issues/`, { name: `${state.group} ${i}`, state_id: state.id }))
            .body,
        );
      }
    }
    const small = '/issues/?group_by=state_id&per_page=2&order_by=sort_order';
    const read = async () => (await owner.client.get(`${base}${small}`)).body;
    await changesHeard();
    const before = await read();
    expect(t.services.issueListCache.size()).toBe(1);
    // The last of the backlog (past its page of two and the one read beyond it) moves to the end of "started".
    await owner.client.patch(`${base}/issues/${made[3]!.id}/`, { state_id: to.id });
    expect(t.services.issueListCache.size()).toBe(1);
    const after = await read();
    expect(after.results[from.id].results).toEqual(before.results[from.id].results);
    expect([after.results[from.id].total_results, after.results[to.id].total_results]).toEqual([3, 5]);
    t.services.issueListCache.invalidate(base.split('/').pop()!);
    expect(await read()).toEqual(after);
    // An item on the page changes: the page goes.
    await owner.client.patch(`${base}/issues/${made[0]!.id}/`, { name: 'Renamed' });
    expect(t.services.issueListCache.size()).toBe(0);
    expect(names(await read())).toContain('Renamed');
  });

  it('keeps a search while items it does not find change, and drops it for one it now finds', async () => {
    const other = (await owner.client.post(`${base}/issues/`, { name: 'Other' })).body;
    await owner.client.post(`${base}/issues/`, { name: 'Login page' });
    const search = async () =>
      ((await owner.client.get(`${base}/search-issues/?search=LOGIN`)).body as { name: string }[]).map(
        (h) => h.name,
      );
    await changesHeard();
    expect(await search()).toEqual(['Login page']);
    expect(t.services.issueListCache.size()).toBe(1);
    await owner.client.patch(`${base}/issues/${other.id}/`, { priority: 'high' });
    expect(t.services.issueListCache.size()).toBe(1);
    await owner.client.patch(`${base}/issues/${other.id}/`, { name: 'Login form' });
    expect(t.services.issueListCache.size()).toBe(0);
    expect(await search()).toEqual(['Login form', 'Login page']);
  });

  it('hears what the database’s triggers announce: a state moved to another group (PGlite and PostgreSQL)', async () => {
    const states = (await owner.client.get(`${base}/states/`)).body as { id: string; group: string }[];
    const backlog = states.find((s) => s.group === 'backlog')!;
    await owner.client.post(`${base}/issues/`, { name: 'Waiting', state_id: backlog.id });
    const groupOf = async () =>
      (
        (await owner.client.get(`${base}${board}`)).body.results[backlog.id].results[0] as {
          state__group: string;
        }
      ).state__group;
    expect(await groupOf()).toBe('backlog');
    await t.services.db.update(statesTable).set({ group: 'unstarted' }).where(eq(statesTable.id, backlog.id));
    await expect.poll(groupOf, { timeout: 2000, interval: 20 }).toBe('unstarted');
  });

  it('shows a write made through another app process at once, from that process’s cache (PostgreSQL)', async () => {
    const nodeB = await startSecondNode(t);
    if (!nodeB) return;
    try {
      const onB = owner.client.sessionOn(nodeB.baseUrl);
      const issue = (await owner.client.post(`${base}/issues/`, { name: 'Before' })).body;
      expect(names((await onB.get(`${base}${board}`)).body)).toEqual(['Before']);
      // Each rename answered by node A is on node B's very next read, though B answers from its
      // cache: A's answer waits for its announcement, and B hears all announced before it reads.
      let fromCache = 0;
      for (let i = 1; i <= 20; i++) {
        const name = `Renamed ${i}`;
        expect((await owner.client.patch(`${base}/issues/${issue.id}/`, { name })).status).toBe(200);
        expect(names((await onB.get(`${base}${board}`)).body)).toEqual([name]);
        const sizeAfterFirstRead = nodeB.services.issueListCache.size();
        expect(names((await onB.get(`${base}${board}`)).body)).toEqual([name]);
        if (sizeAfterFirstRead === 1) fromCache++;
      }
      // The second read of each round came from B's cache (kept by the first), not the database.
      expect(fromCache).toBeGreaterThan(15);
    } finally {
      await nodeB.close();
    }
  });

  it('keeps a guest’s own-items page apart: a guest sees only what the guest created', async () => {
    const guest = await addMember(t, owner, slug, 5);
    await addProjectMember(owner, slug, base.split('/').pop()!, guest.user.id, 5);
    await owner.client.post(`${base}/issues/`, { name: 'Admin item' });
    expect(names((await owner.client.get(`${base}${board}`)).body)).toEqual(['Admin item']);
    expect(names((await guest.client.get(`${base}${board}`)).body)).toEqual([]);
    expect(names((await owner.client.get(`${base}${board}`)).body)).toEqual(['Admin item']);
  });

  it('sends a list compressed as the client asks, the same JSON in every encoding', async () => {
    for (let i = 0; i < 12; i++) await owner.client.post(`${base}/issues/`, { name: `Item ${i}` });
    // node:http, not fetch: fetch decodes the body and would hide what was sent.
    const get = (encoding: string) =>
      new Promise<{ encoding: string | undefined; raw: Buffer }>((resolve, reject) => {
        const cookie = [...owner.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
        http
          .get(
            `${t.baseUrl}${base}${board}`,
            { headers: { Cookie: cookie, 'Accept-Encoding': encoding } },
            (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (c: Buffer) => chunks.push(c));
              res.on('end', () =>
                resolve({ encoding: res.headers['content-encoding'], raw: Buffer.concat(chunks) }),
              );
            },
          )
          .on('error', reject);
      });
    const plain = await get('identity');
    expect(plain.encoding).toBeUndefined();
    const br = await get('gzip, br');
    expect(br.encoding).toBe('br');
    expect(zlib.brotliDecompressSync(br.raw).toString()).toBe(plain.raw.toString());
    const gzip = await get('gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(zlib.gunzipSync(gzip.raw).toString()).toBe(plain.raw.toString());
    expect(JSON.parse(plain.raw.toString()).total_count).toBe(12);
  });

  it('stops caching while the change feed is down and starts again, empty, once it is back', async () => {
    if (t.database.kind !== 'postgres') return;
    await owner.client.post(`${base}/issues/`, { name: 'One' });
    expect(await cachedAfterRead()).toBe(1);
    await t.database.raw(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = current_database() and application_name = $1`,
      [LISTENER_NAME],
    );
    await expect
      .poll(() => t.services.issueListCache.ticket('x'), { timeout: 2000, interval: 10 })
      .toBeNull();
    expect(t.services.issueListCache.size()).toBe(0);
    // Back within the retry delay, and lists are still right meanwhile.
    await t.services.db.update(issues).set({ name: 'Two' });
    expect(names((await owner.client.get(`${base}${board}`)).body)).toEqual(['Two']);
    await expect
      .poll(() => t.services.issueListCache.ticket('x'), { timeout: 5000, interval: 20 })
      .not.toBeNull();
    expect(await cachedAfterRead()).toBe(1);
  });
});

describe('pre-rendered list compression', () => {
  it('prefers br, honours q-values and refuses what the client refuses', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(preferredEncoding('deflate')).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
  });
});
