import type { RootStore } from '../../app/RootStore.ts';
import { onDemand } from '../../lib/onDemand.ts';
import { projectPath } from '../projects/ProjectStore.ts';
import { IssueView, type ListScope } from './IssueView.ts';
import type { Layout, ListContextKind } from './store/displayFilters.ts';

/**
 * The project's three work-item lists (spec §2 contexts): the live one, its archive and the
 * caller's drafts. Each has its own route, endpoint and display settings.
 */
export type ProjectListKind = 'live' | 'archived' | 'draft';

export const PROJECT_LIST_KINDS: readonly ProjectListKind[] = ['live', 'draft', 'archived'];

export const PROJECT_LIST_LABELS: Record<ProjectListKind, string> = {
  live: 'Work items',
  draft: 'Drafts',
  archived: 'Archived',
};

/** The route of each list (the peek keeps the list it was opened from). */
export const PROJECT_LIST_ROUTES = {
  live: '/$workspaceSlug/projects/$projectId/issues',
  draft: '/$workspaceSlug/projects/$projectId/drafts',
  archived: '/$workspaceSlug/projects/$projectId/archives/issues',
} as const satisfies Record<ProjectListKind, string>;

const PROJECT_LIST_CONTEXT: Record<ProjectListKind, ListContextKind> = {
  live: 'project',
  draft: 'draft',
  archived: 'archived',
};

/** Layouts offered: every one on the live list; the archive and drafts are lists to go through. */
export const PROJECT_LIST_LAYOUTS: Record<ProjectListKind, readonly Layout[] | undefined> = {
  live: undefined,
  draft: ['list', 'kanban', 'spreadsheet'],
  archived: ['list', 'spreadsheet'],
};

/**
 * The archive (`{p}/archived-issues/`) or the drafts (`{p}/issue-drafts/`); null for the live
 * list, whose settings are the project's user properties. Their settings stay in this browser.
 */
function projectListScope(slug: string, projectId: string, kind: ProjectListKind): ListScope | null {
  if (kind === 'live') return null;
  return {
    settingsKey: `${kind}:${projectId}`,
    listKey: projectId,
    path: `${projectPath(slug, projectId)}/${kind === 'archived' ? 'archived-issues' : 'issue-drafts'}/`,
  };
}

/** The IssueView of one of the project's lists; `onOpen` shows an item (the screen's peek). */
export function projectListView(
  stores: RootStore,
  slug: string,
  projectId: string,
  kind: ProjectListKind,
  onOpen: (issueId: string) => void = () => undefined,
): IssueView {
  return new IssueView(
    stores,
    slug,
    projectId,
    onOpen,
    PROJECT_LIST_CONTEXT[kind],
    projectListScope(slug, projectId, kind),
  );
}

/**
 * The archive's and the drafts' own parts (listExtras.tsx: row buttons, empty states, the delete
 * confirmation), loaded by their route before the screen shows (boot.ts), so that rows and empty
 * states find them in `current`; the live board does not carry them.
 */
export const listExtras = onDemand(() => import('./listExtras.tsx'));
