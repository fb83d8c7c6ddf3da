import type { User } from '@kite/shared/contracts';
import { Link } from '@tanstack/react-router';
import { observer } from 'mobx-react-lite';
import { type FormEvent, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { ApiError } from '../../lib/api.ts';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { Input, PasswordInput } from '../../ui/Input.tsx';
import { toastError } from '../../ui/toast.ts';
import { authApi } from './authApi.ts';
import { MagicCodeStep } from './MagicCodeStep.tsx';

type Step = 'email' | 'password' | 'code';

interface SignInFormProps {
  initialEmail?: string;
  /** Carried to the sign-up link so a new user still ends up where they were going. */
  nextPath?: string;
  /** Called with the signed-in user; the caller decides where to go. */
  onSignedIn: (user: User) => Promise<void> | void;
}

/** Shows 400 answers next to the field; anything else (network, 429, 5xx) as a toast. */
function report(error: unknown, setError: (message: string) => void) {
  if (error instanceof ApiError && error.status === 400) setError(error.message);
  else toastError(error);
}

/**
 * Sign-in in steps: the email first (email-check), then a password or a 6-digit code
 * depending on what the account uses.
 */
export const SignInForm = observer(function SignInForm({
  initialEmail = '',
  nextPath,
  onSignedIn,
}: SignInFormProps) {
  const { instance } = useStores();
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [hasPassword, setHasPassword] = useState(false);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [noAccount, setNoAccount] = useState(false);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const magicEnabled = instance.config?.is_magic_login_enabled ?? true;

  const sendCode = async (address: string) => {
    await authApi.magicGenerate(address);
    setStep('code');
  };

  const submitEmail = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    setNoAccount(false);
    if (!address) {
      setEmailError('Email is required');
      return;
    }
    setEmailError(null);
    setBusy(true);
    try {
      const check = await authApi.emailCheck(address);
      setEmail(address);
      if (!check.existing) {
        setNoAccount(true);
        setEmailError('No account with this email');
      } else if (check.status === 'CREDENTIAL') {
        setHasPassword(true);
        setStep('password');
      } else {
        setHasPassword(false);
        await sendCode(address);
      }
    } catch (error) {
      report(error, setEmailError);
    } finally {
      setBusy(false);
    }
  };

  const submitPassword = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setPasswordError('Password is required');
      return;
    }
    setPasswordError(null);
    setBusy(true);
    try {
      const user = await authApi.signIn(email, password);
      await onSignedIn(user);
    } catch (error) {
      report(error, setPasswordError);
      setBusy(false);
    }
  };

  const sendCodeInstead = async () => {
    setBusy(true);
    try {
      await sendCode(email);
    } catch (error) {
      report(error, setPasswordError);
    } finally {
      setBusy(false);
    }
  };

  const backToEmail = () => {
    setStep('email');
    setPassword('');
    setPasswordError(null);
  };

  const changeEmail = (
    <Button variant="link" onClick={backToEmail}>
      Use a different email
    </Button>
  );

  if (step === 'code') {
    return (
      <MagicCodeStep
        email={email}
        onSubmitCode={async (code) => onSignedIn(await authApi.magicSignIn(email, code))}
      >
        {hasPassword ? (
          <Button variant="link" onClick={() => setStep('password')}>
            Use password instead
          </Button>
        ) : (
          changeEmail
        )}
      </MagicCodeStep>
    );
  }

  if (step === 'password') {
    return (
      <form onSubmit={submitPassword} noValidate className="flex flex-col gap-4">
        <Field label="Email">
          {(control) => (
            <div className="flex items-center gap-2">
              <Input {...control} value={email} readOnly className="flex-1" />
              <Button variant="ghost" size="sm" onClick={backToEmail} aria-label="Change email">
                Change
              </Button>
            </div>
          )}
        </Field>
        <Field
          label="Password"
          error={passwordError}
          aside={
            <Link
              to="/accounts/forgot-password"
              search={{ email }}
              className="text-xs font-medium text-link hover:underline"
            >
              Forgot password?
            </Link>
          }
        >
          {(control) => (
            <PasswordInput
              {...control}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoComplete="current-password"
              autoFocus
            />
          )}
        </Field>
        <Button type="submit" variant="primary" size="lg" loading={busy}>
          Sign in
        </Button>
        {magicEnabled && (
          <Button variant="link" onClick={sendCodeInstead} disabled={busy} className="self-center">
            Sign in with a code instead
          </Button>
        )}
      </form>
    );
  }

  return (
    <form onSubmit={submitEmail} noValidate className="flex flex-col gap-4">
      <Field label="Email" error={emailError}>
        {(control) => (
          <Input
            {...control}
            type="email"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setEmailError(null);
              setNoAccount(false);
            }}
            autoComplete="email"
            placeholder="name@company.com"
            autoFocus
          />
        )}
      </Field>
      {noAccount && (
        <p className="-mt-2 text-sm text-fg-muted">
          New here?{' '}
          <Link
            to="/sign-up"
            search={{ email, next_path: nextPath }}
            className="font-medium text-link hover:underline"
          >
            Create an account
          </Link>
        </p>
      )}
      <Button type="submit" variant="primary" size="lg" loading={busy}>
        Continue
      </Button>
    </form>
  );
});
