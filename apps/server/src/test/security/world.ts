import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { lastMailTo, type SignedIn, signUp, uniqueSlug } from '../factories.ts';
import { Client, type HttpResult } from '../http-client.ts';
import type { TestApp } from '../test-app.ts';

/** Who calls a route in the authorization matrix. */
export const ACTORS = [
  'anonymous',
  'outsider',
  'otherAdmin',
  'nonProjectMember',
  'guest',
  'viewer',
  'member',
  'admin',
  'instanceAdmin',
] as const;
export type Actor = (typeof ACTORS)[number];

/** The workspace roles of the actors who belong to a world's workspace (and, but one, to its project). */
export const MEMBER_ROLES = { guest: 5, viewer: 10, member: 15, admin: 20, nonProjectMember: 15 } as const;

/** Accounts shared by every world: signing up hashes a password, so it is done once per file. */
export interface Accounts {
  /** The first account of the instance, which makes it the instance admin; a member of no workspace. */
  instanceAdmin: SignedIn;
  outsider: SignedIn;
  admin: SignedIn;
  member: SignedIn;
  viewer: SignedIn;
  guest: SignedIn;
  nonProjectMember: SignedIn;
  /** The canary workspace's owner. */
  otherAdmin: SignedIn;
}

export async function signUpAccounts(t: TestApp): Promise<Accounts> {
  const instanceAdmin = await signUp(t);
  const rest = await Promise.all(
    ['outsider', 'admin', 'member', 'viewer', 'guest', 'nonProjectMember', 'otherAdmin'].map(
      async (name) => [name, await signUp(t)] as const,
    ),
  );
  return { instanceAdmin, ...Object.fromEntries(rest) } as Accounts;
}

export function clientOf(t: TestApp, accounts: Accounts, actor: Actor): Client {
  return actor === 'anonymous' ? new Client(t.baseUrl) : accounts[actor].client;
}

/** A new API token of `account` for the workspace `slug` (api.md §14). */
async function mintKey(account: SignedIn, slug: string): Promise<string> {
  const res = await account.client.post(`/api/workspaces/${slug}/api-tokens/`, { label: 'matrix' });
  expect(res.status, res.text).toBe(201);
  return res.body.token;
}

/** Each account's key to a workspace of its own: it names nothing in any world it is not part of. */
const homeKeys = new Map<SignedIn, Promise<string>>();
function homeKey(account: SignedIn): Promise<string> {
  let key = homeKeys.get(account);
  if (!key) {
    key = (async () => {
      const slug = uniqueSlug('home');
      const created = await account.client.post('/api/workspaces/', { name: 'Home', slug });
      expect(created.status, created.text).toBe(201);
      return mintKey(account, slug);
    })();
    homeKeys.set(account, key);
  }
  return key;
}

async function ok<T = any>(pending: Promise<HttpResult<T>>): Promise<T> {
  const res = await pending;
  expect(res.status, res.text).toBeLessThan(300);
  return res.body;
}

export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export function pngForm(name = 'pixel.png'): FormData {
  const form = new FormData();
  form.append('asset', new Blob([PNG], { type: 'image/png' }), name);
  return form;
}

/** A CSV file to import, its only row named with `marker` (so a leak of its preview shows). */
export function csvForm(marker = 'import'): FormData {
  const form = new FormData();
  form.append(
    'file',
    new Blob([`title,status\n${marker} row,Todo\n`], { type: 'text/csv' }),
    `${marker}.csv`,
  );
  return form;
}

/**
 * A workspace with one project and the objects routes point at, each made on first use. The
 * matrix's own workspace has every role as a member; the canary workspace is owned by
 * `otherAdmin` alone and names everything with its marker, which no other response may contain.
 */
export class World {
  /** Every id this world made: the canary's must never appear in another workspace's answers. */
  readonly ids = new Set<string>();
  private readonly made = new Map<string, Promise<any>>();

  private constructor(
    readonly t: TestApp,
    readonly accounts: Accounts,
    readonly owner: SignedIn,
    readonly slug: string,
    readonly marker: string,
    readonly memberships: Partial<Record<Actor, string>>,
  ) {}

  /** The matrix's workspace: the admin owns it, every role joins it and (but one) its project. */
  static async withMembers(t: TestApp, accounts: Accounts): Promise<World> {
    const world = await World.owned(t, accounts, accounts.admin, `MATRIX${randomUUID().slice(0, 8)}`);
    const joining = Object.entries(MEMBER_ROLES).filter(([actor]) => actor !== 'admin') as [
      keyof typeof MEMBER_ROLES,
      number,
    ][];
    await world.joinAll(joining.map(([actor, role]) => [accounts[actor], role]));
    const members = await ok(world.admin.get(`${world.ws}/members/`));
    for (const [actor] of joining) {
      const id = accounts[actor].user.id;
      world.memberships[actor] = members.find((m: { member: { id: string } }) => m.member.id === id).id;
    }
    const projectMembers = joining
      .filter(([actor]) => actor !== 'nonProjectMember')
      .map(([actor, role]) => ({ member_id: accounts[actor].user.id, role }));
    await ok(
      world.admin.post(`${world.ws}/projects/${await world.projectId()}/members/`, {
        members: projectMembers,
      }),
    );
    return world;
  }

  /** The canary: another workspace, another owner, every value carrying the marker. */
  static async canary(t: TestApp, accounts: Accounts): Promise<World> {
    return World.owned(t, accounts, accounts.otherAdmin, `CANARY${randomUUID().slice(0, 8)}`);
  }

  private static async owned(t: TestApp, accounts: Accounts, owner: SignedIn, marker: string) {
    const slug = uniqueSlug(marker.toLowerCase());
    const workspace = await ok(owner.client.post('/api/workspaces/', { name: `${marker} workspace`, slug }));
    const world = new World(t, accounts, owner, slug, marker, {});
    world.ids.add(workspace.id);
    const members = await ok(owner.client.get(`/api/workspaces/${slug}/members/`));
    world.memberships.admin = members[0].id;
    return world;
  }

  get admin(): Client {
    return this.owner.client;
  }

  /**
   * The API key `actor` calls `/api/v1/` with: one of this world's workspace when they belong to it
   * (acting with their role there), else one of their own workspace; none for the anonymous.
   */
  async apiKey(actor: Actor): Promise<string | undefined> {
    if (actor === 'anonymous') return undefined;
    const account = this.accounts[actor];
    const belongs = account === this.owner || (actor !== 'admin' && this.memberships[actor] !== undefined);
    return belongs ? this.once(`key:${actor}`, () => mintKey(account, this.slug)) : homeKey(account);
  }

  /** The guest's API token of this workspace (a token is its owner's alone). */
  apiToken(): Promise<{ id: string }> {
    return this.once('apiToken', async () => {
      const account = this.memberships.guest ? this.accounts.guest : this.owner;
      return ok(account.client.post(`${this.ws}/api-tokens/`, { label: `${this.marker} token` }));
    });
  }

  /** A webhook of this workspace (api.md §13), to a public address literal (no lookup). */
  webhook(): Promise<{ id: string }> {
    return this.once('webhook', () =>
      ok(
        this.admin.post(`${this.ws}/webhooks/`, {
          url: `https://93.184.216.34/${this.marker}/hook`,
          issue: true,
        }),
      ),
    );
  }

  /** The guest's home dashboard in this workspace (a dashboard is its owner's alone). */
  dashboard(): Promise<{ id: string; widgets: { id: string }[] }> {
    return this.once('dashboard', async () => {
      const account = this.memberships.guest ? this.accounts.guest : this.owner;
      const body = await ok(account.client.get(`${this.ws}/dashboard/?dashboard_type=home`));
      return { id: body.dashboard.id as string, widgets: body.widgets as { id: string }[] };
    });
  }

  /** One change recorded on the project's main work item (its activity), read through the public API. */
  activity(which = 'main'): Promise<{ id: string }> {
    return this.once(`activity:${which}`, async () => {
      const ibase = await this.ibase(which);
      await ok(this.admin.patch(`${ibase}/`, { priority: 'high' }));
      const v1 = ibase.replace('/api/workspaces/', '/api/v1/workspaces/').replace('/issues/', '/work-items/');
      const key = (await this.apiKey(this.owner === this.accounts.admin ? 'admin' : 'otherAdmin'))!;
      const page = await ok(
        new Client(this.t.baseUrl).get(`${v1}/activities/`, { headers: { 'X-Api-Key': key } }),
      );
      return page.results.at(-1);
    });
  }
  get ws(): string {
    return `/api/workspaces/${this.slug}`;
  }

  /** Adds accounts to the workspace through one invitation each, which they accept by the mailed link. */
  private async joinAll(joining: [SignedIn, number][]): Promise<void> {
    const emails = joining.map(([account, role]) => ({ email: account.user.email, role }));
    await ok(this.admin.post(`${this.ws}/invitations/`, { emails }));
    for (const [account] of joining) {
      const link = new URL(lastMailTo(this.t, account.user.email).link!);
      await ok(
        account.client.post(`${this.ws}/invitations/${link.searchParams.get('invitation_id')}/join/`, {
          token: link.searchParams.get('token'),
          accepted: true,
        }),
      );
    }
  }

  /** Makes `key` once per world; every id in its answer is recorded. */
  private once<T>(key: string, make: () => Promise<T>): Promise<T> {
    let pending = this.made.get(key);
    if (!pending) {
      pending = make().then((value) => {
        this.record(value);
        return value;
      });
      this.made.set(key, pending);
    }
    return pending;
  }

  private record(value: unknown) {
    if (typeof value === 'string' && /^[0-9a-f-]{36}$/.test(value)) this.ids.add(value);
    else if (Array.isArray(value)) for (const v of value) this.record(v);
    else if (value && typeof value === 'object') {
      const id = (value as { id?: unknown }).id;
      if (typeof id === 'string') this.ids.add(id);
    }
  }

  private name(what: string) {
    return `${this.marker} ${what}`;
  }

  project(which = 'main'): Promise<{ id: string; identifier: string }> {
    return this.once(`project:${which}`, () =>
      ok(
        this.admin.post(`${this.ws}/projects/`, {
          name: this.name(`project ${which}`),
          // Six letters (digits become g–p): with four hex characters and every digit an X, 'MXXXX'
          // came up for the canary and the matrix alike about once in 40 runs, and keys collided.
          identifier: `${which === 'main' ? 'M' : 'S'}${randomUUID()
            .replaceAll('-', '')
            .slice(0, 6)
            .replace(/\d/g, (d) => String.fromCharCode(103 + Number(d)))}`.toUpperCase(),
          network: which === 'public' ? 2 : 0,
          description: this.name('description'),
        }),
      ),
    );
  }
  async projectId(which = 'main') {
    return (await this.project(which)).id;
  }
  async pbase(which = 'main') {
    return `${this.ws}/projects/${await this.projectId(which)}`;
  }

  issue(which = 'main', name = 'issue'): Promise<{ id: string; sequence_id: number }> {
    return this.once(`issue:${which}:${name}`, async () =>
      ok(
        this.admin.post(`${await this.pbase(which)}/issues/`, {
          name: this.name(name),
          description_html: `<p>${this.name('description')}</p>`,
        }),
      ),
    );
  }
  async ibase(which = 'main') {
    return `${await this.pbase(which)}/issues/${(await this.issue(which)).id}`;
  }

  /** An issue in a completed state: archivable. */
  /** An issue in a completed state, so it may be archived. */
  doneIssue(which = 'main', name = 'done'): Promise<{ id: string }> {
    return this.once(`issue:${which}:${name}`, async () => {
      const states = await ok(this.admin.get(`${await this.pbase(which)}/states/`));
      const done = states.find((s: { group: string }) => s.group === 'completed');
      return ok(
        this.admin.post(`${await this.pbase(which)}/issues/`, { name: this.name(name), state_id: done.id }),
      );
    });
  }
  archivedIssue(which = 'main'): Promise<{ id: string }> {
    return this.once(`archived:${which}`, async () => {
      const issue = await this.doneIssue(which, 'archived');
      await ok(this.admin.post(`${await this.pbase(which)}/issues/${issue.id}/archive/`, {}));
      return issue;
    });
  }
  draft(which = 'main'): Promise<{ id: string }> {
    return this.once(`draft:${which}`, async () =>
      ok(this.admin.post(`${await this.pbase(which)}/issue-drafts/`, { name: this.name('draft') })),
    );
  }
  /** The project with its intake switched on (the intake's routes answer nothing else). */
  async intakeProjectId(which = 'main'): Promise<string> {
    await this.once(`intake:${which}`, async () =>
      ok(this.admin.patch(`${await this.pbase(which)}/`, { intake_view: true })),
    );
    return this.projectId(which);
  }
  /** A pending item of the project's intake, submitted by the admin. */
  intakeItem(which = 'main'): Promise<{ id: string; issue: { id: string } }> {
    return this.once(`intakeItem:${which}`, async () =>
      ok(
        this.admin.post(`${this.ws}/projects/${await this.intakeProjectId(which)}/inbox-issues/`, {
          source: 'IN_APP',
          issue: {
            name: this.name('intake item'),
            description_html: `<p>${this.name('intake description')}</p>`,
          },
        }),
      ).then((item) => {
        this.ids.add(item.issue.id);
        return item;
      }),
    );
  }
  /** A member of the workspace other than the owner where there is one (the canary has none). */
  get memberUserId(): string {
    return (this.memberships.member ? this.accounts.member : this.owner).user.id;
  }
  async projectMemberId(which = 'main'): Promise<string> {
    const members = await ok(this.admin.get(`${await this.pbase(which)}/members/`));
    const found = members.find((m: { member: string }) => m.member === this.memberUserId) ?? members[0];
    this.ids.add(found.id);
    return found.id;
  }
  comment(which = 'main'): Promise<{ id: string }> {
    return this.once(`comment:${which}`, async () =>
      ok(
        this.admin.post(`${await this.ibase(which)}/comments/`, {
          comment_html: `<p>${this.name('comment')}</p>`,
        }),
      ),
    );
  }
  label(which = 'main'): Promise<{ id: string }> {
    return this.once(`label:${which}`, async () =>
      ok(
        this.admin.post(`${await this.pbase(which)}/issue-labels/`, {
          name: this.name('label'),
          color: '#ff0000',
        }),
      ),
    );
  }
  /** A dated cycle of the project (`kind`: current, upcoming, completed, or archived), ranges apart. */
  cycle(
    which = 'main',
    kind: 'current' | 'upcoming' | 'completed' | 'archived' = 'current',
  ): Promise<{ id: string }> {
    const offsets = { current: [-1, 5], upcoming: [30, 40], completed: [-60, -50], archived: [-90, -80] };
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    return this.once(`cycle:${which}:${kind}`, async () => {
      const [start, end] = offsets[kind];
      const pbase = await this.pbase(which);
      const cycle = await ok(
        this.admin.post(`${pbase}/cycles/`, {
          name: this.name(`${kind} cycle`),
          start_date: day(start!),
          end_date: day(end!),
        }),
      );
      if (kind === 'archived') await ok(this.admin.post(`${pbase}/cycles/${cycle.id}/archive/`, {}));
      return cycle;
    });
  }
  /** A module of the project (`kind`: planned, completed, or archived). */
  module(which = 'main', kind: 'planned' | 'completed' | 'archived' = 'planned'): Promise<{ id: string }> {
    return this.once(`module:${which}:${kind}`, async () => {
      const pbase = await this.pbase(which);
      const module = await ok(
        this.admin.post(`${pbase}/modules/`, {
          name: this.name(`${kind} module`),
          status: kind === 'planned' ? 'planned' : 'completed',
        }),
      );
      if (kind === 'archived') await ok(this.admin.post(`${pbase}/modules/${module.id}/archive/`, {}));
      return module;
    });
  }
  /** A public saved view owned by the admin: of the project (`which`), or with 'workspace' the workspace's own. */
  view(which = 'main'): Promise<{ id: string }> {
    return this.once(`view:${which}`, async () => {
      const base = which === 'workspace' ? this.ws : await this.pbase(which);
      return ok(
        this.admin.post(`${base}/views/`, {
          name: this.name('view'),
          description: this.name('view description'),
          filters: {
            priority: ['high'],
            labels: [(await this.label(which === 'workspace' ? 'main' : which)).id],
          },
        }),
      );
    });
  }
  /** A public page of the project owned by the admin, with a description; or an archived one. */
  page(which = 'main', kind: 'active' | 'archived' = 'active'): Promise<{ id: string }> {
    return this.once(`page:${which}:${kind}`, async () => {
      const pbase = await this.pbase(which);
      const page = await ok(
        this.admin.post(`${pbase}/pages/`, {
          name: this.name(`${kind} page`),
          description_html: `<p>${this.name('page text')}</p>`,
        }),
      );
      if (kind === 'archived') await ok(this.admin.post(`${pbase}/pages/${page.id}/archive/`, {}));
      return page;
    });
  }
  /** An image put into the project's page. */
  pageImage(which = 'main'): Promise<{ id: string }> {
    return this.once(`pageImage:${which}`, async () =>
      ok(
        this.admin.request(
          'POST',
          `${await this.pbase(which)}/pages/${(await this.page(which)).id}/images/`,
          {
            multipart: pngForm(`${this.marker}.png`),
          },
        ),
      ),
    );
  }
  /** The guest's favorite of the project's public view, through the workspace's favorites list. */
  favorite(): Promise<{ id: string }> {
    return this.once('favorite', async () => {
      const account = this.memberships.guest ? this.accounts.guest : this.owner;
      return ok(
        account.client.post(`${this.ws}/user-favorites/`, {
          entity_type: 'view',
          entity_identifier: (await this.view()).id,
          project_id: await this.projectId(),
        }),
      );
    });
  }
  /** The viewer's notification: mentioned in the description of a new item, delivered by the worker. */
  notification(): Promise<{ id: string }> {
    return this.once('notification', async () => {
      const viewer = this.accounts.viewer;
      const mention = `<mention-component entity_name="user_mention" entity_identifier="${viewer.user.id}"></mention-component>`;
      await ok(
        this.admin.post(`${this.ws}/projects/${await this.projectId()}/issues/`, {
          name: 'Mentioning the viewer',
          description_html: `<p>${mention}</p>`,
        }),
      );
      await this.t.services.outboxWorker.drain();
      const inbox = await ok(viewer.client.get(`${this.ws}/users/notifications/`));
      return inbox.results[0];
    });
  }
  moduleLink(which = 'main'): Promise<{ id: string }> {
    return this.once(`moduleLink:${which}`, async () =>
      ok(
        this.admin.post(`${await this.pbase(which)}/modules/${(await this.module(which)).id}/module-links/`, {
          url: `https://example.com/${this.marker}/spec`,
          title: this.name('module link'),
        }),
      ),
    );
  }
  /** The project's main work item put into the module. */
  async inModule(which: string, moduleId: string): Promise<string> {
    const issue = await this.issue(which);
    await ok(
      this.admin.post(`${await this.pbase(which)}/modules/${moduleId}/issues/`, { issues: [issue.id] }),
    );
    return issue.id;
  }
  /** The project's main work item put into the cycle. */
  async inCycle(which: string, cycleId: string): Promise<string> {
    const issue = await this.issue(which);
    await ok(
      this.admin.post(`${await this.pbase(which)}/cycles/${cycleId}/cycle-issues/`, { issues: [issue.id] }),
    );
    return issue.id;
  }
  state(which = 'main'): Promise<{ id: string }> {
    return this.once(`state:${which}`, async () =>
      ok(
        this.admin.post(`${await this.pbase(which)}/states/`, {
          name: this.name('state'),
          color: '#112233',
          group: 'started',
        }),
      ),
    );
  }
  link(which = 'main'): Promise<{ id: string }> {
    return this.once(`link:${which}`, async () =>
      ok(
        this.admin.post(`${await this.ibase(which)}/issue-links/`, {
          url: `https://example.com/${this.marker}`,
          title: this.name('link'),
        }),
      ),
    );
  }
  attachment(which = 'main'): Promise<{ id: string }> {
    return this.once(`attachment:${which}`, async () =>
      ok(
        this.admin.request('POST', `${await this.ibase(which)}/issue-attachments/`, {
          multipart: pngForm(`${this.marker}.png`),
        }),
      ),
    );
  }
  /** A second issue of the project, related to the main one. */
  related(which = 'main'): Promise<{ id: string }> {
    return this.once(`related:${which}`, async () => {
      const other = await this.issue(which, 'related');
      await ok(
        this.admin.post(`${await this.ibase(which)}/issue-relation/`, {
          relation_type: 'relates_to',
          issues: [other.id],
        }),
      );
      return other;
    });
  }
  /** The admin's reaction on the main issue, and on its comment. */
  issueReaction(): Promise<string> {
    return this.once('reaction:issue', async () => {
      await ok(this.admin.post(`${await this.ibase()}/reactions/`, { reaction: '👍' }));
      return '👍';
    });
  }
  commentReaction(): Promise<string> {
    return this.once('reaction:comment', async () => {
      const comment = await this.comment();
      await ok(
        this.admin.post(`${await this.pbase()}/comments/${comment.id}/reactions/`, { reaction: '👍' }),
      );
      return '👍';
    });
  }
  /** The member actor subscribed to the main issue. */
  subscriber(): Promise<string> {
    return this.once('subscriber', async () => {
      const user = this.memberUserId;
      await ok(this.admin.post(`${await this.ibase()}/issue-subscribers/`, { subscriber: user }));
      return user;
    });
  }
  estimate(which = 'main'): Promise<{ id: string; points: { id: string }[] }> {
    return this.once(`estimate:${which}`, async () =>
      ok(
        this.admin.post(`${await this.pbase(which)}/estimates/`, {
          estimate: { name: this.name('estimate'), type: 'points' },
          estimate_points: [
            { key: 0, value: '1' },
            { key: 1, value: '2' },
            { key: 2, value: '3' },
          ],
        }),
      ),
    );
  }
  async estimatePoint(which = 'main'): Promise<string> {
    const estimate = await this.estimate(which);
    const detail = await ok(this.admin.get(`${await this.pbase(which)}/estimates/${estimate.id}/`));
    const id = detail.points[0].id as string;
    this.ids.add(id);
    return id;
  }
  deployBoard(which = 'main'): Promise<{ id: string; anchor: string }> {
    return this.once(`board:${which}`, async () =>
      ok(this.admin.post(`${await this.pbase(which)}/project-deploy-boards/`, {})),
    );
  }
  invitation(): Promise<{ id: string }> {
    return this.once('invitation', async () => {
      const [invitation] = await ok(
        this.admin.post(`${this.ws}/invitations/`, {
          emails: [
            { email: `${this.marker.toLowerCase()}-${randomUUID().slice(0, 6)}@example.com`, role: 15 },
          ],
        }),
      );
      return invitation;
    });
  }
  /** A CSV import of the project, uploaded and not started. */
  csvImport(which = 'main'): Promise<{ id: string }> {
    return this.once(`csvImport:${which}`, async () =>
      ok(
        this.admin.request('POST', `${await this.pbase(which)}/imports/`, {
          multipart: csvForm(this.marker),
        }),
      ),
    );
  }
  /** A finished export (the job that makes it runs here rather than on its timer). */
  exportRequest(): Promise<{ id: string }> {
    return this.once('export', async () => {
      const queued = await ok(
        this.admin.post(`${this.ws}/export-issues/`, { provider: 'csv', project: [await this.projectId()] }),
      );
      while (await this.t.services.exports.processNext()) {}
      return queued;
    });
  }
}
