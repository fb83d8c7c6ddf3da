import { randomUUID } from 'node:crypto';
import { UNSUPPORTED_FAMILIES } from '../../domains/public-api/unsupported.v1.routes.ts';
import { STRONG_PASSWORD, uniqueEmail, uniqueSlug } from '../factories.ts';
import type { RouteCase } from './authz.ts';
import { anyone, instanceAdmin, item, project, ROLE, signedIn, workspace } from './authz.ts';
import { csvForm } from './world.ts';

const { GUEST, VIEWER, MEMBER, ADMIN } = ROLE;

/** A Yjs update that changes nothing (an empty document's state), base64. */
const EMPTY_YJS_UPDATE = Buffer.from([0, 0]).toString('base64');

/** Everyone signed in but the world's guest, who owns the world's dashboard. */
const NOT_THE_DASHBOARD_OWNER = {
  outsider: 404,
  otherAdmin: 404,
  instanceAdmin: 404,
  nonProjectMember: 404,
  viewer: 404,
  member: 404,
  admin: 404,
} as const;

/**
 * The public API `/api/v1/` (api.md §15): the same gates as the internal routes each adapts. The
 * matrix calls these with every actor's API token (of the matrix's workspace, or of a workspace
 * of their own for those outside it), so each role's token must get that role's answers.
 */
const PUBLIC_API: Record<string, RouteCase> = {
  'GET /api/v1/users/me/': signedIn(),
  'GET /api/v1/workspaces/:slug/members/': workspace(GUEST),
  'GET /api/v1/workspaces/:slug/projects/': workspace(GUEST),
  'POST /api/v1/workspaces/:slug/projects/': workspace(MEMBER, {
    body: () => ({ name: `Via API ${randomUUID()}`, identifier: 'VAPI' }),
  }),
  'GET /api/v1/workspaces/:slug/projects/:project_id/': project(GUEST),
  'PATCH /api/v1/workspaces/:slug/projects/:project_id/': project(MEMBER, {
    body: () => ({ name: `Renamed ${randomUUID()}` }),
  }),
  'PUT /api/v1/workspaces/:slug/projects/:project_id/': project(MEMBER, {
    body: () => ({ name: `Renamed ${randomUUID()}` }),
  }),
  'DELETE /api/v1/workspaces/:slug/projects/:project_id/': project(ADMIN),
  'POST /api/v1/workspaces/:slug/projects/:project_id/archive/': project(ADMIN),
  'DELETE /api/v1/workspaces/:slug/projects/:project_id/archive/': project(ADMIN),
  ...Object.fromEntries(
    ['members', 'project-members'].flatMap((family) => {
      const base = `/api/v1/workspaces/:slug/projects/:project_id/${family}`;
      return [
        [`GET ${base}/`, project(GUEST)],
        [
          `POST ${base}/`,
          project(ADMIN, { body: (w) => ({ member: w.accounts.nonProjectMember.user.id, role: MEMBER }) }),
        ],
        [`GET ${base}/:member_id/`, project(GUEST)],
        [`PATCH ${base}/:member_id/`, project(ADMIN, { body: () => ({ role: VIEWER }) })],
        [`DELETE ${base}/:member_id/`, project(ADMIN)],
      ];
    }),
  ),
  'GET /api/v1/workspaces/:slug/projects/:project_id/states/': project(GUEST),
  'POST /api/v1/workspaces/:slug/projects/:project_id/states/': project(MEMBER, {
    body: () => ({ name: 'Review', color: '#123456', group: 'started' }),
  }),
  'GET /api/v1/workspaces/:slug/projects/:project_id/states/:state_id/': project(GUEST),
  'PATCH /api/v1/workspaces/:slug/projects/:project_id/states/:state_id/': project(MEMBER, {
    body: () => ({ name: 'Renamed' }),
  }),
  'DELETE /api/v1/workspaces/:slug/projects/:project_id/states/:state_id/': project(MEMBER),
  'GET /api/v1/workspaces/:slug/projects/:project_id/labels/': project(GUEST),
  'POST /api/v1/workspaces/:slug/projects/:project_id/labels/': project(MEMBER, {
    body: () => ({ name: 'New label' }),
  }),
  'GET /api/v1/workspaces/:slug/projects/:project_id/labels/:label_id/': project(GUEST),
  'PATCH /api/v1/workspaces/:slug/projects/:project_id/labels/:label_id/': project(MEMBER, {
    body: () => ({ name: 'Renamed' }),
  }),
  'DELETE /api/v1/workspaces/:slug/projects/:project_id/labels/:label_id/': project(MEMBER),
  ...Object.fromEntries(
    ['work-items', 'issues'].flatMap((family) => {
      const base = `/api/v1/workspaces/:slug/projects/:project_id/${family}`;
      return [
        [`GET ${base}/`, project(GUEST)],
        [`POST ${base}/`, project(MEMBER, { body: () => ({ name: 'Created' }) })],
        [`GET ${base}/:issue_id/`, item(GUEST)],
        [
          `PATCH ${base}/:issue_id/`,
          item(MEMBER, { body: () => ({ name: 'Edited' }), except: { guest: 404 } }),
        ],
        [
          `PUT ${base}/:issue_id/`,
          item(MEMBER, { body: () => ({ name: 'Edited' }), except: { guest: 404 } }),
        ],
        [`DELETE ${base}/:issue_id/`, item(ADMIN, { except: { guest: 404 } })],
        // The world's work item is the admin's: the guest rule hides it by its key too.
        [
          `GET /api/v1/workspaces/:slug/${family}/:key/`,
          workspace(GUEST, { except: { guest: 404, nonProjectMember: 404 } }),
        ],
        [`GET /api/v1/workspaces/:slug/${family}/search/`, workspace(GUEST, { query: 'search=item' })],
      ];
    }),
  ),
  'GET /api/v1/workspaces/:slug/projects/:project_id/work-items/:issue_id/comments/': item(GUEST),
  'POST /api/v1/workspaces/:slug/projects/:project_id/work-items/:issue_id/comments/': item(GUEST, {
    body: () => ({ comment_html: '<p>New</p>' }),
  }),
  'GET /api/v1/workspaces/:slug/projects/:project_id/work-items/:issue_id/comments/:comment_id/': item(GUEST),
  'PATCH /api/v1/workspaces/:slug/projects/:project_id/work-items/:issue_id/comments/:comment_id/': item(
    ADMIN,
    { body: () => ({ comment_html: '<p>Edited</p>' }), except: { guest: 404 } },
  ),
  'DELETE /api/v1/workspaces/:slug/projects/:project_id/work-items/:issue_id/comments/:comment_id/': item(
    ADMIN,
    { except: { guest: 404 } },
  ),
  'GET /api/v1/workspaces/:slug/projects/:project_id/work-items/:issue_id/links/': item(GUEST),
  'POST /api/v1/workspaces/:slug/projects/:project_id/work-items/:issue_id/links/': item(MEMBER, {
    body: () => ({ url: 'https://example.com/new' }),
    except: { guest: 404 },
  }),
  'GET /api/v1/workspaces/:slug/projects/:project_id/work-items/:issue_id/links/:link_id/': item(GUEST),
  'PATCH /api/v1/workspaces/:slug/projects/:project_id/work-items/:issue_id/links/:link_id/': item(MEMBER, {
    body: () => ({ title: 'Renamed' }),
    except: { guest: 404 },
  }),
  'DELETE /api/v1/workspaces/:slug/projects/:project_id/work-items/:issue_id/links/:link_id/': item(MEMBER, {
    except: { guest: 404 },
  }),
  'GET /api/v1/workspaces/:slug/projects/:project_id/work-items/:issue_id/activities/': item(GUEST),
  'GET /api/v1/workspaces/:slug/projects/:project_id/work-items/:issue_id/activities/:activity_id/':
    item(GUEST),
  'GET /api/v1/workspaces/:slug/projects/:project_id/work-items/:issue_id/attachments/': item(GUEST),
  'GET /api/v1/workspaces/:slug/projects/:project_id/work-items/:issue_id/attachments/:attachment_id/':
    item(GUEST),
  'DELETE /api/v1/workspaces/:slug/projects/:project_id/work-items/:issue_id/attachments/:attachment_id/':
    item(ADMIN, { except: { guest: 404 } }),
  'GET /api/v1/workspaces/:slug/projects/:project_id/work-items/:issue_id/relations/': item(GUEST),
  'POST /api/v1/workspaces/:slug/projects/:project_id/work-items/:issue_id/relations/': item(MEMBER, {
    body: async (w) => ({ relation_type: 'blocked_by', issues: [(await w.issue('main', 'blocker')).id] }),
  }),
  'POST /api/v1/workspaces/:slug/projects/:project_id/work-items/:issue_id/relations/remove/': item(MEMBER, {
    body: async (w) => ({ related_issue: (await w.related()).id }),
  }),
  'GET /api/v1/workspaces/:slug/projects/:project_id/cycles/': project(GUEST),
  'POST /api/v1/workspaces/:slug/projects/:project_id/cycles/': project(MEMBER, {
    body: () => ({ name: 'New cycle' }),
  }),
  'GET /api/v1/workspaces/:slug/projects/:project_id/cycles/:cycle_id/': project(GUEST),
  'PATCH /api/v1/workspaces/:slug/projects/:project_id/cycles/:cycle_id/': project(MEMBER, {
    body: () => ({ name: 'Renamed cycle' }),
  }),
  // P20, or the cycle's owner: a member who does not own it is refused by the service.
  'DELETE /api/v1/workspaces/:slug/projects/:project_id/cycles/:cycle_id/': project(ADMIN),
  'GET /api/v1/workspaces/:slug/projects/:project_id/cycles/:cycle_id/cycle-issues/': project(GUEST),
  'POST /api/v1/workspaces/:slug/projects/:project_id/cycles/:cycle_id/cycle-issues/': project(MEMBER, {
    body: async (w) => ({ issues: [(await w.issue()).id] }),
  }),
  'DELETE /api/v1/workspaces/:slug/projects/:project_id/cycles/:cycle_id/cycle-issues/:issue_id/':
    project(MEMBER),
  'POST /api/v1/workspaces/:slug/projects/:project_id/cycles/:cycle_id/transfer-issues/': project(MEMBER, {
    body: async (w) => ({ new_cycle_id: (await w.cycle('main', 'upcoming')).id }),
  }),
  'POST /api/v1/workspaces/:slug/projects/:project_id/cycles/:cycle_id/archive/': project(MEMBER),
  'POST /api/v1/workspaces/:slug/projects/:project_id/archived-cycles/:cycle_id/archive/': project(MEMBER),
  'GET /api/v1/workspaces/:slug/projects/:project_id/archived-cycles/': project(GUEST),
  'DELETE /api/v1/workspaces/:slug/projects/:project_id/archived-cycles/:cycle_id/unarchive/':
    project(MEMBER),
  'GET /api/v1/workspaces/:slug/projects/:project_id/modules/': project(GUEST),
  'POST /api/v1/workspaces/:slug/projects/:project_id/modules/': project(MEMBER, {
    body: () => ({ name: `Module ${randomUUID()}` }),
  }),
  'GET /api/v1/workspaces/:slug/projects/:project_id/modules/:module_id/': project(GUEST),
  'PATCH /api/v1/workspaces/:slug/projects/:project_id/modules/:module_id/': project(MEMBER, {
    body: () => ({ status: 'in-progress' }),
  }),
  // P20, or the module's creator: a member who did not make it is refused by the service.
  'DELETE /api/v1/workspaces/:slug/projects/:project_id/modules/:module_id/': project(ADMIN),
  'GET /api/v1/workspaces/:slug/projects/:project_id/modules/:module_id/module-issues/': project(GUEST),
  'POST /api/v1/workspaces/:slug/projects/:project_id/modules/:module_id/module-issues/': project(MEMBER, {
    body: async (w) => ({ issues: [(await w.issue()).id] }),
  }),
  'DELETE /api/v1/workspaces/:slug/projects/:project_id/modules/:module_id/module-issues/:issue_id/':
    project(MEMBER),
  'POST /api/v1/workspaces/:slug/projects/:project_id/modules/:module_id/archive/': project(MEMBER),
  'GET /api/v1/workspaces/:slug/projects/:project_id/archived-modules/': project(GUEST),
  'GET /api/v1/workspaces/:slug/projects/:project_id/modules/archived/': project(GUEST),
  'DELETE /api/v1/workspaces/:slug/projects/:project_id/archived-modules/:module_id/unarchive/':
    project(MEMBER),
  'GET /api/v1/workspaces/:slug/projects/:project_id/intake-issues/': project(GUEST),
  // Any project member submits (guests included).
  'POST /api/v1/workspaces/:slug/projects/:project_id/intake-issues/': project(GUEST, {
    body: () => ({ issue: { name: 'Submitted' } }),
  }),
  'GET /api/v1/workspaces/:slug/projects/:project_id/intake-issues/:intake_issue_id/': item(GUEST),
  // Triage (the body's status) needs P20; the item is the admin's, so the guest does not see it.
  'PATCH /api/v1/workspaces/:slug/projects/:project_id/intake-issues/:intake_issue_id/': item(ADMIN, {
    body: () => ({ status: -1 }),
    except: { guest: 404 },
  }),
  // P20, or the item's submitter (the world's admin).
  'DELETE /api/v1/workspaces/:slug/projects/:project_id/intake-issues/:intake_issue_id/': item(ADMIN, {
    except: { guest: 404 },
  }),
  // The project's one estimate (P5 reads, P20 writes as in §4.6); those naming none in the path
  // need the world's estimate made first.
  'GET /api/v1/workspaces/:slug/projects/:project_id/estimates/': project(GUEST, {
    body: async (w) => {
      await w.estimate();
      return undefined;
    },
  }),
  'POST /api/v1/workspaces/:slug/projects/:project_id/estimates/': project(ADMIN, {
    body: () => ({ name: 'Sizes', type: 'points', estimate_points: [{ value: '1' }, { value: '2' }] }),
  }),
  'PATCH /api/v1/workspaces/:slug/projects/:project_id/estimates/': project(ADMIN, {
    body: async (w) => {
      await w.estimate();
      return { name: 'Renamed' };
    },
  }),
  'DELETE /api/v1/workspaces/:slug/projects/:project_id/estimates/': project(ADMIN, {
    body: async (w) => {
      await w.estimate();
      return {};
    },
  }),
  'GET /api/v1/workspaces/:slug/projects/:project_id/estimates/:estimate_id/estimate-points/': project(GUEST),
  'POST /api/v1/workspaces/:slug/projects/:project_id/estimates/:estimate_id/estimate-points/': project(
    ADMIN,
    { body: () => [{ key: 9, value: '9' }] },
  ),
  'PATCH /api/v1/workspaces/:slug/projects/:project_id/estimates/:estimate_id/estimate-points/:point_id/':
    project(ADMIN, { body: () => ({ value: '7' }) }),
  'DELETE /api/v1/workspaces/:slug/projects/:project_id/estimates/:estimate_id/estimate-points/:point_id/':
    project(ADMIN),
  // CSV imports (api.md §4.11): the same routes for the API key (`npm run import:csv`).
  'GET /api/v1/workspaces/:slug/projects/:project_id/imports/': project(MEMBER),
  'POST /api/v1/workspaces/:slug/projects/:project_id/imports/': project(MEMBER, {
    multipart: (w) => csvForm(w.marker),
  }),
  'GET /api/v1/workspaces/:slug/projects/:project_id/imports/:import_id/': project(MEMBER),
  'PATCH /api/v1/workspaces/:slug/projects/:project_id/imports/:import_id/': project(MEMBER, {
    body: () => ({ options: { create_missing_labels: true } }),
  }),
  'POST /api/v1/workspaces/:slug/projects/:project_id/imports/:import_id/dry-run/': project(MEMBER),
  'POST /api/v1/workspaces/:slug/projects/:project_id/imports/:import_id/start/': project(MEMBER),
  'GET /api/v1/workspaces/:slug/projects/:project_id/imports/:import_id/refusals/': project(MEMBER),
  // What Plane's SDK reads beside (docs/plane-sdk.md): lite lists, roles, features, pages.
  'GET /api/v1/workspaces/:slug/members-lite/': workspace(GUEST),
  'GET /api/v1/workspaces/:slug/projects-lite/': workspace(GUEST),
  'GET /api/v1/workspaces/:slug/roles/': workspace(GUEST),
  'GET /api/v1/workspaces/:slug/roles/:role_id/': workspace(GUEST),
  'GET /api/v1/workspaces/:slug/project-role-distribution/': workspace(GUEST),
  'GET /api/v1/workspaces/:slug/projects/:project_id/project-members-lite/': project(GUEST),
  'GET /api/v1/workspaces/:slug/projects/:project_id/features/': project(GUEST),
  // The feature switches are project settings of P20 (api.md §0.5).
  'PATCH /api/v1/workspaces/:slug/projects/:project_id/features/': project(ADMIN, {
    body: () => ({ modules: true }),
  }),
  'GET /api/v1/workspaces/:slug/projects/:project_id/cycles-lite/': project(GUEST),
  'GET /api/v1/workspaces/:slug/projects/:project_id/modules-lite/': project(GUEST),
  'GET /api/v1/workspaces/:slug/projects/:project_id/pages/': project(GUEST),
  'POST /api/v1/workspaces/:slug/projects/:project_id/pages/': project(MEMBER, {
    body: () => ({ name: 'Via API' }),
  }),
  // The world's page is the admin's and public: a guest sees it only when guests see everything.
  'GET /api/v1/workspaces/:slug/projects/:project_id/pages/:page_id/': item(GUEST),
  // Work items: archive (a completed one) and restore, the archived list, the workspace's lists.
  ...Object.fromEntries(
    ['work-items', 'issues'].flatMap((family) => [
      [`POST /api/v1/workspaces/:slug/projects/:project_id/${family}/:issue_id/archive/`, item(MEMBER)],
      [`DELETE /api/v1/workspaces/:slug/projects/:project_id/${family}/:issue_id/unarchive/`, item(MEMBER)],
    ]),
  ),
  'GET /api/v1/workspaces/:slug/projects/:project_id/archived-work-items/': project(GUEST),
  'GET /api/v1/workspaces/:slug/work-items/': workspace(GUEST),
  'GET /api/v1/workspaces/:slug/work-items/count/': workspace(GUEST, { query: 'group_by=priority' }),
  'POST /api/v1/workspaces/:slug/work-items/advanced-search/': workspace(GUEST, {
    body: () => ({ query: 'item' }),
  }),
  // A presigned upload: anyone who sees the item may attach (as the internal upload); the form's
  // POST is anonymous, the sealed token in it is the credential (403 without one).
  'POST /api/v1/workspaces/:slug/projects/:project_id/work-items/:issue_id/attachments/': item(GUEST, {
    body: () => ({ name: 'notes.txt', type: 'text/plain', size: 12 }),
  }),
  'PATCH /api/v1/workspaces/:slug/projects/:project_id/work-items/:issue_id/attachments/:attachment_id/':
    item(GUEST, { body: () => ({ is_uploaded: true }) }),
  'POST /api/attachment-uploads/': anyone({ multipart: true, expect: 403 }),
  // Triage alone: P20, the item the admin's, so the guest does not see it.
  'PATCH /api/v1/workspaces/:slug/projects/:project_id/intake-issues/:intake_issue_id/status/': item(ADMIN, {
    body: () => ({ status: -1 }),
    except: { guest: 404 },
  }),
  ...unsupportedEntries(),
};

/**
 * The catch-alls of Plane resources Kite lacks: past the scope's gate every call answers 404
 * (`RESOURCE_NOT_SUPPORTED`), and none writes anything, so writes need no world of their own.
 */
function unsupportedEntries(): Record<string, RouteCase> {
  const bases = {
    user: '/api/v1',
    workspace: '/api/v1/workspaces/:slug',
    project: '/api/v1/workspaces/:slug/projects/:project_id',
    item: '/api/v1/workspaces/:slug/projects/:project_id/work-items/:issue_id',
  };
  const entries: Record<string, RouteCase> = {};
  for (const { scope, path } of UNSUPPORTED_FAMILIES) {
    const gate = (extra: Omit<RouteCase, 'gate'>) =>
      scope === 'user'
        ? signedIn(extra)
        : scope === 'workspace'
          ? workspace(GUEST, extra)
          : project(GUEST, extra);
    for (const url of [`${bases[scope]}/${path}/`, `${bases[scope]}/${path}/*`]) {
      for (const method of ['GET', 'DELETE', 'POST', 'PATCH']) {
        entries[`${method} ${url}`] = gate({ expect: 404, unsupported: true });
      }
    }
  }
  return entries;
}

/**
 * Every route the server registers, with who may call it (api.md). The matrix fails on a route
 * missing here, so a new route cannot land without stating its access; the failure prints the
 * entry its config implies, to be checked against the contract before it is pasted in.
 */
export const MANIFEST: Record<string, RouteCase> = {
  'GET /api/health/': anyone(),
  'GET /api/ready/': anyone(),
  'GET /api/instances/': anyone(),
  'PATCH /api/instances/': instanceAdmin(),
  'GET /api/instances/configurations/': instanceAdmin(),
  'PATCH /api/instances/configurations/': instanceAdmin(),
  'GET /api/instances/users/': instanceAdmin(),
  // Reactivating an active account changes nothing: the matrix's member stays as it is.
  'PATCH /api/instances/users/:user_id/': instanceAdmin({ body: () => ({ is_active: true }) }),
  'GET /api/instances/workspaces/': instanceAdmin({ instanceWide: true }),
  'POST /api/instances/workspaces/': instanceAdmin({
    body: () => ({ name: 'Console workspace', slug: uniqueSlug('console') }),
  }),
  // The matrix's instance has no SMTP: the allowed call reaches the service, which refuses.
  'POST /api/instances/email-credentials-check/': instanceAdmin({
    body: () => ({ receiver_email: 'check@example.com' }),
    expect: 400,
  }),
  'GET /api/instances/audit-log/': instanceAdmin(),
  'GET /auth/get-csrf-token/': anyone(),
  // No provider is configured in the matrix: both send the browser back to the sign-in screen.
  'GET /auth/:provider/': anyone({ expect: 302 }),
  'GET /auth/:provider/callback/': anyone({ expect: 302 }),
  'GET /api/users/session/': anyone(),
  'GET /api/users/me/': signedIn(),
  'PATCH /api/users/me/': signedIn(),
  'DELETE /api/users/me/': signedIn({ disposable: true }),
  'GET /api/users/me/profile/': signedIn(),
  'PATCH /api/users/me/profile/': signedIn(),
  'PATCH /api/users/me/onboard/': signedIn({ body: () => ({ is_onboarded: true }) }),
  'PATCH /api/users/me/tour-completed/': signedIn({ body: () => ({ is_tour_completed: true }) }),
  'GET /api/users/me/settings/': signedIn(),
  'GET /api/users/me/accounts/': signedIn(),
  // Nobody in the matrix has linked a provider: the allowed call finds no such link.
  'DELETE /api/users/me/accounts/:account_id/': signedIn({ expect: 404 }),
  'GET /api/users/me/instance-admin/': signedIn(),
  'GET /api/users/me/notification-preferences/': signedIn(),
  'PATCH /api/users/me/notification-preferences/': signedIn(),
  'GET /api/users/me/activities/': signedIn(),
  'GET /api/workspace-slug-check/': signedIn(),
  'GET /api/workspaces/': signedIn(),
  'GET /api/users/me/workspaces/': signedIn(),
  'POST /api/workspaces/': signedIn({ body: () => ({ name: 'New', slug: uniqueSlug() }) }),
  'GET /api/workspaces/:slug/': workspace(GUEST),
  'PATCH /api/workspaces/:slug/': workspace(ADMIN),
  'DELETE /api/workspaces/:slug/': workspace(ADMIN),
  'GET /api/workspaces/:slug/members/': workspace(GUEST),
  'POST /api/workspaces/:slug/members/leave/': workspace(GUEST),
  'GET /api/workspaces/:slug/members/:member_id/': workspace(GUEST),
  'PATCH /api/workspaces/:slug/members/:member_id/': workspace(ADMIN, { body: () => ({ role: VIEWER }) }),
  'DELETE /api/workspaces/:slug/members/:member_id/': workspace(ADMIN),
  'GET /api/workspaces/:slug/workspace-members/me/': workspace(GUEST),
  'GET /api/workspaces/:slug/invitations/': workspace(ADMIN),
  'POST /api/workspaces/:slug/invitations/': workspace(ADMIN, {
    body: () => ({ emails: [{ email: uniqueEmail(), role: MEMBER }] }),
  }),
  'GET /api/workspaces/:slug/invitations/:invitation_id/': workspace(ADMIN),
  'PATCH /api/workspaces/:slug/invitations/:invitation_id/': workspace(ADMIN, {
    body: () => ({ role: VIEWER }),
  }),
  'DELETE /api/workspaces/:slug/invitations/:invitation_id/': workspace(ADMIN),
  'POST /api/workspaces/:slug/invitations/:invitation_id/join/': signedIn({
    body: () => ({ token: 'forged', accepted: true }),
    expect: 404,
  }),
  'GET /api/users/me/workspaces/invitations/': signedIn(),
  'POST /api/users/me/workspaces/invitations/': signedIn({
    body: () => ({ invitations: [randomUUID()] }),
    expect: 400,
  }),
  'GET /api/workspaces/:slug/projects/': workspace(GUEST),
  'GET /api/workspaces/:slug/projects/details/': workspace(GUEST),
  'POST /api/workspaces/:slug/projects/': workspace(MEMBER, {
    body: () => ({ name: `New ${randomUUID()}`, identifier: 'NEW' }),
  }),
  'GET /api/workspaces/:slug/projects/:project_id/': project(GUEST),
  'PATCH /api/workspaces/:slug/projects/:project_id/': project(MEMBER, {
    body: () => ({ name: `Renamed ${randomUUID()}` }),
  }),
  'PUT /api/workspaces/:slug/projects/:project_id/': project(MEMBER, {
    body: () => ({ name: `Renamed ${randomUUID()}` }),
  }),
  'DELETE /api/workspaces/:slug/projects/:project_id/': project(ADMIN),
  'POST /api/workspaces/:slug/projects/:project_id/archive/': project(ADMIN),
  'DELETE /api/workspaces/:slug/projects/:project_id/archive/': project(ADMIN),
  'POST /api/workspaces/:slug/projects/:project_id/project-views/': project(GUEST, {
    body: () => ({ view_props: { layout: 'kanban' } }),
  }),
  'GET /api/workspaces/:slug/project-identifiers/': workspace(GUEST),
  'GET /api/workspaces/:slug/user-favorite-projects/': workspace(GUEST),
  'POST /api/workspaces/:slug/user-favorite-projects/': workspace(GUEST, {
    body: async (w) => ({ project: await w.projectId() }),
  }),
  'DELETE /api/workspaces/:slug/user-favorite-projects/:project_id/': project(GUEST),
  'POST /api/users/me/workspaces/:slug/projects/invitations/': workspace(VIEWER, {
    body: async (w) => ({ project_ids: [await w.projectId('public')] }),
  }),
  'GET /api/users/me/workspaces/:slug/project-roles/': workspace(GUEST),
  'GET /api/workspaces/:slug/project-members/': workspace(GUEST),
  'GET /api/workspaces/:slug/projects/:project_id/members/': project(GUEST),
  'POST /api/workspaces/:slug/projects/:project_id/members/': project(ADMIN, {
    body: (w) => ({ members: [{ member_id: w.accounts.nonProjectMember.user.id, role: MEMBER }] }),
  }),
  'POST /api/workspaces/:slug/projects/:project_id/members/leave/': project(GUEST),
  'GET /api/workspaces/:slug/projects/:project_id/members/:member_id/': project(GUEST),
  'PATCH /api/workspaces/:slug/projects/:project_id/members/:member_id/': project(ADMIN, {
    body: () => ({ role: VIEWER }),
  }),
  'DELETE /api/workspaces/:slug/projects/:project_id/members/:member_id/': project(ADMIN),
  'GET /api/workspaces/:slug/projects/:project_id/project-members/me/': project(GUEST),
  'GET /api/workspaces/:slug/projects/:project_id/states/': project(GUEST),
  'POST /api/workspaces/:slug/projects/:project_id/states/': project(MEMBER, {
    body: () => ({ name: 'Review', color: '#123456', group: 'started' }),
  }),
  'GET /api/workspaces/:slug/projects/:project_id/states/:state_id/': project(GUEST),
  'PATCH /api/workspaces/:slug/projects/:project_id/states/:state_id/': project(MEMBER, {
    body: () => ({ name: 'Renamed' }),
  }),
  'PUT /api/workspaces/:slug/projects/:project_id/states/:state_id/': project(MEMBER, {
    body: () => ({ name: 'Renamed', color: '#654321', group: 'started' }),
  }),
  'DELETE /api/workspaces/:slug/projects/:project_id/states/:state_id/': project(MEMBER),
  'POST /api/workspaces/:slug/projects/:project_id/states/:state_id/mark-default/': project(MEMBER),
  'GET /api/workspaces/:slug/states/': workspace(GUEST),
  'GET /api/workspaces/:slug/projects/:project_id/issues/': project(GUEST),
  'GET /api/workspaces/:slug/projects/:project_id/issues/list/': project(GUEST),
  'POST /api/workspaces/:slug/projects/:project_id/issues/': project(MEMBER, {
    body: () => ({ name: 'Created' }),
  }),
  'GET /api/workspaces/:slug/projects/:project_id/issues/:issue_id/': item(GUEST),
  'PATCH /api/workspaces/:slug/projects/:project_id/issues/:issue_id/': item(MEMBER, {
    body: () => ({ name: 'Edited' }),
    except: { guest: 404 },
  }),
  'PUT /api/workspaces/:slug/projects/:project_id/issues/:issue_id/': item(MEMBER, {
    body: () => ({ name: 'Edited' }),
    except: { guest: 404 },
  }),
  'DELETE /api/workspaces/:slug/projects/:project_id/issues/:issue_id/': item(ADMIN, {
    except: { guest: 404 },
  }),
  'GET /api/workspaces/:slug/projects/:project_id/issues/:issue_id/subscribe/': item(GUEST),
  'POST /api/workspaces/:slug/projects/:project_id/issues/:issue_id/subscribe/': item(GUEST),
  'DELETE /api/workspaces/:slug/projects/:project_id/issues/:issue_id/subscribe/': item(GUEST),
  'GET /api/workspaces/:slug/projects/:project_id/issues/:issue_id/issue-subscribers/': item(GUEST),
  'POST /api/workspaces/:slug/projects/:project_id/issues/:issue_id/issue-subscribers/': item(MEMBER, {
    body: (w) => ({ subscriber: w.memberUserId }),
  }),
  'DELETE /api/workspaces/:slug/projects/:project_id/issues/:issue_id/issue-subscribers/:user_id/': item(
    ADMIN,
    { except: { guest: 404, member: 'allowed' } },
  ),
  'POST /api/workspaces/:slug/projects/:project_id/issues/:issue_id/archive/': item(MEMBER),
  'DELETE /api/workspaces/:slug/projects/:project_id/issues/:issue_id/archive/': item(MEMBER),
  'GET /api/workspaces/:slug/projects/:project_id/issues/:issue_id/archive/': item(GUEST),
  'GET /api/workspaces/:slug/projects/:project_id/archived-issues/': project(GUEST),
  'GET /api/workspaces/:slug/projects/:project_id/issues/:issue_id/sub-issues/': item(GUEST),
  'POST /api/workspaces/:slug/projects/:project_id/issues/:issue_id/sub-issues/': item(MEMBER, {
    body: async (w) => ({ sub_issue_ids: [(await w.issue('main', 'child')).id] }),
  }),
  'GET /api/workspaces/:slug/projects/:project_id/issues/:issue_id/issue-links/': item(GUEST),
  'POST /api/workspaces/:slug/projects/:project_id/issues/:issue_id/issue-links/': item(MEMBER, {
    body: () => ({ url: 'https://example.com/new' }),
    except: { guest: 404 },
  }),
  'PATCH /api/workspaces/:slug/projects/:project_id/issues/:issue_id/issue-links/:link_id/': item(MEMBER, {
    body: () => ({ title: 'Renamed' }),
    except: { guest: 404 },
  }),
  'DELETE /api/workspaces/:slug/projects/:project_id/issues/:issue_id/issue-links/:link_id/': item(MEMBER, {
    except: { guest: 404 },
  }),
  'GET /api/workspaces/:slug/projects/:project_id/issues/:issue_id/issue-relation/': item(GUEST),
  'POST /api/workspaces/:slug/projects/:project_id/issues/:issue_id/issue-relation/': item(MEMBER, {
    body: async (w) => ({ relation_type: 'blocked_by', issues: [(await w.issue('main', 'blocker')).id] }),
  }),
  'POST /api/workspaces/:slug/projects/:project_id/issues/:issue_id/remove-relation/': item(MEMBER, {
    body: async (w) => ({ related_issue: (await w.related()).id }),
  }),
  'DELETE /api/workspaces/:slug/projects/:project_id/issues/:issue_id/issue-relation/:related_issue_id/':
    item(MEMBER),
  'POST /api/workspaces/:slug/projects/:project_id/bulk-operation-issues/': project(MEMBER, {
    body: async (w) => ({ issue_ids: [(await w.issue()).id], properties: { priority: 'high' } }),
  }),
  'DELETE /api/workspaces/:slug/projects/:project_id/bulk-delete-issues/': project(ADMIN, {
    body: async (w) => ({ issue_ids: [(await w.issue()).id] }),
  }),
  'POST /api/workspaces/:slug/projects/:project_id/bulk-archive-issues/': project(MEMBER, {
    body: async (w) => ({ issue_ids: [(await w.doneIssue()).id] }),
  }),
  'POST /api/workspaces/:slug/projects/:project_id/issue-dates/': project(MEMBER, {
    body: async (w) => ({
      updates: [{ id: (await w.issue()).id, start_date: '2026-06-01', target_date: '2026-06-05' }],
    }),
  }),
  'GET /api/workspaces/:slug/projects/:project_id/issue-drafts/': project(MEMBER),
  'POST /api/workspaces/:slug/projects/:project_id/issue-drafts/': project(MEMBER, {
    body: () => ({ name: 'Draft' }),
  }),
  'GET /api/workspaces/:slug/projects/:project_id/issue-drafts/:issue_id/': item(MEMBER, {
    except: { member: 404 },
  }),
  'PATCH /api/workspaces/:slug/projects/:project_id/issue-drafts/:issue_id/': item(MEMBER, {
    body: () => ({ name: 'Edited draft' }),
    except: { member: 404 },
  }),
  'DELETE /api/workspaces/:slug/projects/:project_id/issue-drafts/:issue_id/': item(MEMBER, {
    except: { member: 404 },
  }),
  'GET /api/workspaces/:slug/projects/:project_id/search-issues/': project(GUEST),
  'GET /api/workspaces/:slug/work-items/:key/': workspace(GUEST, {
    except: { guest: 404, nonProjectMember: 404 },
  }),
  'GET /api/workspaces/:slug/issues/': workspace(GUEST),
  'GET /api/workspaces/:slug/my-issues/': workspace(GUEST),
  'GET /api/workspaces/:slug/user-profile/:user_id/': workspace(GUEST),
  'GET /api/workspaces/:slug/user-stats/:user_id/': workspace(GUEST),
  'GET /api/workspaces/:slug/user-issues/:user_id/': workspace(GUEST),
  'GET /api/workspaces/:slug/user-activity/:user_id/': workspace(GUEST),
  'POST /api/workspaces/:slug/user-activity/:user_id/export/': workspace(GUEST),
  'GET /api/workspaces/:slug/projects/:project_id/issues/:issue_id/issue-attachments/': item(GUEST),
  'GET /api/workspaces/:slug/projects/:project_id/issues/:issue_id/issue-attachments/:attachment_id/':
    item(GUEST),
  'GET /api/workspaces/:slug/projects/:project_id/issues/:issue_id/issue-attachments/:attachment_id/download/':
    item(GUEST),
  'DELETE /api/workspaces/:slug/projects/:project_id/issues/:issue_id/issue-attachments/:attachment_id/':
    item(ADMIN, { except: { guest: 404 } }),
  'GET /api/workspaces/:slug/search/': workspace(GUEST),
  'GET /api/workspaces/:slug/entity-search/': workspace(GUEST),
  'POST /api/workspaces/:slug/export-issues/': workspace(MEMBER, {
    body: async (w) => ({ provider: 'csv', project: [await w.projectId()] }),
  }),
  'GET /api/workspaces/:slug/export-issues/': workspace(MEMBER),
  'GET /api/workspaces/:slug/export-issues/:export_id/download/': workspace(MEMBER, {
    except: { member: 404, nonProjectMember: 404 },
  }),
  // ——— CSV imports (api.md §4.11): project members ———
  'GET /api/workspaces/:slug/projects/:project_id/imports/': project(MEMBER),
  'POST /api/workspaces/:slug/projects/:project_id/imports/': project(MEMBER, {
    multipart: (w) => csvForm(w.marker),
  }),
  'GET /api/workspaces/:slug/projects/:project_id/imports/:import_id/': project(MEMBER),
  'PATCH /api/workspaces/:slug/projects/:project_id/imports/:import_id/': project(MEMBER, {
    body: () => ({ options: { create_missing_labels: true } }),
  }),
  'POST /api/workspaces/:slug/projects/:project_id/imports/:import_id/dry-run/': project(MEMBER),
  'POST /api/workspaces/:slug/projects/:project_id/imports/:import_id/start/': project(MEMBER),
  'GET /api/workspaces/:slug/projects/:project_id/imports/:import_id/refusals/': project(MEMBER),
  'GET /api/workspaces/:slug/projects/:project_id/issues/:issue_id/comments/': item(GUEST),
  'POST /api/workspaces/:slug/projects/:project_id/issues/:issue_id/comments/': item(GUEST, {
    body: () => ({ comment_html: '<p>New</p>' }),
  }),
  'GET /api/workspaces/:slug/projects/:project_id/issues/:issue_id/comments/:comment_id/': item(GUEST),
  'PATCH /api/workspaces/:slug/projects/:project_id/issues/:issue_id/comments/:comment_id/': item(ADMIN, {
    body: () => ({ comment_html: '<p>Edited</p>' }),
    except: { guest: 404 },
  }),
  'DELETE /api/workspaces/:slug/projects/:project_id/issues/:issue_id/comments/:comment_id/': item(ADMIN, {
    except: { guest: 404 },
  }),
  'GET /api/workspaces/:slug/projects/:project_id/issues/:issue_id/history/': item(GUEST),
  'GET /api/workspaces/:slug/projects/:project_id/issues/:issue_id/reactions/': item(GUEST),
  'POST /api/workspaces/:slug/projects/:project_id/issues/:issue_id/reactions/': item(GUEST, {
    body: () => ({ reaction: '🎉' }),
  }),
  'DELETE /api/workspaces/:slug/projects/:project_id/issues/:issue_id/reactions/:reaction/': item(GUEST),
  'GET /api/workspaces/:slug/projects/:project_id/comments/:comment_id/reactions/': item(GUEST),
  'POST /api/workspaces/:slug/projects/:project_id/comments/:comment_id/reactions/': item(GUEST, {
    body: () => ({ reaction: '🎉' }),
  }),
  'DELETE /api/workspaces/:slug/projects/:project_id/comments/:comment_id/reactions/:reaction/': item(GUEST),
  'GET /api/workspaces/:slug/projects/:project_id/issue-labels/': project(GUEST),
  'POST /api/workspaces/:slug/projects/:project_id/issue-labels/': project(MEMBER, {
    body: () => ({ name: 'New label' }),
  }),
  'GET /api/workspaces/:slug/projects/:project_id/issue-labels/:label_id/': project(GUEST),
  'PATCH /api/workspaces/:slug/projects/:project_id/issue-labels/:label_id/': project(MEMBER, {
    body: () => ({ name: 'Renamed' }),
  }),
  'PUT /api/workspaces/:slug/projects/:project_id/issue-labels/:label_id/': project(MEMBER, {
    body: () => ({ name: 'Renamed' }),
  }),
  'DELETE /api/workspaces/:slug/projects/:project_id/issue-labels/:label_id/': project(MEMBER),
  'GET /api/workspaces/:slug/labels/': workspace(GUEST),
  'GET /api/workspaces/:slug/projects/:project_id/cycles/': project(GUEST),
  'POST /api/workspaces/:slug/projects/:project_id/cycles/': project(MEMBER, {
    body: () => ({ name: 'Draft cycle' }),
  }),
  'POST /api/workspaces/:slug/projects/:project_id/cycles/date-check/': project(MEMBER, {
    body: () => ({ start_date: '2001-01-01', end_date: '2001-01-05' }),
  }),
  'GET /api/workspaces/:slug/projects/:project_id/cycles/:cycle_id/': project(GUEST),
  'PATCH /api/workspaces/:slug/projects/:project_id/cycles/:cycle_id/': project(MEMBER, {
    body: () => ({ name: 'Renamed cycle' }),
  }),
  'PUT /api/workspaces/:slug/projects/:project_id/cycles/:cycle_id/': project(MEMBER, {
    body: () => ({ name: 'Renamed cycle' }),
  }),
  // P20, or the cycle's owner: a member who does not own it is refused by the service.
  'DELETE /api/workspaces/:slug/projects/:project_id/cycles/:cycle_id/': project(ADMIN),
  'GET /api/workspaces/:slug/projects/:project_id/cycles/:cycle_id/cycle-issues/': project(GUEST),
  'POST /api/workspaces/:slug/projects/:project_id/cycles/:cycle_id/cycle-issues/': project(MEMBER, {
    body: async (w) => ({ issues: [(await w.issue()).id] }),
  }),
  'DELETE /api/workspaces/:slug/projects/:project_id/cycles/:cycle_id/cycle-issues/': project(MEMBER, {
    body: async (w) => ({ issues: [await w.inCycle('main', (await w.cycle()).id)] }),
  }),
  'DELETE /api/workspaces/:slug/projects/:project_id/cycles/:cycle_id/cycle-issues/:issue_id/':
    project(MEMBER),
  'POST /api/workspaces/:slug/projects/:project_id/cycles/:cycle_id/transfer-issues/': project(MEMBER, {
    body: async (w) => ({ new_cycle_id: (await w.cycle('main', 'upcoming')).id }),
  }),
  'GET /api/workspaces/:slug/projects/:project_id/cycles/:cycle_id/progress/': project(GUEST),
  'GET /api/workspaces/:slug/projects/:project_id/cycles/:cycle_id/analytics/': project(GUEST),
  'POST /api/workspaces/:slug/projects/:project_id/cycles/:cycle_id/archive/': project(MEMBER),
  'DELETE /api/workspaces/:slug/projects/:project_id/cycles/:cycle_id/archive/': project(MEMBER),
  'GET /api/workspaces/:slug/projects/:project_id/archived-cycles/': project(GUEST),
  'GET /api/workspaces/:slug/projects/:project_id/archived-cycles/:cycle_id/': project(GUEST),
  'GET /api/workspaces/:slug/projects/:project_id/user-favorite-cycles/': project(GUEST),
  'POST /api/workspaces/:slug/projects/:project_id/user-favorite-cycles/': project(GUEST, {
    body: async (w) => ({ cycle: (await w.cycle()).id }),
  }),
  'DELETE /api/workspaces/:slug/projects/:project_id/user-favorite-cycles/:cycle_id/': project(GUEST),
  'GET /api/workspaces/:slug/cycles/': workspace(GUEST),
  'GET /api/workspaces/:slug/projects/:project_id/modules/': project(GUEST),
  'POST /api/workspaces/:slug/projects/:project_id/modules/': project(MEMBER, {
    body: () => ({ name: `Module ${randomUUID()}` }),
  }),
  'GET /api/workspaces/:slug/projects/:project_id/modules/:module_id/': project(GUEST),
  'PATCH /api/workspaces/:slug/projects/:project_id/modules/:module_id/': project(MEMBER, {
    body: () => ({ status: 'in-progress' }),
  }),
  'PUT /api/workspaces/:slug/projects/:project_id/modules/:module_id/': project(MEMBER, {
    body: () => ({ name: `Renamed ${randomUUID()}` }),
  }),
  // P20, or the module's creator: a member who did not make it is refused by the service.
  'DELETE /api/workspaces/:slug/projects/:project_id/modules/:module_id/': project(ADMIN),
  'GET /api/workspaces/:slug/projects/:project_id/modules/:module_id/issues/': project(GUEST),
  'GET /api/workspaces/:slug/projects/:project_id/modules/:module_id/analytics/': project(GUEST),
  'POST /api/workspaces/:slug/projects/:project_id/modules/:module_id/issues/': project(MEMBER, {
    body: async (w) => ({ issues: [(await w.issue()).id] }),
  }),
  'DELETE /api/workspaces/:slug/projects/:project_id/modules/:module_id/issues/:issue_id/': project(MEMBER),
  'POST /api/workspaces/:slug/projects/:project_id/issues/:issue_id/modules/': item(MEMBER, {
    body: async (w) => ({ modules: [(await w.module()).id], removed_modules: [] }),
  }),
  'GET /api/workspaces/:slug/projects/:project_id/modules/:module_id/module-links/': project(GUEST),
  'POST /api/workspaces/:slug/projects/:project_id/modules/:module_id/module-links/': project(MEMBER, {
    body: () => ({ url: 'https://example.com/design', title: 'Design' }),
  }),
  'PATCH /api/workspaces/:slug/projects/:project_id/modules/:module_id/module-links/:link_id/': project(
    MEMBER,
    { body: () => ({ title: 'Renamed' }) },
  ),
  'DELETE /api/workspaces/:slug/projects/:project_id/modules/:module_id/module-links/:link_id/':
    project(MEMBER),
  'POST /api/workspaces/:slug/projects/:project_id/modules/:module_id/archive/': project(MEMBER),
  'DELETE /api/workspaces/:slug/projects/:project_id/modules/:module_id/archive/': project(MEMBER),
  'GET /api/workspaces/:slug/projects/:project_id/archived-modules/': project(GUEST),
  'GET /api/workspaces/:slug/projects/:project_id/archived-modules/:module_id/': project(GUEST),
  'GET /api/workspaces/:slug/projects/:project_id/user-favorite-modules/': project(GUEST),
  'POST /api/workspaces/:slug/projects/:project_id/user-favorite-modules/': project(GUEST, {
    body: async (w) => ({ module: (await w.module()).id }),
  }),
  'DELETE /api/workspaces/:slug/projects/:project_id/user-favorite-modules/:module_id/': project(GUEST),
  'GET /api/workspaces/:slug/modules/': workspace(GUEST),
  'GET /api/workspaces/:slug/projects/:project_id/views/': project(GUEST),
  'POST /api/workspaces/:slug/projects/:project_id/views/': project(MEMBER, {
    body: () => ({ name: 'Saved', filters: { priority: ['urgent'] } }),
  }),
  'GET /api/workspaces/:slug/projects/:project_id/views/:view_id/': project(GUEST),
  // The owner, or P20 for a public view: the world's view is its admin's, so others are refused by the service.
  'PATCH /api/workspaces/:slug/projects/:project_id/views/:view_id/': project(ADMIN, {
    body: () => ({ name: 'Renamed view' }),
  }),
  'PUT /api/workspaces/:slug/projects/:project_id/views/:view_id/': project(ADMIN, {
    body: () => ({ name: 'Renamed view' }),
  }),
  'DELETE /api/workspaces/:slug/projects/:project_id/views/:view_id/': project(ADMIN),
  'GET /api/workspaces/:slug/projects/:project_id/views/:view_id/issues/': project(GUEST),
  'GET /api/workspaces/:slug/projects/:project_id/user-favorite-views/': project(GUEST),
  'POST /api/workspaces/:slug/projects/:project_id/user-favorite-views/': project(GUEST, {
    body: async (w) => ({ view: (await w.view()).id }),
  }),
  'DELETE /api/workspaces/:slug/projects/:project_id/user-favorite-views/:view_id/': project(GUEST),
  // The live events socket (api.md §16.1): a plain request of a signed-in user is told it is no socket.
  'GET /live/events': signedIn({ expect: 400 }),
  // The pages' collaboration socket (api.md §16.2): a plain request of a signed-in user is told it is no socket.
  'GET /live/collaboration': signedIn({ expect: 400 }),
  // Pages (api.md §9). The world's page is the admin's and public: a guest sees it only when the
  // project lets guests see everything (404), editing takes the owner or P15, access the owner,
  // archive and delete the owner or P20.
  'GET /api/workspaces/:slug/projects/:project_id/pages/': project(GUEST),
  'POST /api/workspaces/:slug/projects/:project_id/pages/': project(MEMBER, {
    body: () => ({ name: 'Plan' }),
  }),
  'GET /api/workspaces/:slug/projects/:project_id/pages-summary/': project(GUEST),
  'GET /api/workspaces/:slug/projects/:project_id/archived-pages/': project(GUEST),
  'GET /api/workspaces/:slug/projects/:project_id/favorite-pages/': project(GUEST),
  'GET /api/workspaces/:slug/projects/:project_id/pages/:page_id/': item(GUEST),
  'PATCH /api/workspaces/:slug/projects/:project_id/pages/:page_id/': item(MEMBER, {
    body: () => ({ name: 'Renamed page' }),
    except: { guest: 404 },
  }),
  'DELETE /api/workspaces/:slug/projects/:project_id/pages/:page_id/': item(ADMIN, {
    except: { guest: 404 },
  }),
  'POST /api/workspaces/:slug/projects/:project_id/pages/:page_id/archive/': item(ADMIN, {
    except: { guest: 404 },
  }),
  'DELETE /api/workspaces/:slug/projects/:project_id/pages/:page_id/archive/': item(ADMIN, {
    except: { guest: 404 },
  }),
  'POST /api/workspaces/:slug/projects/:project_id/pages/:page_id/lock/': item(MEMBER, {
    except: { guest: 404 },
  }),
  'DELETE /api/workspaces/:slug/projects/:project_id/pages/:page_id/lock/': item(MEMBER, {
    except: { guest: 404 },
  }),
  'POST /api/workspaces/:slug/projects/:project_id/pages/:page_id/access/': item(ADMIN, {
    body: () => ({ access: 1 }),
    except: { guest: 404 },
  }),
  'POST /api/workspaces/:slug/projects/:project_id/pages/:page_id/duplicate/': item(MEMBER, {
    except: { guest: 404 },
  }),
  'POST /api/workspaces/:slug/projects/:project_id/favorite-pages/:page_id/': item(GUEST),
  'DELETE /api/workspaces/:slug/projects/:project_id/favorite-pages/:page_id/': item(GUEST),
  'GET /api/workspaces/:slug/projects/:project_id/pages/:page_id/description/': item(GUEST),
  'PATCH /api/workspaces/:slug/projects/:project_id/pages/:page_id/description/': item(MEMBER, {
    body: () => ({ description_binary: EMPTY_YJS_UPDATE }),
    except: { guest: 404 },
  }),
  'POST /api/workspaces/:slug/projects/:project_id/pages/:page_id/images/': item(MEMBER, {
    multipart: true,
    except: { guest: 404 },
  }),
  'GET /api/workspaces/:slug/projects/:project_id/pages/:page_id/images/:image_id/': item(GUEST),
  'GET /api/workspaces/:slug/views/': workspace(GUEST),
  'POST /api/workspaces/:slug/views/': workspace(MEMBER, {
    body: () => ({ name: 'Saved', filters: { priority: ['urgent'] } }),
  }),
  'GET /api/workspaces/:slug/views/:view_id/': workspace(GUEST),
  // As project views, at workspace level: the owner (the world's admin), or W20 for a public view.
  'PATCH /api/workspaces/:slug/views/:view_id/': workspace(ADMIN, { body: () => ({ name: 'Renamed view' }) }),
  'PUT /api/workspaces/:slug/views/:view_id/': workspace(ADMIN, { body: () => ({ name: 'Renamed view' }) }),
  'DELETE /api/workspaces/:slug/views/:view_id/': workspace(ADMIN),
  'GET /api/workspaces/:slug/views/:view_id/issues/': workspace(GUEST),
  'GET /api/workspaces/:slug/user-favorites/': workspace(GUEST),
  'POST /api/workspaces/:slug/user-favorites/': workspace(GUEST, {
    body: async (w) => ({ entity_type: 'view', entity_identifier: (await w.view('workspace')).id }),
  }),
  // Self: the world's favorite is the guest's; anyone else's call finds nothing.
  'DELETE /api/workspaces/:slug/user-favorites/:favorite_id/': workspace(GUEST, {
    except: { viewer: 404, member: 404, admin: 404, nonProjectMember: 404 },
  }),
  'GET /api/workspaces/:slug/users/notifications/': workspace(GUEST),
  'GET /api/workspaces/:slug/users/notifications/unread/': workspace(GUEST),
  'POST /api/workspaces/:slug/users/notifications/mark-all-read/': workspace(GUEST),
  // The receiver only: the world's notification is the viewer's; anyone else's call finds nothing.
  'GET /api/workspaces/:slug/users/notifications/:notification_id/': workspace(GUEST, {
    except: { guest: 404, member: 404, admin: 404, nonProjectMember: 404 },
  }),
  'PATCH /api/workspaces/:slug/users/notifications/:notification_id/': workspace(GUEST, {
    body: () => ({ read_at: new Date().toISOString() }),
    except: { guest: 404, member: 404, admin: 404, nonProjectMember: 404 },
  }),
  'DELETE /api/workspaces/:slug/users/notifications/:notification_id/': workspace(GUEST, {
    except: { guest: 404, member: 404, admin: 404, nonProjectMember: 404 },
  }),
  'POST /api/workspaces/:slug/users/notifications/:notification_id/read/': workspace(GUEST, {
    except: { guest: 404, member: 404, admin: 404, nonProjectMember: 404 },
  }),
  'DELETE /api/workspaces/:slug/users/notifications/:notification_id/read/': workspace(GUEST, {
    except: { guest: 404, member: 404, admin: 404, nonProjectMember: 404 },
  }),
  'POST /api/workspaces/:slug/users/notifications/:notification_id/archive/': workspace(GUEST, {
    except: { guest: 404, member: 404, admin: 404, nonProjectMember: 404 },
  }),
  'DELETE /api/workspaces/:slug/users/notifications/:notification_id/archive/': workspace(GUEST, {
    except: { guest: 404, member: 404, admin: 404, nonProjectMember: 404 },
  }),
  'GET /api/workspaces/:slug/projects/:project_id/inbox-issues/': project(GUEST),
  // Any project member submits (guests included).
  'POST /api/workspaces/:slug/projects/:project_id/inbox-issues/': project(GUEST, {
    body: () => ({ source: 'IN_APP', issue: { name: 'Submitted' } }),
  }),
  'GET /api/workspaces/:slug/projects/:project_id/inbox-issues/:intake_issue_id/': item(GUEST),
  // Triage (the body's status) needs P20; the item is the admin's, so the guest does not see it.
  'PATCH /api/workspaces/:slug/projects/:project_id/inbox-issues/:intake_issue_id/': item(ADMIN, {
    body: () => ({ status: -1 }),
    except: { guest: 404 },
  }),
  // P20, or the item's submitter (the world's admin).
  'DELETE /api/workspaces/:slug/projects/:project_id/inbox-issues/:intake_issue_id/': item(ADMIN, {
    except: { guest: 404 },
  }),
  'GET /api/workspaces/:slug/projects/:project_id/intake-issues/': project(GUEST),
  // Any project member submits (guests included).
  'POST /api/workspaces/:slug/projects/:project_id/intake-issues/': project(GUEST, {
    body: () => ({ source: 'IN_APP', issue: { name: 'Submitted' } }),
  }),
  'GET /api/workspaces/:slug/projects/:project_id/intake-issues/:intake_issue_id/': item(GUEST),
  // Triage (the body's status) needs P20; the item is the admin's, so the guest does not see it.
  'PATCH /api/workspaces/:slug/projects/:project_id/intake-issues/:intake_issue_id/': item(ADMIN, {
    body: () => ({ status: -1 }),
    except: { guest: 404 },
  }),
  // P20, or the item's submitter (the world's admin).
  'DELETE /api/workspaces/:slug/projects/:project_id/intake-issues/:intake_issue_id/': item(ADMIN, {
    except: { guest: 404 },
  }),
  'GET /api/workspaces/:slug/projects/:project_id/intakes/': project(GUEST),
  'GET /api/workspaces/:slug/projects/:project_id/inboxes/': project(GUEST),
  'GET /api/workspaces/:slug/projects/:project_id/estimates/': project(GUEST),
  'POST /api/workspaces/:slug/projects/:project_id/estimates/': project(ADMIN, {
    body: () => ({
      estimate: { name: 'Sizes', type: 'points' },
      estimate_points: [
        { key: 0, value: '1' },
        { key: 1, value: '2' },
      ],
    }),
  }),
  'GET /api/workspaces/:slug/projects/:project_id/estimates/:estimate_id/': project(GUEST),
  'PATCH /api/workspaces/:slug/projects/:project_id/estimates/:estimate_id/': project(ADMIN, {
    body: () => ({ estimate: { name: 'Renamed' } }),
  }),
  'DELETE /api/workspaces/:slug/projects/:project_id/estimates/:estimate_id/': project(ADMIN),
  'POST /api/workspaces/:slug/projects/:project_id/estimates/:estimate_id/estimate-points/': project(ADMIN, {
    body: () => ({ key: 9, value: '9' }),
  }),
  'PATCH /api/workspaces/:slug/projects/:project_id/estimates/:estimate_id/estimate-points/:point_id/':
    project(ADMIN, { body: () => ({ value: '7' }) }),
  'DELETE /api/workspaces/:slug/projects/:project_id/estimates/:estimate_id/estimate-points/:point_id/':
    project(ADMIN),
  'GET /api/workspaces/:slug/estimates/': workspace(GUEST),
  'GET /api/workspaces/:slug/projects/:project_id/user-properties/': project(GUEST),
  'PATCH /api/workspaces/:slug/projects/:project_id/user-properties/': project(GUEST),
  'GET /api/workspaces/:slug/projects/:project_id/cycles/:cycle_id/user-properties/': project(GUEST),
  'PATCH /api/workspaces/:slug/projects/:project_id/cycles/:cycle_id/user-properties/': project(GUEST),
  'GET /api/workspaces/:slug/projects/:project_id/modules/:module_id/user-properties/': project(GUEST),
  'PATCH /api/workspaces/:slug/projects/:project_id/modules/:module_id/user-properties/': project(GUEST),
  'GET /api/workspaces/:slug/user-properties/': workspace(GUEST),
  'PATCH /api/workspaces/:slug/user-properties/': workspace(GUEST),
  'GET /api/workspaces/:slug/projects/:project_id/issue-display-properties/': project(GUEST),
  'POST /api/workspaces/:slug/projects/:project_id/issue-display-properties/': project(GUEST, {
    body: () => ({ properties: {} }),
  }),
  'GET /api/workspaces/:slug/projects/:project_id/project-deploy-boards/': project(GUEST),
  'POST /api/workspaces/:slug/projects/:project_id/project-deploy-boards/': project(ADMIN),
  'GET /api/workspaces/:slug/projects/:project_id/project-deploy-boards/:board_id/': project(GUEST),
  'PATCH /api/workspaces/:slug/projects/:project_id/project-deploy-boards/:board_id/': project(ADMIN, {
    body: () => ({ is_votes_enabled: true }),
  }),
  'DELETE /api/workspaces/:slug/projects/:project_id/project-deploy-boards/:board_id/': project(ADMIN),
  // ——— GitHub repository sync (api.md §4.9): project admins ———
  'GET /api/workspaces/:slug/projects/:project_id/github-repository-sync/': project(ADMIN),
  // The token is checked against GitHub, which the matrix's server cannot reach (or refuses the
  // token): the allowed call is a 400. github-sync.test.ts links against a fake GitHub.
  'POST /api/workspaces/:slug/projects/:project_id/github-repository-sync/': project(ADMIN, {
    body: () => ({
      name: 'hello-world',
      owner: 'octocat',
      url: 'https://github.com/octocat/hello-world',
      repository_id: 1296269,
      credentials: { access_token: 'ghp_matrix_not_a_token' },
    }),
    expect: 400,
  }),
  // Unlinking: the world links no repository, so the allowed call finds no sync (404);
  // github-sync.test.ts unlinks a real one.
  'DELETE /api/workspaces/:slug/projects/:project_id/github-repository-sync/:sync_id/': project(ADMIN, {
    expect: 404,
  }),
  // GitHub's webhook: anonymous, its signature is the credential (github-sync.test.ts checks it);
  // the world links no repository, so the sync is unknown.
  'POST /api/github/webhook/:sync_id/': anyone({ expect: 404 }),
  'GET /api/public/anchor/:anchor/meta/': anyone(),
  'GET /api/public/anchor/:anchor/settings/': anyone(),
  'GET /api/public/anchor/:anchor/states/': anyone(),
  'GET /api/public/anchor/:anchor/labels/': anyone(),
  'GET /api/public/anchor/:anchor/issues/': anyone(),
  'GET /api/public/anchor/:anchor/issues/:issue_id/': anyone(),
  'GET /api/public/anchor/:anchor/members/': anyone(),
  'GET /api/openapi.json': anyone(),
  'POST /auth/email-check/': anyone({ body: () => ({ email: uniqueEmail() }) }),
  'POST /auth/sign-up/': anyone({ body: () => ({ email: uniqueEmail(), password: STRONG_PASSWORD }) }),
  'POST /auth/sign-in/': anyone({
    body: (w) => ({ email: w.accounts.outsider.user.email, password: STRONG_PASSWORD }),
  }),
  'POST /auth/magic-sign-in/': anyone({
    body: () => ({ email: uniqueEmail(), code: '123456' }),
    expect: 400,
  }),
  'POST /auth/magic-sign-up/': anyone({
    body: () => ({ email: uniqueEmail(), code: '123456' }),
    expect: 400,
  }),
  'POST /auth/magic-generate/': anyone({ body: () => ({ email: uniqueEmail() }) }),
  'POST /auth/forgot-password/': anyone({ body: (w) => ({ email: w.accounts.outsider.user.email }) }),
  'POST /auth/reset-password/:uidb64/:token/': anyone({
    body: () => ({ password: `${STRONG_PASSWORD} 3` }),
    expect: 400,
  }),
  'POST /auth/set-password/': signedIn({
    disposable: true,
    body: () => ({ password: `${STRONG_PASSWORD} 2` }),
    expect: 400,
  }),
  'POST /auth/change-password/': signedIn({
    disposable: true,
    body: () => ({ old_password: STRONG_PASSWORD, new_password: `${STRONG_PASSWORD} 2` }),
  }),
  'POST /auth/sign-out/': anyone(),
  'POST /api/workspaces/:slug/projects/:project_id/issues/:issue_id/issue-attachments/': item(GUEST, {
    multipart: true,
  }),

  // ——— API tokens (api.md §14): each member's own; another's token is not found ———
  'GET /api/workspaces/:slug/api-tokens/': workspace(GUEST),
  'POST /api/workspaces/:slug/api-tokens/': workspace(GUEST, { body: () => ({ label: 'Matrix token' }) }),
  // Self: the world's token is the guest's; anyone else's call finds nothing.
  'GET /api/workspaces/:slug/api-tokens/:token_id/': workspace(GUEST, {
    except: { viewer: 404, member: 404, admin: 404, nonProjectMember: 404 },
  }),
  'DELETE /api/workspaces/:slug/api-tokens/:token_id/': workspace(GUEST, {
    except: { viewer: 404, member: 404, admin: 404, nonProjectMember: 404 },
  }),
  // ——— Webhooks (api.md §13): workspace admins only ———
  'GET /api/workspaces/:slug/webhooks/': workspace(ADMIN),
  'POST /api/workspaces/:slug/webhooks/': workspace(ADMIN, {
    body: () => ({ url: `https://93.184.216.34/matrix/${randomUUID()}`, issue: true }),
  }),
  'GET /api/workspaces/:slug/webhooks/:webhook_id/': workspace(ADMIN),
  'PATCH /api/workspaces/:slug/webhooks/:webhook_id/': workspace(ADMIN, { body: () => ({ cycle: true }) }),
  'DELETE /api/workspaces/:slug/webhooks/:webhook_id/': workspace(ADMIN),
  'POST /api/workspaces/:slug/webhooks/:webhook_id/regenerate/': workspace(ADMIN),
  'GET /api/workspaces/:slug/webhooks/:webhook_id/logs/': workspace(ADMIN),
  'GET /api/workspaces/:slug/webhook-logs/:webhook_id/': workspace(ADMIN),

  // ——— Home dashboard (api.md §11): each member's own; another's dashboard is not found ———
  'GET /api/workspaces/:slug/dashboard/': workspace(GUEST, { query: 'dashboard_type=home' }),
  // Owner: the world's dashboard is the guest's.
  'GET /api/workspaces/:slug/dashboard/:dashboard_id/': workspace(GUEST, {
    query: 'widget_key=overview_stats',
    except: { viewer: 404, member: 404, admin: 404, nonProjectMember: 404 },
  }),
  'GET /api/dashboard/:dashboard_id/': signedIn({ except: NOT_THE_DASHBOARD_OWNER }),
  'PATCH /api/dashboard/:dashboard_id/widgets/:widget_id/': signedIn({
    body: () => ({ is_visible: true }),
    except: NOT_THE_DASHBOARD_OWNER,
  }),
  // ——— Analytics: what each caller may see of the workspace or the project ———
  'GET /api/workspaces/:slug/analytics/': workspace(GUEST, { query: 'x_axis=priority' }),
  'GET /api/workspaces/:slug/analytics/overview/': workspace(GUEST),
  'GET /api/workspaces/:slug/projects/:project_id/analytics/': project(GUEST, { query: 'x_axis=state_id' }),
  'GET /api/workspaces/:slug/projects/:project_id/analytics/overview/': project(GUEST),
  ...PUBLIC_API,
};
