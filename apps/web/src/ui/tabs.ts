import clsx from 'clsx';

/** A row of tabs under a page header; each tab is a link to a sibling page. */
export const tabBarClass = 'flex shrink-0 gap-1 overflow-x-auto border-b border-border px-4';

/** One tab's look; the current one is underlined (mark it with aria-current="page" too). */
export function tabClass(current: boolean): string {
  return clsx(
    '-mb-px flex items-center gap-1.5 border-b-2 px-2.5 py-2.5 text-sm font-medium whitespace-nowrap',
    current ? 'border-primary text-fg' : 'border-transparent text-fg-muted hover:text-fg',
  );
}
