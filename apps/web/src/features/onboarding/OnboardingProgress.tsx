import clsx from 'clsx';
import { Check } from 'lucide-react';
import { type OnboardingStepName, VISIBLE_STEPS } from './steps.ts';

/** "Step n of 3" with the three steps named; the current one is marked for screen readers. */
export function OnboardingProgress({ current }: { current: OnboardingStepName }) {
  const index =
    current === 'done' ? VISIBLE_STEPS.length : VISIBLE_STEPS.findIndex((s) => s.name === current);
  return (
    <nav aria-label="Onboarding progress" className="w-full">
      <p className="mb-3 text-center text-xs font-medium text-fg-muted">
        Step {Math.min(index + 1, VISIBLE_STEPS.length)} of {VISIBLE_STEPS.length}
      </p>
      <ol className="flex items-center gap-2">
        {VISIBLE_STEPS.map((step, i) => {
          const done = i < index;
          const active = i === index;
          return (
            <li
              key={step.name}
              aria-current={active ? 'step' : undefined}
              className="flex flex-1 flex-col items-center gap-2"
            >
              <span
                className={clsx(
                  'h-1.5 w-full rounded-full transition-colors',
                  done || active ? 'bg-primary' : 'bg-surface-3',
                )}
              />
              <span
                className={clsx(
                  'inline-flex items-center gap-1 text-xs',
                  active ? 'font-semibold text-fg' : done ? 'text-fg-muted' : 'text-fg-subtle',
                )}
              >
                {done && <Check className="size-3.5 text-link" aria-hidden />}
                {step.label}
                {done && <span className="sr-only"> (done)</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
