import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ROLE } from '@kite/shared/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, addProjectMember, createProject, createWorkspace, signUp } from '../../test/factories.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { signBody } from './github-sync.policy.ts';

/**
 * GitHub repository sync (api.md §4.9) against a fake GitHub on loopback: linking checks the token
 * against the repository, the import runs as a job (issues, comments, closed → completed, pull
 * requests skipped, repeatable without duplicates), the inbound webhook is signature-checked and
 * idempotent, state changes made here reach GitHub once and GitHub's own are not sent back.
 */

interface FakeIssue {
  id: number;
  number: number;
  title: string;
  body: string | null;
  state: 'open' | 'closed';
  comments: number;
  pull_request?: { url: string };
  user: { login: string };
}
interface FakeComment {
  id: number;
  body: string;
  user: { login: string };
}
interface Recorded {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const TOKEN = 'ghp_fakeTokenValue1234567890abcdefXYZ';
/** The fake's page size: small, so the import has to follow `Link: rel="next"`. */
const PAGE = 2;

/** A fake GitHub REST API: one repository per `owner/name`, the endpoints the sync uses, every request kept. */
function startFakeGithub() {
  const repos = new Map<string, { id: number; issues: FakeIssue[]; comments: Map<number, FakeComment[]> }>();
  const requests: Recorded[] = [];
  let base = '';
  const json = (
    res: http.ServerResponse,
    status: number,
    data: unknown,
    headers: Record<string, string> = {},
  ) => res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(data));
  const paged = (res: http.ServerResponse, url: URL, items: unknown[]) => {
    const page = Number(url.searchParams.get('page') ?? '1');
    const slice = items.slice((page - 1) * PAGE, page * PAGE);
    const headers: Record<string, string> = {};
    if (page * PAGE < items.length) {
      const next = new URL(url.href);
      next.searchParams.set('page', String(page + 1));
      headers.link = `<${next.href}>; rel="next", <${base}${url.pathname}?page=99>; rel="last"`;
    }
    json(res, 200, slice, headers);
  };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', base);
      requests.push({
        method: req.method ?? '',
        path: url.pathname + url.search,
        headers: req.headers,
        body,
      });
      if (req.headers.authorization !== `Bearer ${TOKEN}`)
        return json(res, 401, { message: 'Bad credentials' });
      const match = /^\/repos\/([^/]+)\/([^/]+)(\/issues(?:\/(\d+)(\/comments)?)?)?$/.exec(url.pathname);
      const repo = match && repos.get(`${match[1]}/${match[2]}`);
      if (!match || !repo) return json(res, 404, { message: 'Not Found' });
      if (!match[3] && req.method === 'GET') return json(res, 200, { id: repo.id, name: match[2] });
      if (match[3] === '/issues' && req.method === 'GET') return paged(res, url, repo.issues);
      const issue = repo.issues.find((i) => i.number === Number(match[4]));
      if (!issue) return json(res, 404, { message: 'Not Found' });
      if (match[5] && req.method === 'GET') return paged(res, url, repo.comments.get(issue.number) ?? []);
      if (!match[5] && req.method === 'PATCH') {
        issue.state = JSON.parse(body).state;
        return json(res, 200, issue);
      }
      json(res, 404, { message: 'Not Found' });
    });
  });
  return new Promise<{
    url: string;
    repos: typeof repos;
    requests: Recorded[];
    close: () => Promise<void>;
  }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      resolve({
        url: base,
        repos,
        requests,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

type FakeGithub = Awaited<ReturnType<typeof startFakeGithub>>;

let github: FakeGithub;
let t: TestApp; // WEBHOOK_ALLOW_PRIVATE=1: may call the fake GitHub on loopback
let strict: TestApp; // the default egress rules: loopback refused
let repoCounter = 0;

beforeAll(async () => {
  github = await startFakeGithub();
  [t, strict] = await Promise.all([
    startTestApp({ WEBHOOK_ALLOW_PRIVATE: '1', GITHUB_API_URL: github.url }),
    startTestApp({ GITHUB_API_URL: github.url }),
  ]);
}, 120_000);
afterAll(async () => {
  await Promise.all([t?.close(), strict?.close(), github?.close()]);
});

/** A repository on the fake: two open issues and a closed one, with comments, and a pull request. */
function makeRepository() {
  repoCounter += 1;
  const owner = `octo-${repoCounter}`;
  const name = 'hello-world';
  const id = 1000 + repoCounter;
  const n = repoCounter * 100;
  const issues: FakeIssue[] = [
    {
      id: n + 1,
      number: 1,
      title: 'First bug',
      body: 'It **breaks** <script>alert(1)</script>\n\n- one\n- two',
      state: 'open',
      comments: 3,
      user: { login: 'alice' },
    },
    {
      id: n + 2,
      number: 2,
      title: 'A pull request',
      body: 'Fixes #1',
      state: 'open',
      comments: 0,
      pull_request: { url: 'x' },
      user: { login: 'bob' },
    },
    {
      id: n + 3,
      number: 3,
      title: 'Old closed one',
      body: null,
      state: 'closed',
      comments: 0,
      user: { login: 'carol' },
    },
    {
      id: n + 4,
      number: 4,
      title: 'Second open one',
      body: 'Plain text',
      state: 'open',
      comments: 0,
      user: { login: 'alice' },
    },
  ];
  const comments = new Map<number, FakeComment[]>([
    [
      1,
      [
        { id: n + 51, body: 'Me too', user: { login: 'dave' } },
        { id: n + 52, body: 'Seen on *Linux*', user: { login: 'erin' } },
        { id: n + 53, body: 'Third', user: { login: 'frank' } },
      ],
    ],
  ]);
  github.repos.set(`${owner}/${name}`, { id, issues, comments });
  return { owner, name, id, url: `https://github.com/${owner}/${name}` };
}

async function setUp(app: TestApp = t) {
  const owner = await signUp(app);
  const slug = (await createWorkspace(owner)).slug;
  const project = await createProject(owner, slug);
  const p = `/api/workspaces/${slug}/projects/${project.id}`;
  const repo = makeRepository();
  const body = {
    name: repo.name,
    owner: repo.owner,
    url: repo.url,
    repository_id: repo.id,
    credentials: { access_token: TOKEN },
  };
  return { owner, slug, project, p, repo, body };
}

type Setup = Awaited<ReturnType<typeof setUp>>;

async function link(s: Setup) {
  const res = await s.owner.client.post(`${s.p}/github-repository-sync/`, s.body);
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; webhook_url: string; webhook_secret: string; label: string };
}

/** Runs the outbox (state pushes are queued from it), then the sync's jobs. */
async function runJobs(app: TestApp = t) {
  await app.services.outboxWorker.drain();
  await app.services.githubSyncWorker.drain();
  await app.services.outboxWorker.drain();
  await app.services.githubSyncWorker.drain();
}

interface Item {
  id: string;
  name: string;
  state_id: string;
  state__group: string;
  label_ids: string[];
  external_source: string | null;
  external_id: string | null;
  description_html: string;
}

async function items(s: Setup): Promise<Item[]> {
  const res = await s.owner.client.get(`${s.p}/issues/?per_page=100`);
  expect(res.status, res.text).toBe(200);
  const rows = res.body.results as Item[];
  return Promise.all(rows.map(async (row) => (await s.owner.client.get(`${s.p}/issues/${row.id}/`)).body));
}

const byExternal = (list: Item[], id: number) => list.find((i) => i.external_id === String(id));
const patches = (repo: { owner: string; name: string }) =>
  github.requests.filter(
    (r) => r.method === 'PATCH' && r.path.startsWith(`/repos/${repo.owner}/${repo.name}/`),
  );

/** Delivers a webhook as GitHub would: JSON body, signed with the secret unless told otherwise. */
async function deliver(
  url: string,
  event: string,
  payload: unknown,
  options: { secret?: string; delivery?: string; signature?: string | null } = {},
) {
  const body = JSON.stringify(payload);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-github-event': event,
    'x-github-delivery': options.delivery ?? crypto.randomUUID(),
  };
  const signature =
    options.signature === undefined ? signBody(options.secret ?? '', body) : options.signature;
  if (signature !== null) headers['x-hub-signature-256'] = signature;
  const res = await fetch(url, { method: 'POST', headers, body });
  const text = await res.text();
  return { status: res.status, text, body: text ? JSON.parse(text) : undefined };
}

const webhookUrlIn = (app: TestApp, sync: { webhook_url: string }) =>
  `${app.baseUrl}${new URL(sync.webhook_url).pathname}`;

describe('linking a repository', () => {
  it('imports issues and comments once, as a job, labelled and with their state', async () => {
    const s = await setUp();
    const before = github.requests.length;
    const sync = await link(s);
    expect(sync).toMatchObject({
      repository: { name: s.repo.name, owner: s.repo.owner, url: s.repo.url, repository_id: s.repo.id },
      actor: s.owner.user.id,
      import_status: 'queued',
    });
    expect(sync.webhook_url).toMatch(new RegExp(`/api/github/webhook/${sync.id}/$`));
    expect(sync.webhook_secret).toMatch(/^[0-9a-f]{64}$/);
    // The token was checked against the repository, with GitHub's headers; nothing imported yet.
    const check = github.requests.slice(before);
    expect(check.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /repos/${s.repo.owner}/${s.repo.name}`]);
    expect(check[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(check[0]!.headers.accept).toBe('application/vnd.github+json');
    expect(await items(s)).toHaveLength(0);

    await runJobs();
    const list = await items(s);
    // The pull request is skipped: three work items.
    expect(list.map((i) => i.name).sort()).toEqual(['First bug', 'Old closed one', 'Second open one']);
    const label = (await s.owner.client.get(`${s.p}/issue-labels/`)).body.find(
      (l: { id: string }) => l.id === sync.label,
    );
    expect(label.name).toBe('GitHub');
    for (const item of list) {
      expect(item.label_ids).toEqual([sync.label]);
      expect(item.external_source).toBe('github');
    }
    const n = repoCounter * 100;
    expect(byExternal(list, n + 3)!.state__group).toBe('completed');
    expect(byExternal(list, n + 1)!.state__group).not.toBe('completed');
    const first = byExternal(list, n + 1)!;
    expect(first.description_html).toContain('<strong>breaks</strong>');
    expect(first.description_html).toContain('<li>one</li>');
    expect(first.description_html).not.toContain('<script');

    // Issues and comments were read page by page (Link rel="next").
    const issuePages = github.requests.filter((r) =>
      r.path.startsWith(`/repos/${s.repo.owner}/${s.repo.name}/issues?`),
    );
    expect(issuePages).toHaveLength(2);
    const comments = (await s.owner.client.get(`${s.p}/issues/${first.id}/comments/`)).body as {
      comment_html: string;
      external_id: string;
      actor: string;
    }[];
    expect(comments.map((c) => c.external_id).sort()).toEqual([`${n + 51}`, `${n + 52}`, `${n + 53}`]);
    const linux = comments.find((c) => c.external_id === `${n + 52}`)!;
    expect(linux.comment_html).toContain('@erin');
    expect(linux.comment_html).toContain('<em>Linux</em>');
    expect(linux.actor).toBe(s.owner.user.id);

    const listed = await s.owner.client.get(`${s.p}/github-repository-sync/`);
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(1);
    expect(listed.body[0]).toMatchObject({
      id: sync.id,
      import_status: 'completed',
      webhook_url: sync.webhook_url,
    });
    expect(listed.body[0].webhook_secret).toBeUndefined();

    // The import again (as a retry would run it): nothing doubles.
    await t.database.raw(
      `insert into github_sync_jobs (workspace_id, sync_id, kind) select workspace_id, id, 'import' from github_repository_syncs where id = $1`,
      [sync.id],
    );
    await runJobs();
    const again = await items(s);
    expect(again).toHaveLength(3);
    const commentsAgain = await s.owner.client.get(`${s.p}/issues/${first.id}/comments/`);
    expect(commentsAgain.body).toHaveLength(3);
    // Nothing was pushed back to GitHub by the import.
    expect(patches(s.repo)).toHaveLength(0);
  });

  it('never answers or stores the token in clear', async () => {
    const s = await setUp();
    const created = await s.owner.client.post(`${s.p}/github-repository-sync/`, s.body);
    expect(created.status).toBe(201);
    const listed = await s.owner.client.get(`${s.p}/github-repository-sync/`);
    for (const res of [created, listed]) {
      expect(res.text).not.toContain(TOKEN);
      expect(res.text).not.toContain('access_token');
    }
    const rows = await t.database.raw<{ j: string }>(
      'select row_to_json(s)::text as j from github_repository_syncs s where id = $1',
      [created.body.id],
    );
    expect(rows[0]!.j).not.toContain(TOKEN);
    expect(rows[0]!.j).not.toContain(created.body.webhook_secret);
    expect(rows[0]!.j).toContain('v1:');
  });

  it('refuses bad input, a token GitHub rejects, an unknown repository, a wrong id and a second link', async () => {
    const s = await setUp();
    const url = `${s.p}/github-repository-sync/`;
    const missing = await s.owner.client.post(url, { ...s.body, credentials: undefined });
    expect(missing.status).toBe(400);
    expect(missing.body.error_code).toBe('VALIDATION_ERROR');
    expect(Object.keys(missing.body.fields)).toContain('credentials');
    const badName = await s.owner.client.post(url, { ...s.body, owner: 'not/a/name' });
    expect(badName.status).toBe(400);
    expect(badName.body.fields.owner).toBeDefined();

    const wrongToken = await s.owner.client.post(url, { ...s.body, credentials: { access_token: 'nope' } });
    expect(wrongToken.status).toBe(400);
    expect(wrongToken.body.error).toBe('GitHub did not accept the access token');
    const unknown = await s.owner.client.post(url, { ...s.body, name: 'no-such-repo' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatch(/Repository not found on GitHub/);
    const wrongId = await s.owner.client.post(url, { ...s.body, repository_id: 42 });
    expect(wrongId.status).toBe(400);
    expect(wrongId.body.fields.repository_id).toMatch(/Does not match/);
    expect((await s.owner.client.get(url)).body).toEqual([]);

    await link(s);
    const second = await s.owner.client.post(url, s.body);
    expect(second.status).toBe(409);
    expect(second.body.error).toBe('Project is already linked to a repository');
  });

  it('is for project admins: members are refused, other workspaces and anonymous callers too', async () => {
    const s = await setUp();
    const member = await addMember(t, s.owner, s.slug, ROLE.MEMBER);
    await addProjectMember(s.owner, s.slug, s.project.id, member.user.id, ROLE.MEMBER);
    const url = `${s.p}/github-repository-sync/`;
    expect((await member.client.get(url)).status).toBe(403);
    expect((await member.client.post(url, s.body)).status).toBe(403);

    const stranger = await signUp(t);
    await createWorkspace(stranger);
    expect((await stranger.client.get(url)).status).toBe(404);
    expect((await stranger.client.post(url, s.body)).status).toBe(404);
    const anonymous = await fetch(`${t.baseUrl}${url}`);
    expect(anonymous.status).toBe(401);
    expect(github.requests.some((r) => r.path.startsWith(`/repos/${s.repo.owner}/`))).toBe(false);
  });

  it('refuses a GitHub API address the egress guard blocks (loopback without the opt-in)', async () => {
    const s = await setUp(strict);
    const before = github.requests.length;
    const res = await s.owner.client.post(`${s.p}/github-repository-sync/`, s.body);
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe('BLOCKED_DESTINATION');
    expect(github.requests.length).toBe(before);
    expect((await s.owner.client.get(`${s.p}/github-repository-sync/`)).body).toEqual([]);
  });
});

describe('the inbound webhook', () => {
  it('checks the signature and applies issue and comment events once', async () => {
    const s = await setUp();
    const sync = await link(s);
    await runJobs();
    const url = webhookUrlIn(t, sync);
    const repository = { id: s.repo.id, full_name: `${s.repo.owner}/${s.repo.name}` };
    const n = repoCounter * 100;
    const opened = {
      action: 'opened',
      repository,
      issue: {
        id: n + 9,
        number: 9,
        title: 'Made on GitHub',
        body: 'Hello _there_',
        state: 'open',
        comments: 0,
      },
    };

    const unsigned = await deliver(url, 'issues', opened, { signature: null });
    expect(unsigned.status).toBe(401);
    const forged = await deliver(url, 'issues', opened, { secret: 'not the secret' });
    expect(forged.status).toBe(403);
    const unknownSync = await deliver(
      `${t.baseUrl}/api/github/webhook/${crypto.randomUUID()}/`,
      'issues',
      opened,
      {
        secret: sync.webhook_secret,
      },
    );
    expect(unknownSync.status).toBe(404);
    expect(byExternal(await items(s), n + 9)).toBeUndefined();

    const delivery = crypto.randomUUID();
    const ok = await deliver(url, 'issues', opened, { secret: sync.webhook_secret, delivery });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toEqual({ status: 'processed' });
    const made = byExternal(await items(s), n + 9)!;
    expect(made.name).toBe('Made on GitHub');
    expect(made.description_html).toContain('<em>there</em>');
    expect(made.label_ids).toEqual([sync.label]);

    // GitHub redelivers: nothing happens twice.
    const redelivered = await deliver(url, 'issues', opened, { secret: sync.webhook_secret, delivery });
    expect(redelivered.body).toEqual({ status: 'duplicate' });
    expect((await items(s)).filter((i) => i.external_id === `${n + 9}`)).toHaveLength(1);

    const edited = await deliver(
      url,
      'issues',
      { ...opened, action: 'edited', issue: { ...opened.issue, title: 'Renamed on GitHub' } },
      { secret: sync.webhook_secret },
    );
    expect(edited.status).toBe(200);
    expect(byExternal(await items(s), n + 9)!.name).toBe('Renamed on GitHub');

    const comment = { id: n + 77, body: 'From **GitHub**', user: { login: 'grace' } };
    const commented = await deliver(
      url,
      'issue_comment',
      { action: 'created', repository, issue: opened.issue, comment },
      { secret: sync.webhook_secret },
    );
    expect(commented.status).toBe(200);
    const commentsUrl = `${s.p}/issues/${made.id}/comments/`;
    let comments = (await s.owner.client.get(commentsUrl)).body;
    expect(comments).toHaveLength(1);
    expect(comments[0].comment_html).toContain('@grace');
    await deliver(
      url,
      'issue_comment',
      { action: 'edited', repository, issue: opened.issue, comment: { ...comment, body: 'Changed' } },
      { secret: sync.webhook_secret },
    );
    comments = (await s.owner.client.get(commentsUrl)).body;
    expect(comments).toHaveLength(1);
    expect(comments[0].comment_html).toContain('Changed');

    // Other events and pings are acknowledged and ignored.
    const ping = await deliver(url, 'ping', { zen: 'Keep it simple' }, { secret: sync.webhook_secret });
    expect(ping.status).toBe(202);
    const push = await deliver(url, 'push', { ref: 'main' }, { secret: sync.webhook_secret });
    expect(push.status).toBe(202);
  });

  it('makes an item and its link in one transaction: when the link is refused, no item is left', async () => {
    const s = await setUp();
    const sync = await link(s);
    await runJobs();
    const n = repoCounter * 100;
    const url = webhookUrlIn(t, sync);
    const opened = {
      action: 'opened',
      repository: { id: s.repo.id },
      issue: { id: n + 31, number: 31, title: 'Linked or not at all', body: 'x', state: 'open', comments: 0 },
    };
    // The database refuses this item's link, the step after the item's own insert.
    await t.database.raw(`create function refuse_link() returns trigger language plpgsql as $$
      begin
        if new.github_issue_id = ${n + 31} then raise exception 'link refused'; end if;
        return new;
      end $$`);
    await t.database.raw(
      'create trigger refuse_link before insert on github_issue_links for each row execute function refuse_link()',
    );
    const delivery = crypto.randomUUID();
    try {
      const failed = await deliver(url, 'issues', opened, { secret: sync.webhook_secret, delivery });
      expect(failed.status).toBe(500);
      expect(byExternal(await items(s), n + 31)).toBeUndefined();
    } finally {
      await t.database.raw('drop trigger refuse_link on github_issue_links');
      await t.database.raw('drop function refuse_link()');
    }
    // GitHub delivers it again (the failed delivery was not recorded): one item, linked.
    const again = await deliver(url, 'issues', opened, { secret: sync.webhook_secret, delivery });
    expect(again.body).toEqual({ status: 'processed' });
    expect((await items(s)).filter((i) => i.external_id === `${n + 31}`)).toHaveLength(1);
  });

  it('moves an item when GitHub closes or reopens it, without echoing the change back', async () => {
    const s = await setUp();
    const sync = await link(s);
    await runJobs();
    const n = repoCounter * 100;
    const url = webhookUrlIn(t, sync);
    const repository = { id: s.repo.id };
    const issue = { id: n + 1, number: 1, title: 'First bug', body: 'x', state: 'closed', comments: 3 };
    const closed = await deliver(
      url,
      'issues',
      { action: 'closed', repository, issue },
      { secret: sync.webhook_secret },
    );
    expect(closed.status, closed.text).toBe(200);
    expect(byExternal(await items(s), n + 1)!.state__group).toBe('completed');
    await runJobs();
    expect(patches(s.repo)).toHaveLength(0);

    const reopened = await deliver(
      url,
      'issues',
      { action: 'reopened', repository, issue: { ...issue, state: 'open' } },
      { secret: sync.webhook_secret },
    );
    expect(reopened.status).toBe(200);
    expect(byExternal(await items(s), n + 1)!.state__group).not.toBe('completed');
    await runJobs();
    expect(patches(s.repo)).toHaveLength(0);
  });
});

describe('deletions and unlinking', () => {
  it('deletes the work item and the comment GitHub deleted, once, and ignores what it never had', async () => {
    const s = await setUp();
    const sync = await link(s);
    await runJobs();
    const n = repoCounter * 100;
    const url = webhookUrlIn(t, sync);
    const repository = { id: s.repo.id };
    const first = byExternal(await items(s), n + 1)!;
    const issue = { id: n + 1, number: 1, title: 'First bug', body: 'x', state: 'open', comments: 3 };
    const commentsUrl = `${s.p}/issues/${first.id}/comments/`;
    expect((await s.owner.client.get(commentsUrl)).body).toHaveLength(3);

    const commentGone = await deliver(
      url,
      'issue_comment',
      { action: 'deleted', repository, issue, comment: { id: n + 52, body: 'Seen on *Linux*' } },
      { secret: sync.webhook_secret },
    );
    expect(commentGone.body).toEqual({ status: 'processed' });
    const left = (await s.owner.client.get(commentsUrl)).body as { comment_html: string }[];
    expect(left.map((c) => c.comment_html).join(' ')).not.toContain('Linux');
    expect(left).toHaveLength(2);
    const unknownComment = await deliver(
      url,
      'issue_comment',
      { action: 'deleted', repository, issue, comment: { id: n + 99, body: 'never synced' } },
      { secret: sync.webhook_secret },
    );
    expect(unknownComment.body).toEqual({ status: 'ignored' });

    const issueGone = await deliver(
      url,
      'issues',
      { action: 'deleted', repository, issue },
      { secret: sync.webhook_secret },
    );
    expect(issueGone.body).toEqual({ status: 'processed' });
    expect(byExternal(await items(s), n + 1)).toBeUndefined();
    expect((await s.owner.client.get(`${s.p}/issues/${first.id}/`)).status).toBe(404);
    // The other synced items stay; a repeat of the deletion finds nothing left to delete.
    expect(byExternal(await items(s), n + 4)).toBeDefined();
    const again = await deliver(
      url,
      'issues',
      { action: 'deleted', repository, issue },
      { secret: sync.webhook_secret },
    );
    expect(again.body).toEqual({ status: 'ignored' });
    await runJobs();
    expect(patches(s.repo)).toHaveLength(0);
  });

  it('deletes the item and its link in one transaction: when the link stays, so does the item', async () => {
    const s = await setUp();
    const sync = await link(s);
    await runJobs();
    const n = repoCounter * 100;
    const url = webhookUrlIn(t, sync);
    const issue = { id: n + 4, number: 4, title: 'Second open one', body: 'x', state: 'open', comments: 0 };
    const deleted = { action: 'deleted', repository: { id: s.repo.id }, issue };
    const item = byExternal(await items(s), n + 4)!;
    // The database refuses to drop this item's link, the step after the item's deletion.
    await t.database.raw(`create function keep_link() returns trigger language plpgsql as $$
      begin
        if old.github_issue_id = ${n + 4} then raise exception 'link kept'; end if;
        return old;
      end $$`);
    await t.database.raw(
      'create trigger keep_link before delete on github_issue_links for each row execute function keep_link()',
    );
    try {
      const failed = await deliver(url, 'issues', deleted, { secret: sync.webhook_secret });
      expect(failed.status).toBe(500);
      expect((await s.owner.client.get(`${s.p}/issues/${item.id}/`)).status).toBe(200);
    } finally {
      await t.database.raw('drop trigger keep_link on github_issue_links');
      await t.database.raw('drop function keep_link()');
    }
    const again = await deliver(url, 'issues', deleted, { secret: sync.webhook_secret });
    expect(again.body).toEqual({ status: 'processed' });
    expect((await s.owner.client.get(`${s.p}/issues/${item.id}/`)).status).toBe(404);
  });

  it('unlinks for a project admin only: deliveries stop, synced items stay, and it can be linked again', async () => {
    const s = await setUp();
    const sync = await link(s);
    await runJobs();
    const n = repoCounter * 100;
    const url = webhookUrlIn(t, sync);
    const member = await addMember(t, s.owner, s.slug, ROLE.MEMBER);
    await addProjectMember(s.owner, s.slug, s.project.id, member.user.id, ROLE.MEMBER);
    const syncUrl = `${s.p}/github-repository-sync/${sync.id}/`;
    expect((await member.client.delete(syncUrl)).status).toBe(403);
    const outsider = await signUp(t);
    await createWorkspace(outsider);
    expect((await outsider.client.delete(syncUrl)).status).toBe(404);
    expect(
      (await s.owner.client.delete(`${s.p}/github-repository-sync/${crypto.randomUUID()}/`)).status,
    ).toBe(404);

    expect((await s.owner.client.delete(syncUrl)).status).toBe(204);
    expect((await s.owner.client.get(`${s.p}/github-repository-sync/`)).body).toEqual([]);
    const first = byExternal(await items(s), n + 1)!;
    expect(first.label_ids).toEqual([sync.label]);
    const late = await deliver(
      url,
      'issues',
      {
        action: 'edited',
        repository: { id: s.repo.id },
        issue: { id: n + 1, number: 1, title: 'Too late', state: 'open' },
      },
      { secret: sync.webhook_secret },
    );
    expect(late.status).toBe(404);
    expect(byExternal(await items(s), n + 1)!.name).toBe('First bug');
    // A state change here is not pushed to the repository any more.
    const done = (await s.owner.client.get(`${s.p}/states/`)).body.find(
      (st: { group: string }) => st.group === 'completed',
    );
    await s.owner.client.patch(`${s.p}/issues/${first.id}/`, { state_id: done.id });
    await runJobs();
    expect(patches(s.repo)).toHaveLength(0);

    const relinked = await s.owner.client.post(`${s.p}/github-repository-sync/`, s.body);
    expect(relinked.status, relinked.text).toBe(201);
    await runJobs();
    // The import finds the items it made before by their external id: nothing is duplicated.
    expect((await items(s)).filter((i) => i.external_id === String(n + 1))).toHaveLength(1);
  });
});

describe('state changes made here', () => {
  it('close and reopen the GitHub issue through a job, once each', async () => {
    const s = await setUp();
    await link(s);
    await runJobs();
    const n = repoCounter * 100;
    const item = byExternal(await items(s), n + 4)!;
    const states = (await s.owner.client.get(`${s.p}/states/`)).body as {
      id: string;
      group: string;
      default: boolean;
    }[];
    const done = states.find((x) => x.group === 'completed')!;

    const moved = await s.owner.client.patch(`${s.p}/issues/${item.id}/`, { state_id: done.id });
    expect(moved.status, moved.text).toBe(200);
    // Not in the request: nothing reached GitHub before the jobs ran.
    expect(patches(s.repo)).toHaveLength(0);
    await runJobs();
    await runJobs();
    expect(patches(s.repo).map((r) => [r.path, JSON.parse(r.body).state])).toEqual([
      [`/repos/${s.repo.owner}/${s.repo.name}/issues/4`, 'closed'],
    ]);
    expect(patches(s.repo)[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);

    // A change within the open groups says nothing to GitHub; back to the default state reopens.
    const started = states.find((x) => x.group === 'started')!;
    await s.owner.client.patch(`${s.p}/issues/${item.id}/`, { state_id: started.id });
    await runJobs();
    expect(patches(s.repo).map((r) => JSON.parse(r.body).state)).toEqual(['closed', 'open']);
    const fresh = byExternal(await items(s), n + 1)!;
    await s.owner.client.patch(`${s.p}/issues/${fresh.id}/`, { priority: 'high' });
    await runJobs();
    expect(patches(s.repo)).toHaveLength(2);
  });

  it('keeps a failed push for a retry and never fails the API', async () => {
    const s = await setUp();
    await link(s);
    await runJobs();
    const n = repoCounter * 100;
    const item = byExternal(await items(s), n + 4)!;
    const states = (await s.owner.client.get(`${s.p}/states/`)).body as { id: string; group: string }[];
    // GitHub loses the issue: the push fails (404) and is kept for a retry.
    const repo = github.repos.get(`${s.repo.owner}/${s.repo.name}`)!;
    const saved = repo.issues;
    repo.issues = [];
    const moved = await s.owner.client.patch(`${s.p}/issues/${item.id}/`, {
      state_id: states.find((x) => x.group === 'completed')!.id,
    });
    expect(moved.status).toBe(200);
    await runJobs();
    const [job] = await t.database.raw<{ status: string; attempts: number; last_error: string }>(
      `select status, attempts, last_error from github_sync_jobs where issue_id = $1 and kind = 'push_state'`,
      [item.id],
    );
    expect(job).toMatchObject({ status: 'pending', attempts: 1 });
    expect(job!.last_error).toMatch(/404/);
    // GitHub is back; the retry comes due and goes through.
    repo.issues = saved;
    await t.database.raw(`update github_sync_jobs set next_attempt_at = now() where issue_id = $1`, [
      item.id,
    ]);
    await runJobs();
    expect(repo.issues.find((i) => i.number === 4)!.state).toBe('closed');
  });
});
