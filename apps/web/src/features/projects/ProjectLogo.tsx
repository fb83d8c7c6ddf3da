import type { Project } from '@kite/shared/contracts';
import clsx from 'clsx';

function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? `${words[0]?.[0] ?? ''}${words[1]?.[0] ?? ''}` : name.trim().slice(0, 2);
  return letters.toUpperCase() || '?';
}

/** The project's emoji, or its initials on a tinted square. Decorative: the name is always shown next to it. */
export function ProjectLogo({
  project,
  size = 'md',
}: {
  project: Pick<Project, 'name' | 'emoji'>;
  size?: 'sm' | 'md' | 'lg';
}) {
  const box = { sm: 'size-5 text-[10px]', md: 'size-8 text-xs', lg: 'size-10 text-sm' }[size];
  return (
    <span
      aria-hidden
      className={clsx(
        'flex shrink-0 items-center justify-center rounded-md font-semibold',
        project.emoji ? 'bg-surface-2' : 'bg-primary-soft text-link',
        box,
      )}
    >
      {project.emoji ? (
        <span className={size === 'sm' ? 'text-xs' : 'text-base'}>{project.emoji}</span>
      ) : (
        initials(project.name)
      )}
    </span>
  );
}
