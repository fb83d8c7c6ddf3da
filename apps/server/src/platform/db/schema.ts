import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => ts('created_at').notNull().defaultNow();
const updatedAt = () => ts('updated_at').notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    display_name: text('display_name').notNull(),
    first_name: text('first_name').notNull().default(''),
    last_name: text('last_name').notNull().default(''),
    avatar: text('avatar'),
    cover_image: text('cover_image'),
    password_hash: text('password_hash'),
    is_password_autoset: boolean('is_password_autoset').notNull().default(false),
    is_active: boolean('is_active').notNull().default(true),
    is_bot: boolean('is_bot').notNull().default(false),
    is_email_verified: boolean('is_email_verified').notNull().default(false),
    is_instance_admin: boolean('is_instance_admin').notNull().default(false),
    user_timezone: text('user_timezone').notNull().default('UTC'),
    last_login_medium: text('last_login_medium'),
    last_login_at: ts('last_login_at'),
    date_joined: ts('date_joined').notNull().defaultNow(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), uniqueIndex('users_username_key').on(t.username)],
);

export const profiles = pgTable('profiles', {
  id: id(),
  user_id: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  role: text('role'),
  last_workspace_id: uuid('last_workspace_id'),
  theme: jsonb('theme').$type<Record<string, unknown>>().notNull().default({}),
  onboarding_step: jsonb('onboarding_step').$type<Record<string, boolean>>().notNull(),
  is_onboarded: boolean('is_onboarded').notNull().default(false),
  is_tour_completed: boolean('is_tour_completed').notNull().default(false),
  use_case: text('use_case'),
  billing_address_country: text('billing_address_country'),
  billing_address: text('billing_address'),
  has_billing_address: boolean('has_billing_address').notNull().default(false),
  notification_preferences: jsonb('notification_preferences')
    .$type<Record<string, boolean>>()
    .notNull()
    .default({}),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

/** Server-side sessions; `token_hash` is the SHA-256 of the cookie value, never the value itself. */
export const sessions = pgTable(
  'sessions',
  {
    token_hash: text('token_hash').primaryKey(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
    expires_at: ts('expires_at').notNull(),
    ip: text('ip'),
    user_agent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.user_id)],
);

export const magicCodes = pgTable(
  'magic_codes',
  {
    id: id(),
    email: text('email').notNull(),
    code_hash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    created_at: createdAt(),
    expires_at: ts('expires_at').notNull(),
    used_at: ts('used_at'),
  },
  (t) => [index('magic_codes_email_idx').on(t.email, t.created_at)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    created_at: createdAt(),
    expires_at: ts('expires_at').notNull(),
    used_at: ts('used_at'),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.user_id)],
);

/** One row per failed password sign-in; counted per account and per client IP over a window. */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: id(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    index('sign_in_failures_email_idx').on(t.email, t.created_at),
    index('sign_in_failures_ip_idx').on(t.ip, t.created_at),
  ],
);

/**
 * A sign-in provider's account linked to a user (api.md §1.2): found again by the provider's stable
 * subject, never by email, so a changed email at the provider still reaches the same user.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: id(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    provider_account_id: text('provider_account_id').notNull(),
    email: text('email'),
    created_at: createdAt(),
    last_used_at: ts('last_used_at'),
  },
  (t) => [
    uniqueIndex('accounts_provider_subject_key').on(t.provider, t.provider_account_id),
    index('accounts_user_idx').on(t.user_id),
  ],
);

/** What instance admins changed in the console, and when (secret values are never written here). */
export const instanceAuditLog = pgTable(
  'instance_audit_log',
  {
    id: id(),
    actor_id: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    target: text('target'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    created_at: createdAt(),
  },
  (t) => [index('instance_audit_log_created_idx').on(t.created_at, t.id)],
);

export const instance = pgTable('instance', {
  id: id(),
  instance_name: text('instance_name').notNull(),
  instance_id: text('instance_id').notNull(),
  is_setup_done: boolean('is_setup_done').notNull().default(false),
  is_telemetry_enabled: boolean('is_telemetry_enabled').notNull().default(false),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

export const instanceConfigurations = pgTable('instance_configurations', {
  key: text('key').primaryKey(),
  value: text('value'),
  category: text('category').notNull(),
  is_encrypted: boolean('is_encrypted').notNull().default(false),
  updated_at: updatedAt(),
});

export const workspaces = pgTable(
  'workspaces',
  {
    id: id(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    owner_id: uuid('owner_id').references(() => users.id),
    logo_url: text('logo_url'),
    organization_size: text('organization_size'),
    timezone: text('timezone').notNull().default('UTC'),
    created_at: createdAt(),
    updated_at: updatedAt(),
    created_by: uuid('created_by'),
    updated_by: uuid('updated_by'),
    deleted_at: ts('deleted_at'),
  },
  (t) => [uniqueIndex('workspaces_slug_live_key').on(t.slug).where(sql`${t.deleted_at} is null`)],
);

export const workspaceMembers = pgTable(
  'workspace_members',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    member_id: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: smallint('role').notNull(),
    is_active: boolean('is_active').notNull().default(true),
    view_props: jsonb('view_props').$type<Record<string, unknown>>().notNull().default({}),
    default_props: jsonb('default_props').$type<Record<string, unknown>>().notNull().default({}),
    issue_props: jsonb('issue_props').$type<Record<string, unknown>>().notNull().default({}),
    created_at: createdAt(),
    updated_at: updatedAt(),
    created_by: uuid('created_by'),
    updated_by: uuid('updated_by'),
  },
  (t) => [
    uniqueIndex('workspace_members_workspace_member_key').on(t.workspace_id, t.member_id),
    index('workspace_members_member_idx').on(t.member_id),
  ],
);

export const workspaceInvitations = pgTable(
  'workspace_invitations',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: smallint('role').notNull(),
    token_hash: text('token_hash').notNull(),
    accepted: boolean('accepted').notNull().default(false),
    responded_at: ts('responded_at'),
    message: text('message'),
    expires_at: ts('expires_at').notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
    created_by: uuid('created_by'),
    updated_by: uuid('updated_by'),
    deleted_at: ts('deleted_at'),
  },
  (t) => [
    index('workspace_invitations_workspace_idx').on(t.workspace_id),
    index('workspace_invitations_email_idx').on(t.email),
  ],
);

/** Who did what, where: read by me/activities now, written by the issue domains as they land. */
export const activities = pgTable(
  'activities',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    project_id: uuid('project_id'),
    issue_id: uuid('issue_id'),
    actor_id: uuid('actor_id'),
    verb: text('verb').notNull(),
    field: text('field'),
    old_value: text('old_value'),
    new_value: text('new_value'),
    comment: text('comment'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('activities_actor_idx').on(t.actor_id, t.created_at),
    index('activities_issue_idx').on(t.issue_id, t.created_at),
    // A cycle's burndown finds every item that ever entered or left it.
    index('activities_cycle_new_idx').on(t.new_value).where(sql`${t.field} = 'cycle'`),
    index('activities_cycle_old_idx').on(t.old_value).where(sql`${t.field} = 'cycle'`),
    // …and a module's, by the module ids its rows list (`a,b,c`).
    index('activities_modules_new_idx')
      .using('gin', sql`string_to_array(${t.new_value}, ',')`)
      .where(sql`${t.field} = 'modules'`),
    index('activities_modules_old_idx')
      .using('gin', sql`string_to_array(${t.old_value}, ',')`)
      .where(sql`${t.field} = 'modules'`),
  ],
);

const audit = () => ({
  created_at: createdAt(),
  updated_at: updatedAt(),
  created_by: uuid('created_by'),
  updated_by: uuid('updated_by'),
});

export const projects = pgTable(
  'projects',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    description_html: text('description_html').notNull().default('<p></p>'),
    identifier: text('identifier').notNull(),
    network: smallint('network').notNull().default(2),
    project_lead_id: uuid('project_lead_id'),
    default_assignee_id: uuid('default_assignee_id'),
    emoji: text('emoji'),
    icon_prop: jsonb('icon_prop').$type<Record<string, unknown>>(),
    logo_props: jsonb('logo_props').$type<Record<string, unknown>>().notNull().default({}),
    cover_image: text('cover_image'),
    cycle_view: boolean('cycle_view').notNull().default(true),
    module_view: boolean('module_view').notNull().default(true),
    issue_views_view: boolean('issue_views_view').notNull().default(true),
    page_view: boolean('page_view').notNull().default(true),
    intake_view: boolean('intake_view').notNull().default(false),
    guest_view_all_features: boolean('guest_view_all_features').notNull().default(false),
    archive_in: smallint('archive_in').notNull().default(0),
    close_in: smallint('close_in').notNull().default(0),
    default_state_id: uuid('default_state_id'),
    estimate_id: uuid('estimate_id'),
    timezone: text('timezone').notNull().default('UTC'),
    sort_order: doublePrecision('sort_order').notNull().default(65535),
    archived_at: ts('archived_at'),
    anchor: text('anchor'),
    external_source: text('external_source'),
    external_id: text('external_id'),
    ...audit(),
    deleted_at: ts('deleted_at'),
  },
  (t) => [
    uniqueIndex('projects_identifier_live_key')
      .on(t.workspace_id, t.identifier)
      .where(sql`${t.deleted_at} is null`),
    uniqueIndex('projects_name_live_key').on(t.workspace_id, t.name).where(sql`${t.deleted_at} is null`),
  ],
);

export const projectMembers = pgTable(
  'project_members',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    project_id: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    member_id: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: smallint('role').notNull(),
    is_active: boolean('is_active').notNull().default(true),
    view_props: jsonb('view_props').$type<Record<string, unknown>>().notNull().default({}),
    default_props: jsonb('default_props').$type<Record<string, unknown>>().notNull().default({}),
    preferences: jsonb('preferences').$type<Record<string, unknown>>().notNull().default({}),
    sort_order: doublePrecision('sort_order').notNull().default(65535),
    ...audit(),
  },
  (t) => [
    uniqueIndex('project_members_project_member_key').on(t.project_id, t.member_id),
    index('project_members_member_idx').on(t.workspace_id, t.member_id),
  ],
);

export const states = pgTable(
  'states',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    project_id: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    color: text('color').notNull(),
    group: text('group').notNull(),
    sequence: doublePrecision('sequence').notNull(),
    default: boolean('default').notNull().default(false),
    is_triage: boolean('is_triage').notNull().default(false),
    external_source: text('external_source'),
    external_id: text('external_id'),
    ...audit(),
    deleted_at: ts('deleted_at'),
  },
  (t) => [
    // The hidden triage state's name never blocks a visible state's.
    uniqueIndex('states_name_live_key')
      .on(t.project_id, t.name)
      .where(sql`${t.deleted_at} is null and not ${t.is_triage}`),
    // Exactly one default per project, enforced by the database as well as the service.
    uniqueIndex('states_one_default_key')
      .on(t.project_id)
      .where(sql`${t.default} and ${t.deleted_at} is null`),
    // At most one triage state per project: the intake makes it on first use, racing itself.
    uniqueIndex('states_one_triage_key')
      .on(t.project_id)
      .where(sql`${t.is_triage} and ${t.deleted_at} is null`),
  ],
);

export const labels = pgTable(
  'labels',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    project_id: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    color: text('color').notNull().default(''),
    parent_id: uuid('parent_id'),
    sort_order: doublePrecision('sort_order').notNull(),
    external_source: text('external_source'),
    external_id: text('external_id'),
    ...audit(),
    deleted_at: ts('deleted_at'),
  },
  (t) => [
    uniqueIndex('labels_name_live_key')
      .on(t.project_id, sql`lower(${t.name})`)
      .where(sql`${t.deleted_at} is null`),
  ],
);

export const estimates = pgTable(
  'estimates',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    project_id: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    type: text('type').notNull(),
    last_used: boolean('last_used').notNull().default(false),
    ...audit(),
    deleted_at: ts('deleted_at'),
  },
  (t) => [index('estimates_project_idx').on(t.project_id)],
);

export const estimatePoints = pgTable(
  'estimate_points',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    project_id: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    estimate_id: uuid('estimate_id')
      .notNull()
      .references(() => estimates.id, { onDelete: 'cascade' }),
    key: integer('key').notNull(),
    value: text('value').notNull(),
    description: text('description').notNull().default(''),
    ...audit(),
    deleted_at: ts('deleted_at'),
  },
  (t) => [index('estimate_points_estimate_idx').on(t.estimate_id)],
);

export const userFavorites = pgTable(
  'user_favorites',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    entity_type: text('entity_type').notNull(),
    entity_identifier: uuid('entity_identifier').notNull(),
    project_id: uuid('project_id'),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('user_favorites_entity_key').on(t.user_id, t.entity_type, t.entity_identifier)],
);

export const deployBoards = pgTable(
  'deploy_boards',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    project_id: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    anchor: text('anchor').notNull(),
    entity_name: text('entity_name').notNull().default('project'),
    is_comments_enabled: boolean('is_comments_enabled').notNull().default(false),
    is_reactions_enabled: boolean('is_reactions_enabled').notNull().default(false),
    is_votes_enabled: boolean('is_votes_enabled').notNull().default(false),
    is_activity_enabled: boolean('is_activity_enabled').notNull().default(false),
    intake_id: uuid('intake_id'),
    view_props: jsonb('view_props').$type<Record<string, unknown>>().notNull().default({}),
    is_disabled: boolean('is_disabled').notNull().default(false),
    ...audit(),
  },
  (t) => [
    uniqueIndex('deploy_boards_anchor_key').on(t.anchor),
    uniqueIndex('deploy_boards_project_key').on(t.project_id),
  ],
);

/**
 * Per-user layout, filters and display properties of a project, of one of its cycles or modules,
 * or (with no project) of the workspace's global views.
 */
export const userProperties = pgTable(
  'user_properties',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    project_id: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    cycle_id: uuid('cycle_id').references((): AnyPgColumn => cycles.id, { onDelete: 'cascade' }),
    module_id: uuid('module_id').references((): AnyPgColumn => modules.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull().default({}),
    display_filters: jsonb('display_filters').$type<Record<string, unknown>>().notNull().default({}),
    display_properties: jsonb('display_properties').$type<Record<string, unknown>>().notNull().default({}),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('user_properties_scope_key')
      .on(t.user_id, t.workspace_id, t.project_id)
      .where(sql`${t.project_id} is not null and ${t.cycle_id} is null and ${t.module_id} is null`),
    uniqueIndex('user_properties_cycle_key').on(t.user_id, t.cycle_id).where(sql`${t.cycle_id} is not null`),
    uniqueIndex('user_properties_module_key')
      .on(t.user_id, t.module_id)
      .where(sql`${t.module_id} is not null`),
    uniqueIndex('user_properties_workspace_key')
      .on(t.user_id, t.workspace_id)
      .where(sql`${t.project_id} is null`),
  ],
);

/** Per-project issue number counter: the row lock serialises allocation, numbers are never reused. */
export const issueSequences = pgTable('issue_sequences', {
  project_id: uuid('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  last: integer('last').notNull().default(0),
});

/** A time box of a project's work (api.md §6). Its status is computed on read from the dates. */
export const cycles = pgTable(
  'cycles',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    project_id: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    start_date: date('start_date', { mode: 'string' }),
    end_date: date('end_date', { mode: 'string' }),
    owned_by_id: uuid('owned_by_id'),
    sort_order: doublePrecision('sort_order').notNull(),
    view_props: jsonb('view_props').$type<Record<string, unknown>>().notNull().default({}),
    /** The progress figures frozen when the cycle's unfinished items were transferred. */
    progress_snapshot: jsonb('progress_snapshot').$type<Record<string, unknown>>().notNull().default({}),
    logo_props: jsonb('logo_props').$type<Record<string, unknown>>().notNull().default({}),
    archived_at: ts('archived_at'),
    external_source: text('external_source'),
    external_id: text('external_id'),
    ...audit(),
    deleted_at: ts('deleted_at'),
  },
  (t) => [index('cycles_project_idx').on(t.project_id).where(sql`${t.deleted_at} is null`)],
);

/** A theme of a project's work (api.md §7); work items name their modules in `issues.module_ids`. */
export const modules = pgTable(
  'modules',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    project_id: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    description_html: text('description_html').notNull().default('<p></p>'),
    status: text('status').notNull().default('planned'),
    lead_id: uuid('lead_id'),
    member_ids: uuid('member_ids').array().notNull().default(sql`'{}'::uuid[]`),
    start_date: date('start_date', { mode: 'string' }),
    target_date: date('target_date', { mode: 'string' }),
    sort_order: doublePrecision('sort_order').notNull(),
    view_props: jsonb('view_props').$type<Record<string, unknown>>().notNull().default({}),
    logo_props: jsonb('logo_props').$type<Record<string, unknown>>().notNull().default({}),
    archived_at: ts('archived_at'),
    external_source: text('external_source'),
    external_id: text('external_id'),
    ...audit(),
    deleted_at: ts('deleted_at'),
  },
  (t) => [uniqueIndex('modules_name_live_key').on(t.project_id, t.name).where(sql`${t.deleted_at} is null`)],
);

export const moduleLinks = pgTable(
  'module_links',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    project_id: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    module_id: uuid('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    url: text('url').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    ...audit(),
  },
  (t) => [index('module_links_module_idx').on(t.module_id, t.created_at)],
);

/**
 * A saved view (api.md §8): a project's view, or with no project a workspace's custom global view.
 * `filters`, `display_filters` and `display_properties` are stored whole (every key), as the
 * user-properties objects are; `access` 0 public, 1 private (the owner alone sees it).
 */
export const issueViews = pgTable(
  'issue_views',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    project_id: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull().default({}),
    display_filters: jsonb('display_filters').$type<Record<string, unknown>>().notNull().default({}),
    display_properties: jsonb('display_properties').$type<Record<string, unknown>>().notNull().default({}),
    access: smallint('access').notNull().default(0),
    is_locked: boolean('is_locked').notNull().default(false),
    owned_by: uuid('owned_by').notNull(),
    sort_order: doublePrecision('sort_order').notNull().default(65535),
    logo_props: jsonb('logo_props').$type<Record<string, unknown>>().notNull().default({}),
    ...audit(),
    deleted_at: ts('deleted_at'),
  },
  (t) => [
    index('issue_views_list_idx')
      .on(t.workspace_id, t.project_id, t.updated_at)
      .where(sql`${t.deleted_at} is null`),
  ],
);

export const issues = pgTable(
  'issues',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    project_id: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    sequence_id: integer('sequence_id').notNull(),
    name: text('name').notNull(),
    description_html: text('description_html').notNull().default('<p></p>'),
    description_stripped: text('description_stripped').notNull().default(''),
    priority: text('priority').notNull().default('none'),
    state_id: uuid('state_id').notNull(),
    sort_order: doublePrecision('sort_order').notNull(),
    estimate_point_id: uuid('estimate_point_id'),
    start_date: date('start_date', { mode: 'string' }),
    target_date: date('target_date', { mode: 'string' }),
    completed_at: ts('completed_at'),
    archived_at: ts('archived_at'),
    parent_id: uuid('parent_id'),
    cycle_id: uuid('cycle_id'),
    module_ids: uuid('module_ids').array().notNull().default(sql`'{}'::uuid[]`),
    label_ids: uuid('label_ids').array().notNull().default(sql`'{}'::uuid[]`),
    assignee_ids: uuid('assignee_ids').array().notNull().default(sql`'{}'::uuid[]`),
    sub_issues_count: integer('sub_issues_count').notNull().default(0),
    attachment_count: integer('attachment_count').notNull().default(0),
    link_count: integer('link_count').notNull().default(0),
    is_draft: boolean('is_draft').notNull().default(false),
    /** Waiting in the project's intake (not accepted): out of every normal list, like a draft. */
    is_intake: boolean('is_intake').notNull().default(false),
    external_source: text('external_source'),
    external_id: text('external_id'),
    ...audit(),
    deleted_at: ts('deleted_at'),
  },
  (t) => [
    uniqueIndex('issues_project_sequence_key').on(t.project_id, t.sequence_id),
    // Kanban by state: per-state top-N in manual order without scanning the project (quality.md A1).
    index('issues_board_state_idx')
      .on(t.project_id, t.state_id, t.sort_order, t.id)
      .where(
        sql`${t.deleted_at} is null and ${t.archived_at} is null and not ${t.is_draft} and not ${t.is_intake}`,
      ),
    // Same predicate as the lists' default scope, so deep pages skip rows in the index alone.
    index('issues_list_created_idx')
      .on(t.project_id, t.created_at.desc(), t.id)
      .where(
        sql`${t.deleted_at} is null and ${t.archived_at} is null and not ${t.is_draft} and not ${t.is_intake}`,
      ),
    index('issues_parent_idx').on(t.parent_id),
    // A cycle's items in manual order (boards grouped by cycle, the cycle's own list).
    index('issues_cycle_board_idx')
      .on(t.project_id, t.cycle_id, t.sort_order, t.id)
      .where(
        sql`${t.deleted_at} is null and ${t.archived_at} is null and not ${t.is_draft} and not ${t.is_intake}`,
      ),
    // The project in manual order: a module's items (a share of the project) are found walking it.
    index('issues_board_order_idx')
      .on(t.project_id, t.sort_order, t.id)
      .where(
        sql`${t.deleted_at} is null and ${t.archived_at} is null and not ${t.is_draft} and not ${t.is_intake}`,
      ),
    index('issues_modules_gin').using('gin', t.module_ids),
    index('issues_labels_gin').using('gin', t.label_ids),
    index('issues_assignees_gin').using('gin', t.assignee_ids),
    uniqueIndex('issues_external_key')
      .on(t.project_id, t.external_source, t.external_id)
      .where(sql`${t.external_id} is not null and ${t.deleted_at} is null`),
  ],
);

/**
 * Live work items per project, state and priority, kept as signed deltas: a trigger on `issues`
 * appends +1/−1 rows in the writing transaction (appends never wait on each other, so state
 * changes in opposite directions cannot deadlock), and a job folds them into one row per key.
 * Board counts read these few rows instead of counting the project (quality.md A1).
 */
export const issueCountDeltas = pgTable(
  'issue_count_deltas',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    project_id: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    state_id: uuid('state_id').notNull(),
    priority: text('priority').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [index('issue_count_deltas_project_idx').on(t.project_id)],
);

/**
 * The same deltas per cycle and per module (`kind`; `key` null for items in none), by state: the
 * counts of a board grouped by cycle or module (a trigger on `issues`, folded by the same job).
 */
export const issueGroupCountDeltas = pgTable(
  'issue_group_count_deltas',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    project_id: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    key: uuid('key'),
    state_id: uuid('state_id').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [index('issue_group_count_deltas_project_idx').on(t.project_id, t.kind)],
);

export const issueSubscribers = pgTable(
  'issue_subscribers',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    project_id: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    issue_id: uuid('issue_id')
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    subscriber_id: uuid('subscriber_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('issue_subscribers_issue_user_key').on(t.issue_id, t.subscriber_id),
    index('issue_subscribers_user_idx').on(t.subscriber_id),
  ],
);

/**
 * The users a work item's description mentions, kept by the `issue_mentions_sync` trigger
 * (migration 0029) on every write of `issues.description_html`, so the `mentions` filter is an
 * index lookup whichever path wrote the description.
 */
export const issueMentions = pgTable(
  'issue_mentions',
  {
    issue_id: uuid('issue_id')
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    mention_id: uuid('mention_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.issue_id, t.mention_id] }),
    index('issue_mentions_mention_idx').on(t.mention_id),
  ],
);

export const issueComments = pgTable(
  'issue_comments',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    project_id: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    issue_id: uuid('issue_id')
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    actor_id: uuid('actor_id').notNull(),
    comment_html: text('comment_html').notNull(),
    comment_stripped: text('comment_stripped').notNull().default(''),
    access: text('access').notNull().default('INTERNAL'),
    parent_id: uuid('parent_id'),
    edited_at: ts('edited_at'),
    external_source: text('external_source'),
    external_id: text('external_id'),
    ...audit(),
    deleted_at: ts('deleted_at'),
  },
  (t) => [
    index('issue_comments_issue_idx').on(t.issue_id, t.created_at),
    // A comment imported from elsewhere (GitHub sync) exists once per project.
    uniqueIndex('issue_comments_external_key')
      .on(t.project_id, t.external_source, t.external_id)
      .where(sql`${t.external_id} is not null and ${t.deleted_at} is null`),
  ],
);

/** Emoji reactions on work items (`comment_id` null) and on comments. */
export const reactions = pgTable(
  'reactions',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    project_id: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    issue_id: uuid('issue_id').references(() => issues.id, { onDelete: 'cascade' }),
    comment_id: uuid('comment_id').references(() => issueComments.id, { onDelete: 'cascade' }),
    actor_id: uuid('actor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reaction: text('reaction').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('reactions_issue_key')
      .on(t.issue_id, t.actor_id, t.reaction)
      .where(sql`${t.comment_id} is null`),
    uniqueIndex('reactions_comment_key')
      .on(t.comment_id, t.actor_id, t.reaction)
      .where(sql`${t.comment_id} is not null`),
  ],
);

export const issueLinks = pgTable(
  'issue_links',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    project_id: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    issue_id: uuid('issue_id')
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    title: text('title'),
    url: text('url').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    ...audit(),
  },
  (t) => [uniqueIndex('issue_links_issue_url_key').on(t.issue_id, t.url)],
);

/**
 * One row per related pair, stored in its canonical direction (blocking, start_before,
 * finish_before, relates_to, duplicate) and shown from both sides.
 */
export const issueRelations = pgTable(
  'issue_relations',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    issue_id: uuid('issue_id')
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    related_issue_id: uuid('related_issue_id')
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    relation_type: text('relation_type').notNull(),
    ...audit(),
  },
  (t) => [
    uniqueIndex('issue_relations_pair_key').on(
      sql`least(${t.issue_id}, ${t.related_issue_id})`,
      sql`greatest(${t.issue_id}, ${t.related_issue_id})`,
    ),
    index('issue_relations_related_idx').on(t.related_issue_id),
  ],
);

/**
 * Transactional outbox: every write others must hear about adds a row in its own transaction;
 * workers turn rows into notifications, webhook deliveries and realtime events (at least once).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    workspace_id: uuid('workspace_id').notNull(),
    topic: text('topic').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    created_at: createdAt(),
    processed_at: ts('processed_at'),
    attempts: integer('attempts').notNull().default(0),
    /** A failed event waits until then (backoff); new events are due at once. */
    available_at: ts('available_at').notNull().defaultNow(),
    last_error: text('last_error'),
  },
  (t) => [
    index('outbox_pending_idx').on(t.id).where(sql`${t.processed_at} is null`),
    // The live feed reads a workspace's events after an id (api.md §16.1).
    index('outbox_workspace_idx').on(t.workspace_id, t.id),
  ],
);

/**
 * A project's intake (api.md §10): the inbox its submissions wait in. One default intake per
 * project, made on first use.
 */
export const intakes = pgTable(
  'intakes',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    project_id: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    is_default: boolean('is_default').notNull().default(true),
    view_props: jsonb('view_props').$type<Record<string, unknown>>().notNull().default({}),
    logo_props: jsonb('logo_props').$type<Record<string, unknown>>().notNull().default({}),
    ...audit(),
    deleted_at: ts('deleted_at'),
  },
  (t) => [
    uniqueIndex('intakes_one_default_key')
      .on(t.project_id)
      .where(sql`${t.is_default} and ${t.deleted_at} is null`),
  ],
);

/**
 * A submission to an intake: the work item it made (kept in the project's triage state and out of
 * every list while `issues.is_intake`) and its triage — `status` -2 pending, -1 declined,
 * 0 snoozed (until `snoozed_till`), 1 accepted, 2 duplicate (of `duplicate_to`).
 */
export const intakeIssues = pgTable(
  'intake_issues',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    project_id: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    intake_id: uuid('intake_id')
      .notNull()
      .references(() => intakes.id, { onDelete: 'cascade' }),
    issue_id: uuid('issue_id')
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    status: smallint('status').notNull().default(-2),
    snoozed_till: ts('snoozed_till'),
    duplicate_to: uuid('duplicate_to').references(() => issues.id, { onDelete: 'set null' }),
    source: text('source').notNull().default('IN_APP'),
    source_email: text('source_email'),
    external_source: text('external_source'),
    external_id: text('external_id'),
    ...audit(),
    deleted_at: ts('deleted_at'),
  },
  (t) => [
    uniqueIndex('intake_issues_issue_key').on(t.issue_id).where(sql`${t.deleted_at} is null`),
    // The inbox's tabs: a project's items by status.
    index('intake_issues_project_status_idx').on(t.project_id, t.status).where(sql`${t.deleted_at} is null`),
    // The snooze job finds the snoozes that have ended.
    index('intake_issues_snoozed_idx')
      .on(t.snoozed_till)
      .where(sql`${t.status} = 0 and ${t.deleted_at} is null`),
  ],
);

export const issueAttachments = pgTable(
  'issue_attachments',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    project_id: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    issue_id: uuid('issue_id')
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    /** Server-generated; the original file name is metadata only. */
    storage_key: text('storage_key').notNull(),
    name: text('name').notNull(),
    /** Sniffed from the bytes, never the declared type. */
    type: text('type').notNull(),
    size: integer('size').notNull(),
    ...audit(),
    deleted_at: ts('deleted_at'),
  },
  (t) => [index('issue_attachments_issue_idx').on(t.issue_id)],
);

/**
 * Issue exports: queued by a request, produced by the export worker (claimed with FOR UPDATE SKIP
 * LOCKED and leased while it runs), downloaded by their creator.
 */
export const issueExports = pgTable(
  'issue_exports',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    project_ids: uuid('project_ids').array().notNull(),
    status: text('status').notNull().default('queued'),
    /**
     * While `processing`: when the worker's claim lapses. A process that died or was cut off
     * mid-export leaves it to the next claim after this.
     */
    claim_expires_at: ts('claim_expires_at'),
    /** Claims so far: an export whose worker dies every time (too big for it, say) is not taken for ever. */
    attempts: integer('attempts').notNull().default(0),
    storage_key: text('storage_key'),
    error: text('error'),
    ...audit(),
  },
  (t) => [
    index('issue_exports_creator_idx').on(t.workspace_id, t.created_by, t.created_at),
    index('issue_exports_queued_idx').on(t.created_at).where(sql`${t.status} = 'queued'`),
    index('issue_exports_claimed_idx').on(t.claim_expires_at).where(sql`${t.status} = 'processing'`),
  ],
);

/**
 * A user's notifications (api.md §12), made from outbox events by the worker (`event_id`: the
 * event that made it). The item's name and state are read live; `activity` keeps what changed.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    project_id: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    issue_id: uuid('issue_id')
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    receiver_id: uuid('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    triggered_by: uuid('triggered_by'),
    sender: text('sender').notNull(),
    title: text('title').notNull(),
    activity: jsonb('activity').$type<Record<string, unknown>>().notNull(),
    message: text('message').notNull(),
    is_mentioned: boolean('is_mentioned').notNull().default(false),
    is_intake: boolean('is_intake').notNull().default(false),
    event_id: bigint('event_id', { mode: 'number' }),
    read_at: ts('read_at'),
    archived_at: ts('archived_at'),
    snoozed_till: ts('snoozed_till'),
    /** Set once the mail digest has dealt with it (sent, or skipped because it was read). */
    emailed_at: ts('emailed_at'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('notifications_receiver_idx').on(t.receiver_id, t.workspace_id, t.created_at),
    index('notifications_unread_idx')
      .on(t.receiver_id, t.workspace_id)
      .where(sql`${t.read_at} is null and ${t.archived_at} is null`),
    index('notifications_undigested_idx').on(t.created_at).where(sql`${t.emailed_at} is null`),
    index('notifications_issue_idx').on(t.issue_id),
  ],
);

/**
 * Personal API tokens (api.md §14): a token acts as its user in one workspace. Only the SHA-256 of
 * the token is kept (it is 256 random bits, so a fast hash is enough), with its last 4 characters
 * for the masked form.
 */
/**
 * The public API's request window per token, shared by every app node on PostgreSQL (api.md
 * §15.1). Unlogged: a crash forgets the counts, which only means a fresh window. No foreign key:
 * the token was just resolved, and housekeeping deletes old windows.
 */
export const apiRateWindows = pgTable('api_rate_windows', {
  token_id: uuid('token_id').primaryKey(),
  window_start: ts('window_start').notNull(),
  hits: integer('hits').notNull(),
});

export const apiTokens = pgTable(
  'api_tokens',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    description: text('description').notNull().default(''),
    token_hash: text('token_hash').notNull(),
    token_last4: text('token_last4').notNull(),
    user_type: smallint('user_type').notNull().default(0),
    expired_at: ts('expired_at'),
    /** Written at most once a minute per token, not on every request. */
    last_used: ts('last_used'),
    ...audit(),
    deleted_at: ts('deleted_at'),
  },
  (t) => [
    uniqueIndex('api_tokens_token_hash_key').on(t.token_hash),
    index('api_tokens_owner_idx')
      .on(t.workspace_id, t.user_id, t.created_at)
      .where(sql`${t.deleted_at} is null`),
    index('api_tokens_user_idx').on(t.user_id),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;
export type WorkspaceRow = typeof workspaces.$inferSelect;
export type WorkspaceMemberRow = typeof workspaceMembers.$inferSelect;
export type InvitationRow = typeof workspaceInvitations.$inferSelect;
export type ActivityRow = typeof activities.$inferSelect;
export type ProjectRow = typeof projects.$inferSelect;
export type ProjectMemberRow = typeof projectMembers.$inferSelect;
export type StateRow = typeof states.$inferSelect;
export type LabelRow = typeof labels.$inferSelect;
export type EstimateRow = typeof estimates.$inferSelect;
export type EstimatePointRow = typeof estimatePoints.$inferSelect;
export type DeployBoardRow = typeof deployBoards.$inferSelect;
export type UserPropertiesRow = typeof userProperties.$inferSelect;
export type IssueRowDb = typeof issues.$inferSelect;
export type CommentRow = typeof issueComments.$inferSelect;
export type ReactionRow = typeof reactions.$inferSelect;
export type IssueLinkRow = typeof issueLinks.$inferSelect;
export type IssueRelationRow = typeof issueRelations.$inferSelect;
export type AttachmentRow = typeof issueAttachments.$inferSelect;
export type ExportRow = typeof issueExports.$inferSelect;
export type CycleRow = typeof cycles.$inferSelect;
export type ModuleRow = typeof modules.$inferSelect;
export type ModuleLinkRow = typeof moduleLinks.$inferSelect;
export type IssueViewRow = typeof issueViews.$inferSelect;
export type IntakeRow = typeof intakes.$inferSelect;
export type IntakeIssueRow = typeof intakeIssues.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;
export type ApiTokenRow = typeof apiTokens.$inferSelect;

/**
 * A workspace's webhooks (api.md §13). The secret is kept encrypted with the server key (it is
 * needed to sign) and only its last 4 characters in clear; one live URL per workspace.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    is_active: boolean('is_active').notNull().default(true),
    project: boolean('project').notNull().default(false),
    issue: boolean('issue').notNull().default(false),
    cycle: boolean('cycle').notNull().default(false),
    module: boolean('module').notNull().default(false),
    issue_comment: boolean('issue_comment').notNull().default(false),
    intake_issue: boolean('intake_issue').notNull().default(false),
    secret_encrypted: text('secret_encrypted').notNull(),
    secret_last4: text('secret_last4').notNull(),
    version: text('version').notNull().default('v1'),
    ...audit(),
  },
  (t) => [uniqueIndex('webhooks_workspace_url_key').on(t.workspace_id, t.url)],
);

/**
 * The delivery queue: one row per (event, webhook), claimed by the delivery worker with
 * FOR UPDATE SKIP LOCKED and leased (next_attempt_at pushed ahead) while its request is in flight.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    workspace_id: uuid('workspace_id').notNull(),
    webhook_id: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    event_type: text('event_type').notNull(),
    action: text('action').notNull(),
    /** The exact body sent on every attempt (the signatures cover it). */
    body: text('body').notNull(),
    /** pending → delivered | failed. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: ts('next_attempt_at').notNull().defaultNow(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.next_attempt_at).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_webhook_idx').on(t.webhook_id),
  ],
);

/** Every delivery attempt (api.md §13.1 WebhookLog), newest first per webhook. */
export const webhookLogs = pgTable(
  'webhook_logs',
  {
    id: id(),
    workspace_id: uuid('workspace_id').notNull(),
    webhook_id: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    delivery_id: uuid('delivery_id').notNull(),
    event_type: text('event_type').notNull(),
    action: text('action').notNull(),
    attempt: integer('attempt').notNull(),
    request_method: text('request_method').notNull().default('POST'),
    request_headers: jsonb('request_headers').$type<Record<string, string>>().notNull(),
    request_body: text('request_body').notNull(),
    response_status: integer('response_status'),
    response_headers: jsonb('response_headers').$type<Record<string, string>>().notNull(),
    response_body: text('response_body').notNull().default(''),
    error: text('error'),
    duration_ms: integer('duration_ms').notNull(),
    next_retry_at: ts('next_retry_at'),
    created_at: createdAt(),
  },
  (t) => [index('webhook_logs_webhook_idx').on(t.webhook_id, t.created_at)],
);

export type WebhookRow = typeof webhooks.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type WebhookLogRow = typeof webhookLogs.$inferSelect;

/** Each member's home dashboard in a workspace (api.md §11): one per (workspace, owner, type). */
export const dashboards = pgTable(
  'dashboards',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    owned_by: uuid('owned_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    description_html: text('description_html').notNull().default('<p></p>'),
    identifier: text('identifier'),
    type: text('type').notNull().default('home'),
    is_default: boolean('is_default').notNull().default(true),
    ...audit(),
  },
  (t) => [
    uniqueIndex('dashboards_owner_type_key').on(t.workspace_id, t.owned_by, t.type),
    index('dashboards_owner_idx').on(t.owned_by),
  ],
);

/** A dashboard's widgets: one per key, created with the dashboard. */
export const dashboardWidgets = pgTable(
  'dashboard_widgets',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    dashboard_id: uuid('dashboard_id')
      .notNull()
      .references(() => dashboards.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    is_visible: boolean('is_visible').notNull().default(true),
    sort_order: doublePrecision('sort_order').notNull().default(65535),
    widget_filters: jsonb('widget_filters').$type<Record<string, unknown>>().notNull().default({}),
    ...audit(),
  },
  (t) => [uniqueIndex('dashboard_widgets_key').on(t.dashboard_id, t.key)],
);

export type DashboardRow = typeof dashboards.$inferSelect;
export type DashboardWidgetRow = typeof dashboardWidgets.$inferSelect;

/** Raw bytes; PGlite gives a Uint8Array and pg a Buffer, both are Uint8Arrays. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * A project's page (api.md §9). The description is a Yjs document (`description_binary`, edited
 * together through /live/collaboration) with the sanitised HTML rendered from it and its plain text
 * for search; a page written before it was ever opened collaboratively has HTML only.
 * `access` 0 public, 1 private (the owner alone sees it).
 */
export const pages = pgTable(
  'pages',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    project_id: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description_html: text('description_html').notNull().default('<p></p>'),
    description_binary: bytea('description_binary'),
    description_stripped: text('description_stripped').notNull().default(''),
    logo_props: jsonb('logo_props').$type<Record<string, unknown>>().notNull().default({}),
    color: text('color').notNull().default(''),
    label_ids: uuid('label_ids').array().notNull().default(sql`'{}'::uuid[]`),
    owned_by: uuid('owned_by')
      .notNull()
      .references(() => users.id),
    access: smallint('access').notNull().default(0),
    is_locked: boolean('is_locked').notNull().default(false),
    archived_at: ts('archived_at'),
    parent_id: uuid('parent_id').references((): AnyPgColumn => pages.id, { onDelete: 'set null' }),
    view_props: jsonb('view_props').$type<Record<string, unknown>>().notNull().default({ full_width: false }),
    sort_order: doublePrecision('sort_order').notNull().default(65535),
    ...audit(),
    deleted_at: ts('deleted_at'),
  },
  (t) => [index('pages_project_idx').on(t.project_id, t.updated_at).where(sql`${t.deleted_at} is null`)],
);

/** An image put into a page's description; the bytes live in the file storage under `storage_key`. */
export const pageImages = pgTable(
  'page_images',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    page_id: uuid('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    storage_key: text('storage_key').notNull(),
    mime_type: text('mime_type').notNull(),
    size: integer('size').notNull(),
    created_at: createdAt(),
    created_by: uuid('created_by'),
  },
  (t) => [index('page_images_page_idx').on(t.page_id)],
);

export type PageRow = typeof pages.$inferSelect;
export type PageImageRow = typeof pageImages.$inferSelect;

/**
 * A project's link to a GitHub repository (api.md §4.9): one per project. The access token and
 * the inbound webhook's secret are sealed (secret-box); the token is never answered.
 */
export const githubRepositorySyncs = pgTable(
  'github_repository_syncs',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    project_id: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    repository_owner: text('repository_owner').notNull(),
    repository_name: text('repository_name').notNull(),
    repository_url: text('repository_url').notNull(),
    repository_id: bigint('repository_id', { mode: 'number' }).notNull(),
    access_token_encrypted: text('access_token_encrypted').notNull(),
    webhook_secret_encrypted: text('webhook_secret_encrypted').notNull(),
    /** The project's "GitHub" label, put on every synced work item. */
    label_id: uuid('label_id').references(() => labels.id, { onDelete: 'set null' }),
    /** Who linked it: imported items and comments are made in their name. */
    actor_id: uuid('actor_id')
      .notNull()
      .references(() => users.id),
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    /** queued → running → completed | failed (the one-time import). */
    import_status: text('import_status').notNull().default('queued'),
    ...audit(),
  },
  (t) => [uniqueIndex('github_repository_syncs_project_key').on(t.project_id)],
);

/** A synced work item: its GitHub issue and the state GitHub last had (what keeps changes from echoing). */
export const githubIssueLinks = pgTable(
  'github_issue_links',
  {
    id: id(),
    workspace_id: uuid('workspace_id').notNull(),
    sync_id: uuid('sync_id')
      .notNull()
      .references(() => githubRepositorySyncs.id, { onDelete: 'cascade' }),
    issue_id: uuid('issue_id')
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    github_issue_id: bigint('github_issue_id', { mode: 'number' }).notNull(),
    github_issue_number: integer('github_issue_number').notNull(),
    /** open | closed, as GitHub has it (after our last push or its last event). */
    github_state: text('github_state').notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('github_issue_links_github_key').on(t.sync_id, t.github_issue_id),
    uniqueIndex('github_issue_links_issue_key').on(t.issue_id),
  ],
);

/**
 * Work that calls GitHub (the import, state pushes), run outside any request by the sync worker:
 * claimed with FOR UPDATE SKIP LOCKED and leased while it runs; failures retry with backoff.
 */
export const githubSyncJobs = pgTable(
  'github_sync_jobs',
  {
    id: id(),
    workspace_id: uuid('workspace_id').notNull(),
    sync_id: uuid('sync_id')
      .notNull()
      .references(() => githubRepositorySyncs.id, { onDelete: 'cascade' }),
    /** import | push_state */
    kind: text('kind').notNull(),
    issue_id: uuid('issue_id').references(() => issues.id, { onDelete: 'cascade' }),
    /** pending → done | failed */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: ts('next_attempt_at').notNull().defaultNow(),
    last_error: text('last_error'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('github_sync_jobs_due_idx').on(t.next_attempt_at).where(sql`${t.status} = 'pending'`),
    index('github_sync_jobs_sync_idx').on(t.sync_id),
  ],
);

/** Inbound webhook deliveries already handled (`X-GitHub-Delivery`), so a redelivery does nothing. */
export const githubWebhookDeliveries = pgTable(
  'github_webhook_deliveries',
  {
    workspace_id: uuid('workspace_id').notNull(),
    sync_id: uuid('sync_id')
      .notNull()
      .references(() => githubRepositorySyncs.id, { onDelete: 'cascade' }),
    delivery_id: text('delivery_id').notNull(),
    event: text('event').notNull(),
    received_at: ts('received_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('github_webhook_deliveries_key').on(t.sync_id, t.delivery_id)],
);

export type GithubRepositorySyncRow = typeof githubRepositorySyncs.$inferSelect;
export type GithubIssueLinkRow = typeof githubIssueLinks.$inferSelect;
export type GithubSyncJobRow = typeof githubSyncJobs.$inferSelect;
