import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { authedRoute } from './authedRoute.ts';

export const invitationsRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/invitations',
  component: lazyRouteComponent(
    () => import('../features/invitations/InvitationsScreen.tsx'),
    'InvitationsScreen',
  ),
});
