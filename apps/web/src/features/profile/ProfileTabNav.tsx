import { Link } from '@tanstack/react-router';
import { tabBarClass, tabClass } from '../../ui/tabs.ts';
import { PROFILE_SECTION_LABELS, PROFILE_SECTIONS, type ProfileSection } from './profileTabs.ts';

/** The profile's section tabs (none current for an unknown view); the work-item tabs show their counts once known. */
export function ProfileTabNav({
  slug,
  userId,
  current,
  counts,
}: {
  slug: string;
  userId: string;
  current: ProfileSection | null;
  counts: Partial<Record<ProfileSection, number | null>>;
}) {
  return (
    <nav aria-label="Profile tabs" className={tabBarClass}>
      {PROFILE_SECTIONS.map((t) => {
        const count = counts[t] ?? null;
        return (
          <Link
            key={t}
            to={
              t === 'assigned'
                ? '/$workspaceSlug/profile/$userId'
                : '/$workspaceSlug/profile/$userId/$profileViewId'
            }
            params={{ workspaceSlug: slug, userId, profileViewId: t } as never}
            // Exact: the router would otherwise mark Assigned (`/profile/{id}`) current on every view.
            activeOptions={{ exact: true }}
            aria-current={t === current ? 'page' : undefined}
            className={tabClass(t === current)}
          >
            {PROFILE_SECTION_LABELS[t]}
            {count !== null && (
              <span className="rounded-full bg-surface-2 px-1.5 text-xs tabular-nums text-fg-muted">
                {count}
              </span>
            )}
          </Link>
        );
      })}
    </nav>
  );
}
