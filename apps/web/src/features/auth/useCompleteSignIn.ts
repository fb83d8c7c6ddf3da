import type { User } from '@kite/shared/contracts';
import { useRouter } from '@tanstack/react-router';
import { useStores } from '../../app/StoresContext.tsx';
import { resolveLandingPath } from './landing.ts';

/** After a JSON sign-in/up succeeds: remember the user and go where they belong. */
export function useCompleteSignIn() {
  const stores = useStores();
  const router = useRouter();
  return async (user: User, nextPath?: string) => {
    stores.user.setSignedIn(user);
    const path = await resolveLandingPath(stores, nextPath);
    await router.navigate({ href: path, replace: true });
  };
}
