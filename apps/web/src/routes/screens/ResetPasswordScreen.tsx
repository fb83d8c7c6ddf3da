import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { AuthLayout } from '../../features/auth/AuthLayout.tsx';
import { authApi } from '../../features/auth/authApi.ts';
import { authErrorFromQuery } from '../../features/auth/authErrors.ts';
import { NewPasswordFields, validateNewPassword } from '../../features/auth/NewPasswordFields.tsx';
import { ApiError } from '../../lib/api.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import { toastError } from '../../ui/toast.ts';
import { resetPasswordRoute } from '../ResetPasswordRoute.tsx';

function ResetPasswordScreen() {
  const search = resetPasswordRoute.useSearch();
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

export const resetPasswordScreen = ResetPasswordScreen;
