/**
 * The one Drizzle schema, as one module per domain under `schema/` (tables beside the rows they
 * type). Everything imports tables from here; drizzle-kit reads this file (drizzle.config.ts), so a
 * new module must be re-exported below or its tables are missing from the next migration.
 */

export * from './schema/activity.ts';
export * from './schema/api-tokens.ts';
export * from './schema/auth.ts';
export * from './schema/comments.ts';
export * from './schema/cycles.ts';
export * from './schema/dashboard.ts';
export * from './schema/estimates.ts';
export * from './schema/exports.ts';
export * from './schema/favorites.ts';
export * from './schema/github-sync.ts';
export * from './schema/idempotency.ts';
export * from './schema/imports.ts';
export * from './schema/instance.ts';
export * from './schema/intake.ts';
export * from './schema/invitations.ts';
export * from './schema/issues.ts';
export * from './schema/labels.ts';
export * from './schema/members.ts';
export * from './schema/modules.ts';
export * from './schema/notifications.ts';
export * from './schema/oauth.ts';
export * from './schema/outbox.ts';
export * from './schema/pages.ts';
export * from './schema/projects.ts';
export * from './schema/publishing.ts';
export * from './schema/states.ts';
export * from './schema/user-properties.ts';
export * from './schema/users.ts';
export * from './schema/views.ts';
export * from './schema/webhooks.ts';
export * from './schema/workspaces.ts';
