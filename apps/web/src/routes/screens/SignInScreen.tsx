import { Link } from '@tanstack/react-router';
import { AuthLayout } from '../../features/auth/AuthLayout.tsx';
import { authErrorFromQuery } from '../../features/auth/authErrors.ts';
import { SignInForm } from '../../features/auth/SignInForm.tsx';
import { useCompleteSignIn } from '../../features/auth/useCompleteSignIn.ts';
import { Alert } from '../../ui/Alert.tsx';
import { signInRoute } from '../SignInRoute.tsx';

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

export const signInScreen = SignInScreen;
