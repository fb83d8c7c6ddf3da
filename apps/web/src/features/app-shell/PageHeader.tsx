import type { ReactNode } from 'react';

/** The title bar at the top of a workspace screen. */
export function PageHeader({
  title,
  icon,
  actions,
}: {
  title: ReactNode;
  icon?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <header className="flex h-13 shrink-0 items-center justify-between gap-4 border-b border-border bg-canvas px-6">
      <div className="flex min-w-0 items-center gap-2 text-sm font-medium text-fg">
        {icon && (
          <span className="flex size-4 items-center justify-center text-fg-muted" aria-hidden>
            {icon}
          </span>
        )}
        <h1 className="truncate">{title}</h1>
      </div>
      {actions && <div className="flex items-center gap-2">{actions}</div>}
    </header>
  );
}
