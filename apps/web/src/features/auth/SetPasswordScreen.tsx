import { Link, useRouter } from '@tanstack/react-router';
import { observer } from 'mobx-react-lite';
import { type FormEvent, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { ApiError } from '../../lib/api.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { toastError, toastSuccess } from '../../ui/toast.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { authApi } from './authApi.ts';
import { resolveLandingPath } from './landing.ts';
import { NewPasswordFields, validateNewPassword } from './NewPasswordFields.tsx';

/** For accounts made with a magic code: choose a password to sign in with next time. */
export const SetPasswordScreen = observer(function SetPasswordScreen() {
  const stores = useStores();
  const router = useRouter();
  const user = stores.user.user;
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const goOn = async () => router.navigate({ href: await resolveLandingPath(stores), replace: true });

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
      stores.user.replaceUser(await authApi.setPassword(password));
      toastSuccess('Password set');
      await goOn();
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) setError(err.message);
      else toastError(err);
      setBusy(false);
    }
  };

  return (
    <AuthLayout
      title="Set a password"
      subtitle={user ? `Sign in as ${user.email} with a password next time.` : undefined}
      footer={
        <Button variant="link" onClick={goOn}>
          Skip for now
        </Button>
      }
    >
      {user && !user.is_password_autoset ? (
        <div className="flex flex-col gap-4">
          <Alert tone="info">Your account already has a password. Change it in your security settings.</Alert>
          <Link
            to="/settings/profile/security"
            className="text-center text-sm font-medium text-link hover:underline"
          >
            Go to security settings
          </Link>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <input type="email" value={user?.email ?? ''} autoComplete="username" readOnly hidden />
          <NewPasswordFields
            password={password}
            confirm={confirm}
            onPassword={setPassword}
            onConfirm={setConfirm}
            error={error}
            autoFocus
          />
          <Button type="submit" variant="primary" size="lg" loading={busy}>
            Set password
          </Button>
        </form>
      )}
    </AuthLayout>
  );
});
