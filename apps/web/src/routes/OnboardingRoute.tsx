import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { resolveLandingPath } from '../features/auth/landing.ts';
import { authedRoute } from './authedRoute.ts';

export const onboardingRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/onboarding',
  beforeLoad: async ({ context }) => {
    const { stores } = context;
    const profile = await stores.user.ensureProfile();
    if (profile.is_onboarded) throw redirect({ href: await resolveLandingPath(stores), replace: true });
    await Promise.all([stores.workspaces.ensureMine(), stores.instance.ensureConfig()]);
  },
  component: lazyRouteComponent(
    () => import('../features/onboarding/OnboardingScreen.tsx'),
    'OnboardingScreen',
  ),
});
