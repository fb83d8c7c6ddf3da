import { createRoute } from '@tanstack/react-router';
import { redirectIfSignedIn } from '../app/guards.ts';
import { rootRoute } from '../app/rootRoute.tsx';
import { pickStrings } from '../app/search.ts';

export const signUpRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/sign-up',
  validateSearch: (search: Record<string, unknown>) =>
    pickStrings(search, ['next_path', 'email', 'error_code', 'error_message'] as const),
  beforeLoad: (args) => redirectIfSignedIn(args, args.search.next_path),
}).lazy(() => import('../features/auth/SignUpScreen.tsx').then((m) => m.SignUpLazyRoute));
