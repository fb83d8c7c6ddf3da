import { getRouteApi, Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import { toastError } from '../../ui/toast.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { authApi } from './authApi.ts';
import { authErrorFromQuery } from './authErrors.ts';
import { NewPasswordFields, validateNewPassword } from './NewPasswordFields.tsx';
/** The emailed link's query (`uidb64`, `token`), or the server's error after a failed reset. */
export interface ResetPasswordSearch {
  uidb64?: string;
  token?: string;
  email?: string;
  error_code?: string;
  error_message?: string;
}

/** Sets a new password from an emailed reset link (`/accounts/reset-password`). */
export function ResetPasswordScreen({ search }: { search: ResetPasswordSearch }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(
    authErrorFromQuery(search.error_code, search.error_message),
  );
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const linkBroken = !search.uidb64 || !search.token;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validateNewPassword(password, confirm);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await authApi.resetPassword(search.uidb64 ?? '', search.token ?? '', password);
      setDone(true);
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) setError(err.message);
      else toastError(err);
    } finally {
      setBusy(false);
    }
  };

  const signIn = (
    <Link to="/" search={{ email: search.email }} className={buttonClasses('primary', 'lg', 'w-full')}>
      Sign in
    </Link>
  );

  return (
    <AuthLayout
      title={done ? 'Password updated' : 'Set a new password'}
      subtitle={search.email && !done ? `For ${search.email}` : undefined}
      footer={
        done ? undefined : (
          <Link to="/accounts/forgot-password" className="font-medium text-link hover:underline">
            Request a new link
          </Link>
        )
      }
    >
      {done ? (
        <div className="flex flex-col gap-4">
          <Alert tone="success">Your password has been reset. Sign in with your new password.</Alert>
          {signIn}
        </div>
      ) : linkBroken ? (
        <Alert tone="error">This reset link is incomplete. Request a new one.</Alert>
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          {/* Lets password managers pair the new password with the account. */}
          <input type="email" value={search.email ?? ''} autoComplete="username" readOnly hidden />
          <NewPasswordFields
            password={password}
            confirm={confirm}
            onPassword={setPassword}
            onConfirm={setConfirm}
            error={error}
            autoFocus
          />
          <Button type="submit" variant="primary" size="lg" loading={busy}>
            Reset password
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}

const route = getRouteApi('/accounts/reset-password');

/** The screen of routes/ResetPasswordRoute.tsx, given the URL's search. */
export function ResetPasswordRouteScreen() {
  return <ResetPasswordScreen search={route.useSearch()} />;
}
