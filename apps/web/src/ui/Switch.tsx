import clsx from 'clsx';
import type { ButtonHTMLAttributes } from 'react';

interface SwitchProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onChange' | 'role'> {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}

/** An on/off toggle (role "switch"); name it with aria-label or aria-labelledby. */
export function Switch({ checked, onCheckedChange, className, ...rest }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      onClick={() => onCheckedChange(!checked)}
      className={clsx(
        'relative h-5 w-9 shrink-0 rounded-full transition-colors disabled:opacity-50',
        checked ? 'bg-primary' : 'bg-surface-3',
        className,
      )}
      {...rest}
    >
      <span
        aria-hidden
        className={clsx(
          'absolute top-0.5 size-4 rounded-full bg-white shadow transition-all',
          checked ? 'left-4.5' : 'left-0.5',
        )}
      />
    </button>
  );
}
