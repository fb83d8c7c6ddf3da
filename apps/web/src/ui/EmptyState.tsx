import clsx from 'clsx';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  icon?: ReactNode;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
}

export function EmptyState({ icon, title, description, action, className }: EmptyStateProps) {
  return (
    <section
      aria-label={title}
      className={clsx(
        'flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-border-strong px-6 py-12 text-center',
        className,
      )}
    >
      {icon && (
        <div
          className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-link"
          aria-hidden
        >
          {icon}
        </div>
      )}
      <h2 className="text-base font-semibold text-fg">{title}</h2>
      {description && <div className="max-w-sm text-sm text-fg-muted">{description}</div>}
      {action && <div className="mt-1">{action}</div>}
    </section>
  );
}
