import { createRoute } from '@tanstack/react-router';
import { PageLoader } from '../ui/Spinner.tsx';
import { workspaceSettingsRoute } from './WorkspaceSettingsLayoutRoute.tsx';

/** The caller's API tokens of the workspace (list, create, delete are the screen's). */
export const workspaceSettingsApiTokensRoute = createRoute({
  getParentRoute: () => workspaceSettingsRoute,
  path: 'api-tokens',
  loader: async ({ context, params }) => {
    // A failed load is the screen's to show (with a retry), not an error page.
    await context.stores.apiTokens.fetch(params.workspaceSlug).catch(() => undefined);
  },
  pendingComponent: () => <PageLoader label="Loading API tokens" />,
}).lazy(() => import('../features/api-tokens/ApiTokensScreen.tsx').then((m) => m.ApiTokensLazyRoute));
