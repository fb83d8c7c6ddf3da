import type { ViewPlace } from './ViewStore.ts';

/** The page of a saved view: a project's under its project, a workspace view beside the built-in ones. */
export function viewLink(place: ViewPlace, viewId: string) {
  return place.projectId
    ? ({
        to: '/$workspaceSlug/projects/$projectId/views/$viewId',
        params: { workspaceSlug: place.slug, projectId: place.projectId, viewId },
      } as const)
    : ({
        to: '/$workspaceSlug/workspace-views/$globalViewId',
        params: { workspaceSlug: place.slug, globalViewId: viewId },
      } as const);
}
