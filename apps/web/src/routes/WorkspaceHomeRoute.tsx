import { createRoute } from '@tanstack/react-router';
import { PageLoader } from '../ui/Spinner.tsx';
import { workspaceRoute } from './WorkspaceLayoutRoute.tsx';

/** The workspace home: greeting and the caller's dashboard widgets (the screen is features/home's). */
export const workspaceHomeRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: '/',
  pendingComponent: () => <PageLoader label="Loading your home" />,
}).lazy(() => import('../features/home/HomeScreen.tsx').then((m) => m.HomeLazyRoute));
