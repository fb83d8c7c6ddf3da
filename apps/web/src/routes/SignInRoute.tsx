import { createRoute, redirect } from '@tanstack/react-router';
import { redirectIfSignedIn } from '../app/guards.ts';
import { rootRoute } from '../app/rootRoute.tsx';
import { pickStrings } from '../app/search.ts';

const SEARCH_KEYS = ['next_path', 'email', 'error_code', 'error_message', 'success'] as const;

export const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  validateSearch: (search: Record<string, unknown>) => pickStrings(search, SEARCH_KEYS),
  beforeLoad: (args) => redirectIfSignedIn(args, args.search.next_path),
}).lazy(() => import('../features/auth/SignInScreen.tsx').then((m) => m.SignInLazyRoute));

/** `/sign-in` (used by the server after a password reset) is the same screen as `/`. */
export const signInAliasRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/sign-in',
  validateSearch: (search: Record<string, unknown>) => pickStrings(search, SEARCH_KEYS),
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/', search, replace: true });
  },
});
