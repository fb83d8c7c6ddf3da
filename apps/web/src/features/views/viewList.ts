import type { View } from '@kite/shared/contracts';
import type { RootStore } from '../../app/RootStore.ts';
import { IssueView, type ListScope } from '../issues/IssueView.ts';
import type { ListContextKind } from '../issues/store/displayFilters.ts';
import { projectPath } from '../projects/ProjectStore.ts';
import { type ViewPlace, viewPath } from './ViewStore.ts';
import { storedSettings, unsavedChanges } from './viewSettings.ts';

/** The list context of a place's views: a project's view, or a workspace view across projects. */
const viewContext = (place: ViewPlace): ListContextKind => (place.projectId ? 'view' : 'workspace');

/** The display settings' key of a view's page (kept in memory: the view is their stored copy). */
const viewSettingsKey = (viewId: string) => `view:${viewId}`;

/** The plain list of a place: `{p}/issues/`, or `{ws}/issues/` across the caller's projects. */
function plainListPath(place: ViewPlace): string {
  return place.projectId
    ? `${projectPath(place.slug, place.projectId)}/issues/`
    : `/api/workspaces/${encodeURIComponent(place.slug)}/issues/`;
}

/**
 * A saved view's list: `{…}/views/{id}/issues/` with the page's filters. The server AND-s the
 * view's stored filters with the request's, so while the filters differ from the saved ones (a
 * filter taken off would not widen the list) the page previews them on the plain list instead.
 */
export function viewScope(stores: RootStore, place: ViewPlace, viewId: string): ListScope {
  const settingsKey = viewSettingsKey(viewId);
  const context = viewContext(place);
  return {
    settingsKey,
    listKey: viewId,
    get path() {
      const view = stores.views.find(viewId);
      const edited =
        !view || unsavedChanges(view, stores.issueFilters.of(settingsKey, context), context).filters;
      return edited ? plainListPath(place) : `${viewPath(place, viewId)}issues/`;
    },
  };
}

/** Puts the view's saved filters and display back on its page (on entry, and by "Reset"). */
export function seedViewSettings(stores: RootStore, place: ViewPlace, view: View): void {
  stores.issueFilters.seed(viewSettingsKey(view.id), viewContext(place), storedSettings(view));
}

/** A project view's items in every layout: the project's list, scoped to the view (context `view`). */
export function viewListView(
  stores: RootStore,
  slug: string,
  projectId: string,
  viewId: string,
  onOpen: (issueId: string) => void = () => undefined,
): IssueView {
  return new IssueView(
    stores,
    slug,
    projectId,
    onOpen,
    'view',
    viewScope(stores, { slug, projectId }, viewId),
  );
}
