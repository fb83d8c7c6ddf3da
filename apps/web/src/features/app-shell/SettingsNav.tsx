import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';

export interface SettingsNavItem {
  label: string;
  link: LinkProps;
  icon?: ReactNode;
  /** Also current on the pages below it (a webhook's page under Webhooks); exact by default. */
  coversSubpages?: boolean;
}

/** The vertical tab list of a settings area. */
export function SettingsNav({ label, items }: { label: string; items: SettingsNavItem[] }) {
  return (
    <nav aria-label={label} className="w-full shrink-0 md:w-52">
      <ul className="flex gap-1 md:flex-col">
        {items.map((item) => (
          <li key={item.label}>
            <Link
              {...item.link}
              activeOptions={{ exact: !item.coversSubpages, includeSearch: false }}
              className="flex items-center gap-2 rounded-md px-2.5 py-1.5 text-sm font-medium text-fg-muted hover:bg-surface-2 hover:text-fg aria-[current=page]:bg-surface-2 aria-[current=page]:text-fg"
            >
              {item.icon && (
                <span className="flex size-4 items-center justify-center" aria-hidden>
                  {item.icon}
                </span>
              )}
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A titled block of a settings page. */
export function SettingsSection({
  title,
  description,
  children,
  tone = 'default',
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  tone?: 'default' | 'danger';
}) {
  const id = `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section
      aria-labelledby={id}
      className={
        tone === 'danger'
          ? 'rounded-lg border border-danger/35 p-5'
          : 'rounded-lg border border-border bg-canvas p-5'
      }
    >
      <h2
        id={id}
        className={tone === 'danger' ? 'text-sm font-semibold text-danger' : 'text-sm font-semibold text-fg'}
      >
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-fg-muted">{description}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}
