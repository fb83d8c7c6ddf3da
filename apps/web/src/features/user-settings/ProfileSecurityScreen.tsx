import { observer } from 'mobx-react-lite';
import { type FormEvent, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { ApiError } from '../../lib/api.ts';
import { applyTheme } from '../../lib/theme.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { PasswordInput } from '../../ui/Input.tsx';
import { toast, toastError } from '../../ui/toast.ts';
import { SettingsSection } from '../app-shell/SettingsNav.tsx';
import { authApi } from '../auth/authApi.ts';
import { LinkedAccountsSection } from '../auth/LinkedAccountsSection.tsx';
import { NewPasswordFields, validateNewPassword } from '../auth/NewPasswordFields.tsx';
import { SettingsPageTitle } from './SettingsPageTitle.tsx';

export const ProfileSecurityScreen = observer(function ProfileSecurityScreen() {
  const stores = useStores();
  const account = stores.user.user;
  const [deactivating, setDeactivating] = useState(false);
  if (!account) return null;

  const deactivate = async () => {
    try {
      await stores.user.deactivate();
    } catch (error) {
      toastError(error);
      throw error;
    }
    stores.reset();
    applyTheme('system');
    window.location.assign('/');
  };

  return (
    <>
      <SettingsPageTitle title="Security" description="Your password, sign-in providers and account." />
      <div className="flex flex-col gap-6">
        <PasswordSection autoset={account.is_password_autoset} email={account.email} />
        <LinkedAccountsSection />
        <SettingsSection
          title="Deactivate account"
          tone="danger"
          description="You will be signed out everywhere and lose access to every workspace."
        >
          <Button variant="danger" onClick={() => setDeactivating(true)}>
            Deactivate account
          </Button>
          <ConfirmDialog
            open={deactivating}
            onOpenChange={setDeactivating}
            title="Deactivate your account?"
            description="You can no longer sign in with this account afterwards."
            confirmLabel="Deactivate"
            confirmText={account.email}
            onConfirm={deactivate}
          />
        </SettingsSection>
      </div>
    </>
  );
});

/** Change password (current + new), or set one for accounts made with an email code. */
const PasswordSection = observer(function PasswordSection({
  autoset,
  email,
}: {
  autoset: boolean;
  email: string;
}) {
  const { user } = useStores();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [currentError, setCurrentError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setCurrentError(null);
    if (!autoset && !current) {
      setCurrentError('Enter your current password');
      return;
    }
    const problem = validateNewPassword(password, confirm);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      if (autoset) {
        user.replaceUser(await authApi.setPassword(password));
        toast.success('Password set');
      } else {
        const answer = await authApi.changePassword(current, password);
        toast.success(answer.message || 'Password updated successfully');
      }
      setCurrent('');
      setPassword('');
      setConfirm('');
    } catch (err) {
      if (err instanceof ApiError && err.code === 'INCORRECT_OLD_PASSWORD') setCurrentError(err.message);
      else if (err instanceof ApiError && err.status === 400) setError(err.message);
      else toastError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <SettingsSection
      title={autoset ? 'Set a password' : 'Change password'}
      description={
        autoset
          ? 'You sign in with an email code. Set a password to sign in with it too.'
          : 'Other devices are signed out when the password changes.'
      }
    >
      <form onSubmit={submit} noValidate className="flex max-w-sm flex-col gap-4">
        <input type="email" value={email} autoComplete="username" readOnly hidden />
        {!autoset && (
          <Field label="Current password" error={currentError}>
            {(control) => (
              <PasswordInput
                {...control}
                value={current}
                onChange={(e) => setCurrent(e.target.value)}
                autoComplete="current-password"
              />
            )}
          </Field>
        )}
        <NewPasswordFields
          password={password}
          confirm={confirm}
          onPassword={setPassword}
          onConfirm={setConfirm}
          error={error}
        />
        <div>
          <Button type="submit" variant="primary" loading={busy}>
            {autoset ? 'Set password' : 'Change password'}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
});
