import clsx from 'clsx';
import { estimateStrength } from './passwordStrength.ts';

const BAR_COLORS = ['bg-danger', 'bg-danger', 'bg-warning', 'bg-success', 'bg-success'];

/** Four bars and a hint under a new-password field. */
export function PasswordStrengthMeter({ password, id }: { password: string; id?: string }) {
  if (!password) {
    return <span id={id}>Use at least 8 characters; a short phrase with a number or symbol works well.</span>;
  }
  const strength = estimateStrength(password);
  return (
    <div id={id} className="flex flex-col gap-1.5">
      <div className="flex gap-1" aria-hidden>
        {[1, 2, 3, 4].map((bar) => (
          <span
            key={bar}
            className={clsx(
              'h-1 flex-1 rounded-full',
              strength.level >= bar ? BAR_COLORS[strength.level] : 'bg-surface-3',
            )}
          />
        ))}
      </div>
      <span aria-live="polite">
        <span className="font-medium text-fg">Strength: {strength.label}.</span> {strength.hint}
      </span>
    </div>
  );
}
