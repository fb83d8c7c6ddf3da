import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { rootRoute } from '../app/rootRoute.tsx';
import { pickStrings } from '../app/search.ts';
import { authApi } from '../features/auth/authApi.ts';

export const workspaceInvitationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/workspace-invitations',
  validateSearch: (search: Record<string, unknown>) =>
    pickStrings(search, ['invitation_id', 'slug', 'email', 'token'] as const),
  /** Answering needs a session: signed-out visitors sign in (or up) and come back here. */
  beforeLoad: async ({ context, location, search }) => {
    const user = await context.stores.user.ensureSession();
    if (user) return;
    const target = { next_path: location.href, email: search.email };
    // A new address signs up; a known one signs in.
    const existing = search.email
      ? await authApi.emailCheck(search.email).then(
          (c) => c.existing,
          () => true,
        )
      : true;
    if (!existing) throw redirect({ to: '/sign-up', search: target, replace: true });
    throw redirect({ to: '/', search: target, replace: true });
  },
  component: lazyRouteComponent(
    () => import('../features/invitations/WorkspaceInvitationScreen.tsx'),
    'WorkspaceInvitationRouteScreen',
  ),
});
