import { type FormEvent, useEffect, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { Input } from '../../ui/Input.tsx';
import { toastError, toastSuccess } from '../../ui/toast.ts';
import { authApi } from './authApi.ts';

const RESEND_SECONDS = 30;

interface MagicCodeStepProps {
  email: string;
  /** Exchanges the code for a session; rejects with the server's error. */
  onSubmitCode: (code: string) => Promise<void>;
  /** Extra links under the form ("Use a different email", "Use password instead"). */
  children?: React.ReactNode;
}

/** The 6-digit code input that follows magic-generate, with a resend cooldown. */
export function MagicCodeStep({ email, onSubmitCode, children }: MagicCodeStepProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [cooldown, setCooldown] = useState(RESEND_SECONDS);

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = window.setTimeout(() => setCooldown((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [cooldown]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(trimmed)) {
      setError('Enter the 6-digit code from the email');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSubmitCode(trimmed);
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) setError(err.message);
      else toastError(err);
      setBusy(false);
    }
  };

  const resend = async () => {
    try {
      await authApi.magicGenerate(email);
      setCooldown(RESEND_SECONDS);
      setCode('');
      setError(null);
      toastSuccess(`A new code was sent to ${email}`);
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="rounded-md bg-surface px-3 py-2 text-center text-sm text-fg-muted">
        We sent a 6-digit code to <span className="font-medium text-fg">{email}</span>
      </p>
      <Field label="Verification code" error={error}>
        {(control) => (
          <Input
            {...control}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder="123456"
            className="text-center font-mono text-lg tracking-[0.5em]"
            autoFocus
          />
        )}
      </Field>
      <Button type="submit" variant="primary" size="lg" loading={busy}>
        Continue
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <Button variant="link" onClick={resend} disabled={cooldown > 0}>
          {cooldown > 0 ? `Resend code in ${cooldown}s` : 'Resend code'}
        </Button>
        {children}
      </div>
    </form>
  );
}
