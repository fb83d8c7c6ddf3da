import clsx from 'clsx';
import type { ReactNode } from 'react';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import type { WidgetState } from './DashboardStore.ts';

/** A widget's frame: title, optional controls, and its loader or error in place of the body. */
export function WidgetCard({
  title,
  controls,
  state,
  onRetry,
  className,
  children,
}: {
  title: string;
  controls?: ReactNode;
  state: WidgetState;
  onRetry: () => void;
  className?: string;
  children: (data: unknown) => ReactNode;
}) {
  const headingId = `widget-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section
      aria-labelledby={headingId}
      className={clsx(
        'flex min-w-0 flex-col rounded-xl border border-border bg-canvas p-4 shadow-xs',
        className,
      )}
    >
      <header className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-sm font-semibold text-fg">
          {title}
        </h3>
        {controls}
      </header>
      <div className="relative flex-1" aria-busy={state.status === 'loading'}>
        {state.status === 'error' ? (
          <div role="alert" className="flex flex-col items-start gap-2 text-sm text-fg-muted">
            <p>{state.error ?? 'Could not load this widget.'}</p>
            <Button size="sm" onClick={onRetry}>
              Try again
            </Button>
          </div>
        ) : state.data === undefined ? (
          <div className="flex h-24 items-center justify-center">
            <Spinner label={`Loading ${title.toLowerCase()}`} />
          </div>
        ) : (
          <div className={clsx(state.status === 'loading' && 'opacity-60 transition-opacity')}>
            {children(state.data)}
          </div>
        )}
      </div>
    </section>
  );
}
