/** Workspace slugs that would shadow app routes or product words. */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set(
  (
    '404 accounts api create-workspace god-mode installations invitations onboarding profile spaces ' +
    'workspace-invitations password flags monitor monitoring ingest plane-pro plane-ultimate enterprise ' +
    'plane-enterprise disco silo chat calendar drive channels upgrade billing sign-in sign-up signin signup ' +
    'config live admin m import importers integrations integration configuration initiatives initiative ' +
    'workflow workflows epics epic story mobile dashboard desktop onload real-time one pages business pro ' +
    'settings license licenses instances instance'
  ).split(' '),
);

export const SLUG_MAX_LENGTH = 48;
const SLUG_PATTERN = /^[a-z0-9_-]+$/;

/** Turns a workspace name into a slug suggestion (the user may edit it). */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .trim()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, SLUG_MAX_LENGTH);
}

/** Returns why a slug is unusable, or null when it is valid (uniqueness is the server's to check). */
export function slugProblem(slug: string): string | null {
  if (slug.length === 0) return 'Slug is required';
  if (slug.length > SLUG_MAX_LENGTH) return `Slug cannot exceed ${SLUG_MAX_LENGTH} characters`;
  if (!SLUG_PATTERN.test(slug)) return 'Slug can only contain lowercase letters, digits, - and _';
  if (RESERVED_SLUGS.has(slug)) return 'This slug is reserved';
  return null;
}
