import { getRouteApi, Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { Input } from '../../ui/Input.tsx';
import { toastError } from '../../ui/toast.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { authApi } from './authApi.ts';
/** What the link may carry: the address to prefill, and `success=true` once a reset link was sent. */
export interface ForgotPasswordSearch {
  email?: string;
  success?: string;
}

/** Asks for a reset link (`/accounts/forgot-password`). */
export function ForgotPasswordScreen({ search }: { search: ForgotPasswordSearch }) {
  const [email, setEmail] = useState(search.email ?? '');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(
    search.success === 'true' ? 'Check your email to reset your password' : null,
  );
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      setError('Email is required');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await authApi.forgotPassword(email.trim());
      setSent(answer.message);
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) setError(err.message);
      else toastError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout
      title="Reset your password"
      subtitle="Enter your account's email and we will send you a link to reset your password."
      footer={
        <Link to="/" search={{ email: email || undefined }} className="font-medium text-link hover:underline">
          Back to sign in
        </Link>
      }
    >
      {sent ? (
        <Alert tone="success">
          {sent}
          {email && (
            <>
              {' '}
              (<span className="font-medium">{email}</span>).
            </>
          )}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <Field label="Email" error={error}>
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
          <Button type="submit" variant="primary" size="lg" loading={busy}>
            Send reset link
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}

const route = getRouteApi('/accounts/forgot-password');

/** The screen of routes/ForgotPasswordRoute.tsx, given the URL's search. */
export function ForgotPasswordRouteScreen() {
  return <ForgotPasswordScreen search={route.useSearch()} />;
}
