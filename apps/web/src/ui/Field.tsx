import clsx from 'clsx';
import { type ReactNode, useId } from 'react';

export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

interface FieldProps {
  label: ReactNode;
  /** Shown under the control in red and announced; also marks the control invalid. */
  error?: string | null;
  hint?: ReactNode;
  /** Extra element on the label row (e.g. a "Forgot password?" link). */
  aside?: ReactNode;
  className?: string;
  optional?: boolean;
  children: (control: FieldControlProps) => ReactNode;
}

/** A label, one control, a hint and an error, wired together for screen readers. */
export function Field({ label, error, hint, aside, className, optional, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={clsx('flex flex-col gap-1.5', className)}>
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-fg">
          {label}
          {optional && <span className="ml-1 font-normal text-fg-subtle">(optional)</span>}
        </label>
        {aside}
      </div>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {hint && !error && (
        <div id={hintId} className="text-xs text-fg-muted">
          {hint}
        </div>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** A red, announced message under a control; renders nothing without a message. */
export function FieldError({ id, message }: { id?: string; message?: string | null }) {
  if (!message) return null;
  return (
    <p id={id} className="text-xs font-medium text-danger" role="alert">
      {message}
    </p>
  );
}
