import { createRoute, Link, redirect } from '@tanstack/react-router';
import { redirectIfSignedIn } from '../app/guards.ts';
import { rootRoute } from '../app/rootRoute.tsx';
import { pickStrings } from '../app/search.ts';
import { AuthLayout } from '../features/auth/AuthLayout.tsx';
import { authErrorFromQuery } from '../features/auth/authErrors.ts';
import { SignInForm } from '../features/auth/SignInForm.tsx';
import { useCompleteSignIn } from '../features/auth/useCompleteSignIn.ts';
import { Alert } from '../ui/Alert.tsx';

const SEARCH_KEYS = ['next_path', 'email', 'error_code', 'error_message', 'success'] as const;

export const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  validateSearch: (search: Record<string, unknown>) => pickStrings(search, SEARCH_KEYS),
  beforeLoad: (args) => redirectIfSignedIn(args, args.search.next_path),
  component: SignInScreen,
});

/** `/sign-in` (used by the server after a password reset) is the same screen as `/`. */
export const signInAliasRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/sign-in',
  validateSearch: (search: Record<string, unknown>) => pickStrings(search, SEARCH_KEYS),
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/', search, replace: true });
  },
});

function SignInScreen() {
  const search = signInRoute.useSearch();
  const complete = useCompleteSignIn();
  const queryError = authErrorFromQuery(search.error_code, search.error_message);
  return (
    <AuthLayout
      title="Sign in to Kite"
      subtitle="Plan, track and ship work with your team."
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link
            to="/sign-up"
            search={{ next_path: search.next_path }}
            className="font-medium text-link hover:underline"
          >
            Sign up
          </Link>
        </>
      }
    >
      {queryError && (
        <Alert tone="error" className="mb-4">
          {queryError}
        </Alert>
      )}
      {search.success === 'true' && !queryError && (
        <Alert tone="success" className="mb-4">
          Your password was reset. Sign in with your new password.
        </Alert>
      )}
      <SignInForm
        initialEmail={search.email}
        nextPath={search.next_path}
        onSignedIn={(user) => complete(user, search.next_path)}
      />
    </AuthLayout>
  );
}
