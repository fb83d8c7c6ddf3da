import { Field } from '../../ui/Field.tsx';
import { PasswordInput } from '../../ui/Input.tsx';
import { PasswordStrengthMeter } from './PasswordStrengthMeter.tsx';

/** Returns what is wrong with a new password and its confirmation, or null. */
export function validateNewPassword(password: string, confirm: string): string | null {
  if (!password) return 'Password is required';
  if (password.length < 8) return 'Use at least 8 characters';
  if (password !== confirm) return 'The passwords do not match';
  return null;
}

interface NewPasswordFieldsProps {
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  /** Shown under the new password (server refusals such as PASSWORD_TOO_WEAK land here). */
  error?: string | null;
  label?: string;
  autoFocus?: boolean;
}

/** "New password" with a strength hint, and "Confirm password". */
export function NewPasswordFields({
  password,
  confirm,
  onPassword,
  onConfirm,
  error,
  label = 'New password',
  autoFocus,
}: NewPasswordFieldsProps) {
  return (
    <>
      <Field label={label} error={error} hint={<PasswordStrengthMeter password={password} />}>
        {(control) => (
          <PasswordInput
            {...control}
            value={password}
            onChange={(e) => onPassword(e.target.value)}
            autoComplete="new-password"
            autoFocus={autoFocus}
          />
        )}
      </Field>
      <Field label="Confirm password">
        {(control) => (
          <PasswordInput
            {...control}
            value={confirm}
            onChange={(e) => onConfirm(e.target.value)}
            autoComplete="new-password"
          />
        )}
      </Field>
    </>
  );
}
