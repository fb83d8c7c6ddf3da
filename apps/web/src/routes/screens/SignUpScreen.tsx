import { Link } from '@tanstack/react-router';
import { observer } from 'mobx-react-lite';
import { useStores } from '../../app/StoresContext.tsx';
import { AuthLayout } from '../../features/auth/AuthLayout.tsx';
import { authErrorFromQuery } from '../../features/auth/authErrors.ts';
import { SignUpForm } from '../../features/auth/SignUpForm.tsx';
import { useCompleteSignIn } from '../../features/auth/useCompleteSignIn.ts';
import { Alert } from '../../ui/Alert.tsx';
import { signUpRoute } from '../SignUpRoute.tsx';

function SignUpScreen() {
  const { instance } = useStores();
  const search = signUpRoute.useSearch();
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
      <SignUpForm initialEmail={search.email} onSignedIn={(user) => complete(user, search.next_path)} />
    </AuthLayout>
  );
}

export const signUpScreen = observer(SignUpScreen);
