import clsx from 'clsx';
import { Eye, EyeOff } from 'lucide-react';
import { type InputHTMLAttributes, type Ref, type SelectHTMLAttributes, useState } from 'react';

export const controlClasses = clsx(
  'w-full rounded-md border border-border-strong bg-canvas px-2.5 text-sm text-fg shadow-xs',
  'placeholder:text-fg-subtle transition-colors',
  'focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-focus focus-visible:border-focus',
  'disabled:cursor-not-allowed disabled:bg-surface-2 disabled:text-fg-muted',
  'aria-invalid:border-danger',
);

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
}

export function Input({ className, ...rest }: InputProps) {
  return <input className={clsx(controlClasses, 'h-9 read-only:bg-surface', className)} {...rest} />;
}

/** A password input with a show/hide toggle. */
export function PasswordInput({ className, ...rest }: Omit<InputProps, 'type'>) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input type={visible ? 'text' : 'password'} className={clsx('pr-9', className)} {...rest} />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? 'Hide password' : 'Show password'}
        aria-pressed={visible}
        className="absolute inset-y-0 right-0 flex w-9 items-center justify-center rounded-r-md text-fg-subtle hover:text-fg"
      >
        {visible ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
      </button>
    </div>
  );
}

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  ref?: Ref<HTMLSelectElement>;
}

/** A styled native select: accessible and keyboard-friendly without extra code. */
export function Select({ className, children, ...rest }: SelectProps) {
  return (
    <select className={clsx(controlClasses, 'h-9 cursor-pointer', className)} {...rest}>
      {children}
    </select>
  );
}

export function Textarea({
  className,
  ...rest
}: InputHTMLAttributes<HTMLTextAreaElement> & { rows?: number; ref?: Ref<HTMLTextAreaElement> }) {
  return <textarea className={clsx(controlClasses, 'min-h-20 py-2', className)} {...rest} />;
}
