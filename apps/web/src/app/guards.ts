import { notFound, redirect } from '@tanstack/react-router';
import { resolveLandingPath } from '../features/auth/landing.ts';
import type { RouterContext } from './rootRoute.tsx';

interface GuardArgs {
  context: RouterContext;
  location: { href: string };
}

/** Signed-out screens: a signed-in visitor goes straight to the app. */
export async function redirectIfSignedIn({ context }: GuardArgs, nextPath?: string): Promise<void> {
  const [user] = await Promise.all([
    context.stores.user.ensureSession(),
    context.stores.instance.ensureConfig(),
  ]);
  if (user) throw redirect({ href: await resolveLandingPath(context.stores, nextPath), replace: true });
}

/** App screens: a signed-out visitor signs in first and comes back here. */
export async function requireSession({ context, location }: GuardArgs): Promise<void> {
  const user = await context.stores.user.ensureSession();
  if (!user) throw redirect({ to: '/', search: { next_path: location.href }, replace: true });
  await context.stores.user.ensureProfile();
}

/** Workspace screens: onboarding comes first. */
export async function requireOnboarded({ context }: GuardArgs): Promise<void> {
  const profile = await context.stores.user.ensureProfile();
  if (!profile.is_onboarded) throw redirect({ to: '/onboarding', replace: true });
}

/**
 * The instance admin console (`/god-mode`), below requireSession: anyone but an instance admin
 * gets the app's not-found screen, with no hint that the console exists.
 */
export async function requireInstanceAdmin({ context }: Pick<GuardArgs, 'context'>): Promise<void> {
  const isAdmin = await context.stores.user.ensureInstanceAdmin().catch(() => false);
  if (!isAdmin) throw notFound();
}
