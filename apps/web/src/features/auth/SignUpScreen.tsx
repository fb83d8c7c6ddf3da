import { createLazyRoute, Link, useSearch } from '@tanstack/react-router';
import { observer } from 'mobx-react-lite';
import { useStores } from '../../app/StoresContext.tsx';
import { Alert } from '../../ui/Alert.tsx';
import { AuthLayout } from './AuthLayout.tsx';
import { authErrorFromQuery } from './authErrors.ts';
import { ProviderButtons } from './ProviderButtons.tsx';
import type { AuthScreenSearch } from './SignInScreen.tsx';
import { SignUpForm } from './SignUpForm.tsx';
import { useCompleteSignIn } from './useCompleteSignIn.ts';

export const SignUpScreen = observer(function SignUpScreen({ search }: { search: AuthScreenSearch }) {
  const { instance } = useStores();
  const complete = useCompleteSignIn();
  const queryError = authErrorFromQuery(search.error_code, search.error_message);
  const signInLink = (
    <Link
      to="/"
      search={{ next_path: search.next_path, email: search.email }}
      className="font-medium text-link hover:underline"
    >
      Sign in
    </Link>
  );
  return (
    <AuthLayout
      title="Create your account"
      subtitle="Start planning with your team in a minute."
      footer={<>Already have an account? {signInLink}</>}
    >
      {queryError && (
        <Alert tone="error" className="mb-4">
          {queryError}
        </Alert>
      )}
      {!instance.signupEnabled && (
        <Alert tone="info" className="mb-4">
          Sign-up is limited to people with a workspace invitation on this instance.
        </Alert>
      )}
      <ProviderButtons nextPath={search.next_path} />
      <SignUpForm initialEmail={search.email} onSignedIn={(user) => complete(user, search.next_path)} />
    </AuthLayout>
  );
});

function SignUpRouteScreen() {
  return <SignUpScreen search={useSearch({ strict: false }) as AuthScreenSearch} />;
}

/** The lazily loaded half of the route in routes/SignUpRoute.tsx. */
export const SignUpLazyRoute = createLazyRoute('/sign-up')({ component: SignUpRouteScreen });
