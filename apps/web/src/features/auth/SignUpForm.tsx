import type { User } from '@kite/shared/contracts';
import { Link } from '@tanstack/react-router';
import { observer } from 'mobx-react-lite';
import { type FormEvent, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { ApiError } from '../../lib/api.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { Input, PasswordInput } from '../../ui/Input.tsx';
import { toastError } from '../../ui/toast.ts';
import { authApi } from './authApi.ts';
import { MagicCodeStep } from './MagicCodeStep.tsx';
import { PasswordStrengthMeter } from './PasswordStrengthMeter.tsx';

interface SignUpFormProps {
  initialEmail?: string;
  onSignedIn: (user: User) => Promise<void> | void;
}

type Errors = Partial<Record<'email' | 'password' | 'form', string>> & { accountExists?: boolean };

const EMAIL_ERRORS = new Set([
  'USER_ALREADY_EXIST',
  'INVALID_EMAIL_SIGN_UP',
  'INVALID_EMAIL',
  'EMAIL_REQUIRED',
]);
const PASSWORD_FIELD_ERRORS = new Set(['PASSWORD_TOO_WEAK', 'INVALID_PASSWORD']);

/** Places a refused sign-up next to the field it is about. */
export function signUpErrors(error: ApiError): Errors {
  if (EMAIL_ERRORS.has(error.code)) {
    return { email: error.message, accountExists: error.code === 'USER_ALREADY_EXIST' };
  }
  if (PASSWORD_FIELD_ERRORS.has(error.code)) return { password: error.message };
  return { form: error.message };
}

/** Create an account with email + password, or with an emailed code when the instance allows it. */
export const SignUpForm = observer(function SignUpForm({ initialEmail = '', onSignedIn }: SignUpFormProps) {
  const { instance } = useStores();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [codeSent, setCodeSent] = useState(false);
  const magicEnabled = instance.config?.is_magic_login_enabled ?? true;
  const passwordEnabled = instance.config?.is_email_password_enabled ?? true;

  const handle = (error: unknown) => {
    if (error instanceof ApiError && error.status === 400) setErrors(signUpErrors(error));
    else toastError(error);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {};
    if (!email.trim()) next.email = 'Email is required';
    if (!password) next.password = 'Password is required';
    else if (password.length < 8) next.password = 'Use at least 8 characters';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      const user = await authApi.signUp({
        email: email.trim(),
        password,
        ...(firstName.trim() ? { first_name: firstName.trim() } : {}),
        ...(lastName.trim() ? { last_name: lastName.trim() } : {}),
      });
      await onSignedIn(user);
    } catch (error) {
      handle(error);
      setBusy(false);
    }
  };

  const sendCode = async () => {
    if (!email.trim()) {
      setErrors({ email: 'Email is required' });
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const check = await authApi.emailCheck(email.trim());
      if (check.existing) {
        setErrors({ email: 'An account with this email already exists', accountExists: true });
        return;
      }
      await authApi.magicGenerate(email.trim());
      setEmail(email.trim());
      setCodeSent(true);
    } catch (error) {
      handle(error);
    } finally {
      setBusy(false);
    }
  };

  if (codeSent) {
    return (
      <MagicCodeStep
        email={email}
        onSubmitCode={async (code) => onSignedIn(await authApi.magicSignUp(email, code))}
      >
        <Button variant="link" onClick={() => setCodeSent(false)}>
          Use a different email
        </Button>
      </MagicCodeStep>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {errors.form && <Alert tone="error">{errors.form}</Alert>}
      <Field label="Email" error={errors.email}>
        {(control) => (
          <Input
            {...control}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            autoComplete="email"
            placeholder="name@company.com"
            autoFocus
          />
        )}
      </Field>
      {errors.accountExists && (
        <p className="-mt-2 text-sm text-fg-muted">
          <Link to="/" search={{ email }} className="font-medium text-link hover:underline">
            Sign in instead
          </Link>
        </p>
      )}
      {passwordEnabled && (
        <>
          <div className="grid grid-cols-2 gap-3">
            <Field label="First name" optional>
              {(control) => (
                <Input
                  {...control}
                  value={firstName}
                  onChange={(e) => setFirstName(e.target.value)}
                  autoComplete="given-name"
                />
              )}
            </Field>
            <Field label="Last name" optional>
              {(control) => (
                <Input
                  {...control}
                  value={lastName}
                  onChange={(e) => setLastName(e.target.value)}
                  autoComplete="family-name"
                />
              )}
            </Field>
          </div>
          <Field
            label="Password"
            error={errors.password}
            hint={<PasswordStrengthMeter password={password} />}
          >
            {(control) => (
              <PasswordInput
                {...control}
                value={password}
                onChange={(e) => {
                  setPassword(e.target.value);
                  if (errors.password) setErrors({ ...errors, password: undefined });
                }}
                autoComplete="new-password"
              />
            )}
          </Field>
          <Button type="submit" variant="primary" size="lg" loading={busy}>
            Create account
          </Button>
        </>
      )}
      {magicEnabled && (
        <Button
          variant={passwordEnabled ? 'link' : 'primary'}
          size={passwordEnabled ? 'md' : 'lg'}
          onClick={sendCode}
          disabled={busy}
          className={passwordEnabled ? 'self-center' : undefined}
        >
          {passwordEnabled ? 'Sign up with an email code instead' : 'Continue with an email code'}
        </Button>
      )}
    </form>
  );
});
