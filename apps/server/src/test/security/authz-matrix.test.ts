import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../factories.ts';
import { Client, type HttpResult } from '../http-client.ts';
import { startTestApp, type TestApp } from '../test-app.ts';
import {
  expectedOutcome,
  lowestAllowed,
  type Outcome,
  PROJECT_SCOPED,
  pathIn,
  type RouteCase,
  resolverFor,
  swappable,
} from './authz.ts';
import { MANIFEST } from './authz-manifest.ts';
import { ACTORS, type Accounts, type Actor, clientOf, pngForm, signUpAccounts, World } from './world.ts';

/**
 * The authorization matrix (quality.md §2 tenancy): every registered route × every actor, the
 * contract's answer for each (on `/api/v1/` each actor calls with an API token of theirs, so a
 * token of each role must get its user's answer); ids of another workspace and of another project swapped into every
 * path segment that names one; CSRF on every cookie-authenticated write; and a canary workspace
 * whose values must never show up in anything the matrix's callers receive.
 */

const registered: {
  key: string;
  url: string;
  config: Record<string, unknown>;
  schema: { params?: unknown; body?: unknown };
}[] = [];
let t: TestApp;
let accounts: Accounts;
let shared: World;
let canary: World;

beforeAll(async () => {
  // Every actor's API key calls every public-API route: the per-key limit is not what is tested here.
  t = await startTestApp({ API_RATE_LIMIT: '1000000' }, { onRoute: collect });
  accounts = await signUpAccounts(t);
  [shared, canary] = await Promise.all([World.withMembers(t, accounts), World.canary(t, accounts)]);
}, 120_000);
afterAll(() => t?.close());

function collect(route: RouteOptions) {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  for (const method of methods) {
    if (method === 'HEAD') continue;
    registered.push({
      key: `${method} ${route.url}`,
      url: route.url,
      config: (route.config ?? {}) as never,
      schema: (route.schema ?? {}) as never,
    });
  }
}

/** The entry a route's config implies, printed for a route the manifest lacks. */
function suggestedEntry({ key, url, config }: (typeof registered)[number]): string {
  const role = (n: unknown) => ({ 5: 'GUEST', 10: 'VIEWER', 15: 'MEMBER', 20: 'ADMIN' })[n as 5];
  let gate = 'anyone()';
  if (config.instanceAdmin) gate = 'instanceAdmin()';
  else if (config.projectRole !== undefined)
    gate = `${/:issue_id|:comment_id/.test(url) ? 'item' : 'project'}(${role(config.projectRole)})`;
  else if (config.workspaceRole !== undefined) gate = `workspace(${role(config.workspaceRole)})`;
  else if (config.auth === 'required') gate = 'signedIn()';
  return `'${key}': ${gate},`;
}

/**
 * Writes that read no JSON body: actions named by their path alone, two multipart uploads (their
 * one field is checked by `platform/http/uploaded-file.ts`) and GitHub's signed webhook (the raw
 * bytes are verified, then parsed).
 */
const TAKES_NO_JSON_BODY = new Set([
  'POST /auth/sign-out/',
  'POST /api/workspaces/:slug/members/leave/',
  'POST /api/workspaces/:slug/projects/:project_id/archive/',
  'POST /api/workspaces/:slug/projects/:project_id/members/leave/',
  'POST /api/workspaces/:slug/projects/:project_id/states/:state_id/mark-default/',
  'POST /api/workspaces/:slug/projects/:project_id/issues/:issue_id/subscribe/',
  'POST /api/workspaces/:slug/projects/:project_id/issues/:issue_id/archive/',
  'POST /api/workspaces/:slug/projects/:project_id/cycles/:cycle_id/archive/',
  'POST /api/workspaces/:slug/projects/:project_id/modules/:module_id/archive/',
  'POST /api/workspaces/:slug/projects/:project_id/pages/:page_id/archive/',
  'POST /api/workspaces/:slug/projects/:project_id/pages/:page_id/lock/',
  'POST /api/workspaces/:slug/projects/:project_id/pages/:page_id/duplicate/',
  'POST /api/workspaces/:slug/projects/:project_id/favorite-pages/:page_id/',
  'POST /api/workspaces/:slug/users/notifications/:notification_id/read/',
  'POST /api/workspaces/:slug/users/notifications/:notification_id/archive/',
  'POST /api/workspaces/:slug/webhooks/:webhook_id/regenerate/',
  'POST /api/workspaces/:slug/user-activity/:user_id/export/',
  'POST /api/v1/workspaces/:slug/projects/:project_id/archive/',
  'POST /api/v1/workspaces/:slug/projects/:project_id/cycles/:cycle_id/archive/',
  'POST /api/v1/workspaces/:slug/projects/:project_id/archived-cycles/:cycle_id/archive/',
  'POST /api/v1/workspaces/:slug/projects/:project_id/modules/:module_id/archive/',
  'POST /api/v1/workspaces/:slug/projects/:project_id/work-items/:issue_id/archive/',
  'POST /api/v1/workspaces/:slug/projects/:project_id/issues/:issue_id/archive/',
  'POST /api/workspaces/:slug/projects/:project_id/issues/:issue_id/issue-attachments/',
  'POST /api/workspaces/:slug/projects/:project_id/pages/:page_id/images/',
  'POST /api/attachment-uploads/',
  'POST /api/github/webhook/:sync_id/',
  // CSV imports: the upload (multipart, the file streamed to the store) and two actions.
  ...['/api/workspaces/:slug', '/api/v1/workspaces/:slug'].flatMap((ws) => [
    `POST ${ws}/projects/:project_id/imports/`,
    `POST ${ws}/projects/:project_id/imports/:import_id/dry-run/`,
    `POST ${ws}/projects/:project_id/imports/:import_id/start/`,
  ]),
]);

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
let scanned = 0;

/** Nothing a caller outside the canary workspace receives may name its values. */
function assertNoCanary(res: HttpResult, what: string) {
  scanned += 1;
  expect(res.text.includes(canary.marker), `${what} leaked the canary's marker`).toBe(false);
  for (const [id] of res.text.matchAll(UUID)) {
    expect(canary.ids.has(id), `${what} leaked the canary's id ${id}`).toBe(false);
  }
}

const ERROR_CODES: Record<number, string> = {
  401: 'AUTHENTICATION_REQUIRED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
};
const isWrite = (method: string) => method !== 'GET';
/** The public API: every actor calls it with an API key of theirs (api.md §15), never a cookie. */
const isPublicApi = (path: string) => path.startsWith('/api/v1/');

async function send(
  actor: Actor | Client,
  method: string,
  path: string,
  route: RouteCase,
  w: World,
  csrf = true,
) {
  const url = route.query ? `${path}?${route.query}` : path;
  const body = route.body ? await route.body(w) : isWrite(method) ? {} : undefined;
  const payload = route.multipart
    ? { multipart: route.multipart === true ? pngForm() : route.multipart(w) }
    : { json: body };
  if (isPublicApi(path) && !(actor instanceof Client)) {
    const key = await w.apiKey(actor);
    const headers: Record<string, string> = key ? { 'X-Api-Key': key } : {};
    return new Client(t.baseUrl).request(method, url, { ...payload, headers, csrf: false });
  }
  const client = actor instanceof Client ? actor : clientOf(t, accounts, actor);
  return client.request(method, url, { ...payload, csrf });
}

function assertOutcome(res: HttpResult, expected: Outcome, what: string) {
  expect(res.status, `${what}: ${res.text.slice(0, 300)}`).toBeLessThan(500);
  if (expected === 'allowed') {
    expect([401, 403, 404], `${what} was refused: ${res.text.slice(0, 300)}`).not.toContain(res.status);
    return;
  }
  expect(res.status, `${what}: ${res.text.slice(0, 300)}`).toBe(expected);
  if (ERROR_CODES[expected]) expect(res.body?.error_code, what).toBe(ERROR_CODES[expected]);
}

describe('authorization matrix', () => {
  it('has an entry for every registered route and a route for every entry', () => {
    const keys = new Set(registered.map((r) => r.key));
    const missing = registered.filter((r) => !(r.key in MANIFEST)).map(suggestedEntry);
    expect(missing, 'routes without an entry in authz-manifest.ts (check each against api.md)').toEqual([]);
    expect(
      Object.keys(MANIFEST).filter((key) => !keys.has(key)),
      'entries without a route',
    ).toEqual([]);
  });

  it('parses every path parameter, and every body a write reads, through a schema', () => {
    const unparsedParams = registered.filter((r) => r.url.includes('/:') && !r.schema.params);
    expect(unparsedParams.map((r) => r.key)).toEqual([]);
    const unparsedBodies = registered.filter(
      (r) => /^(POST|PATCH|PUT) /.test(r.key) && !r.schema.body && !TAKES_NO_JSON_BODY.has(r.key),
    );
    expect(
      unparsedBodies.map((r) => r.key),
      'writes without a body schema (or list them below)',
    ).toEqual([]);
  });

  it.each(Object.keys(MANIFEST))('%s', async (key) => {
    const route = MANIFEST[key]!;
    const [method, url] = key.split(' ') as [string, string];
    // A write changes its world: it gets a fresh workspace so no other route sees its effect.
    const w = isWrite(method) && !route.unsupported ? await World.withMembers(t, accounts) : shared;
    const path = await pathIn(url, key, w);
    const allowed = route.disposable ? (await signUp(t)).client : lowestAllowed(route);

    for (const actor of ACTORS) {
      const expected = expectedOutcome(route, actor);
      if (expected === 'allowed') continue;
      const res = await send(actor, method, path, route, w);
      assertOutcome(res, expected, `${actor} ${key}`);
      assertNoCanary(res, `${actor} ${key}`);
    }

    if (isPublicApi(url)) {
      // The session cookie of the caller the key stands for is no credential here (and no CSRF applies).
      const cookieOnly = await send(clientOf(t, accounts, lowestAllowed(route)), method, path, route, w);
      expect(cookieOnly.status, `${key} with a session cookie and no key`).toBe(401);
    } else if (isWrite(method) && (route.gate.kind !== 'anyone' || url.startsWith('/auth/'))) {
      const forged = await send(allowed, method, path, route, w, false);
      expect(forged.status, `${key} without a CSRF token`).toBe(403);
      expect(forged.body.error_code).toBe('CSRF_FAILED');
    }

    await assertSwapsRefused(key, url, route, w);

    const res = await send(allowed, method, path, route, w);
    const what = `${lowestAllowed(route)} ${key}: ${res.text.slice(0, 300)}`;
    if (route.expect !== undefined) expect(res.status, what).toBe(route.expect);
    else expect(res.status, what).toBeLessThan(300);
    if (!route.instanceWide) assertNoCanary(res, what);

    // A read changes nothing, so every other actor it is allowed to gets their answer from the same
    // world too: a higher role must not be refused what a lower one reads.
    if (isWrite(method) || route.disposable) return;
    for (const actor of ACTORS) {
      if (actor === lowestAllowed(route) || expectedOutcome(route, actor) !== 'allowed') continue;
      const read = await send(actor, method, path, route, w);
      const whose = `${actor} ${key}: ${read.text.slice(0, 300)}`;
      if (route.expect !== undefined) expect(read.status, whose).toBe(route.expect);
      else expect(read.status, whose).toBeLessThan(300);
      // The canary's own admin may read what is theirs.
      if (actor !== 'otherAdmin') assertNoCanary(read, whose);
    }
  });

  it('scanned every answer for the canary', () => {
    expect(scanned).toBeGreaterThan(Object.keys(MANIFEST).length * 3);
  });
});

/**
 * IDOR: the canary's owner, in their own workspace, names one object of the matrix's workspace;
 * the matrix's admin names, under their project, one object of their second project. Both 404.
 */
async function assertSwapsRefused(key: string, url: string, route: RouteCase, w: World) {
  const names = swappable(url).filter((name) => name !== 'slug');
  if (route.gate.kind === 'anyone' && !url.includes(':anchor')) return;
  // An instance admin's ids (users) belong to no workspace: there is nothing to swap across, and
  // everyone else is refused (403) before any id is looked at.
  if (route.gate.kind === 'instanceAdmin') return;
  for (const name of names) {
    const foreign = () => Promise.resolve(resolverFor(name)(w, 'main', key));
    const crossWorkspace = await pathIn(url, key, canary, 'main', { [name]: foreign });
    const res = await send(
      route.gate.kind === 'anyone' ? 'anonymous' : 'otherAdmin',
      key.split(' ')[0]!,
      crossWorkspace,
      route,
      canary,
    );
    expect(
      res.status,
      `${key} with the matrix's ${name} in the canary's workspace: ${res.text.slice(0, 200)}`,
    ).toBe(404);

    if (!PROJECT_SCOPED.has(name) || !url.includes(':project_id')) continue;
    const other = () => Promise.resolve(resolverFor(name)(w, 'second', key));
    const crossProject = await pathIn(url, key, w, 'main', { [name]: other });
    const swapped = await send('admin', key.split(' ')[0]!, crossProject, route, w);
    expect(swapped.status, `${key} with the second project's ${name}: ${swapped.text.slice(0, 200)}`).toBe(
      404,
    );
    assertNoCanary(swapped, key);
  }
}
