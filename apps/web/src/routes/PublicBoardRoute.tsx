import { createRoute } from '@tanstack/react-router';
import { rootRoute } from '../app/rootRoute.tsx';
import { PageLoader } from '../ui/Spinner.tsx';

/**
 * A published project's read-only board, for anyone with the link: no session needed, never
 * redirected to sign-in. Its screen is a separate chunk, loaded only when the URL is opened.
 */
export const publicBoardRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/spaces/issues/$anchor',
  pendingComponent: () => <PageLoader label="Loading board" />,
}).lazy(() => import('../features/public-board/PublicBoardScreen.tsx').then((m) => m.PublicBoardLazyRoute));
