import { createLazyRoute, Link, useSearch } from '@tanstack/react-router';
import { Alert } from '../../ui/Alert.tsx';
import { AuthLayout } from './AuthLayout.tsx';
import { authErrorFromQuery } from './authErrors.ts';
import { ProviderButtons } from './ProviderButtons.tsx';
import { SignInForm } from './SignInForm.tsx';
import { useCompleteSignIn } from './useCompleteSignIn.ts';

export interface AuthScreenSearch {
  next_path?: string;
  email?: string;
  error_code?: string;
  error_message?: string;
  success?: string;
}

export function SignInScreen({ search }: { search: AuthScreenSearch }) {
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
      <ProviderButtons nextPath={search.next_path} />
      <SignInForm
        initialEmail={search.email}
        nextPath={search.next_path}
        onSignedIn={(user) => complete(user, search.next_path)}
      />
    </AuthLayout>
  );
}

function SignInRouteScreen() {
  return <SignInScreen search={useSearch({ strict: false }) as AuthScreenSearch} />;
}

/** The lazily loaded half of the route in routes/SignInRoute.tsx. */
export const SignInLazyRoute = createLazyRoute('/')({ component: SignInRouteScreen });
