import { createRoute, Outlet } from '@tanstack/react-router';
import { requireSession } from '../app/guards.ts';
import { rootRoute } from '../app/rootRoute.tsx';

/** Every screen below needs a session; signed-out visitors go to sign-in with next_path. */
export const authedRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'authed',
  beforeLoad: requireSession,
  component: Outlet,
});
