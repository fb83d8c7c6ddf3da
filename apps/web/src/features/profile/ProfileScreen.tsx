import type { UserProfile, UserStats } from '@kite/shared/contracts';
import { STATE_GROUP_COLORS, STATE_GROUPS } from '@kite/shared/domain';
import { Link, useParams } from '@tanstack/react-router';
import clsx from 'clsx';
import { CalendarDays, Inbox, RotateCw, SearchX, UserRound, UserX } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { Avatar } from '../../ui/Avatar.tsx';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PageLoader, Spinner } from '../../ui/Spinner.tsx';
import { PageHeader } from '../app-shell/PageHeader.tsx';
import { roleLabel } from '../app-shell/WorkspaceSwitcher.tsx';
import { BoardBody, Centered } from '../issues/BoardBody.tsx';
import { DisplayMenu } from '../issues/header/DisplayMenu.tsx';
import { LayoutSwitcher } from '../issues/header/LayoutSwitcher.tsx';
import type { Layout } from '../issues/store/displayFilters.ts';
import { useCrossProjectView } from '../issues/useCrossProjectView.ts';
import { ProjectLogo } from '../projects/ProjectLogo.tsx';
import { PRIORITY_LABELS } from '../public-board/PriorityIcon.tsx';
import { ProfileActivity } from './ProfileActivity.tsx';
import { PROFILE_ERROR, ProfileStore } from './ProfileStore.ts';
import { ProfileTabNav } from './ProfileTabNav.tsx';
import { type ProfileSection, type ProfileTab, profileScope, profileSectionOf } from './profileTabs.ts';
import { SidebarToggle, useSidebarCollapsed } from './SidebarToggle.tsx';

export { PROFILE_SIDEBAR_COLLAPSED_KEY } from './SidebarToggle.tsx';

/** The layouts the profile offers (its lists span projects: nothing is created or dragged there). */
const PROFILE_LAYOUTS: readonly Layout[] = ['list', 'kanban'];

/**
 * A workspace member's profile (`/{ws}/profile/{userId}[/{profileViewId}]`, the view one of
 * assigned, created, subscribed, activity): their work items in the board's list and kanban
 * layouts, or their activity, beside who they are and their numbers. `tab` null: the URL names no
 * view (`profileViewId`), which the screen says, with the views to pick from.
 */
export const ProfileScreen = observer(function ProfileScreen({
  slug,
  userId,
  tab,
  profileViewId,
}: {
  slug: string;
  userId: string;
  tab: ProfileSection | null;
  profileViewId?: string;
}) {
  const stores = useStores();
  const [profile] = useState(() => new ProfileStore(slug, userId));
  useEffect(() => {
    void profile.fetch();
  }, [profile]);

  const member = stores.members.membersOf(slug).find((m) => m.member.id === userId);
  const user = profile.profile?.user_data;
  const fullName = user ? `${user.first_name} ${user.last_name}`.trim() : '';
  const name = fullName || user?.display_name || member?.member.display_name || '';

  if (profile.status === 'not-found')
    return (
      <Centered>
        <EmptyState
          icon={<UserX className="size-5" />}
          title="Member not found"
          description="This person is not a member of this workspace."
        />
      </Centered>
    );
  if (profile.status === 'error')
    return (
      <Centered>
        <EmptyState
          icon={<SearchX className="size-5" />}
          title={PROFILE_ERROR}
          description="Check your connection and try again."
          action={
            <Button variant="primary" onClick={() => void profile.fetch()}>
              <RotateCw className="size-3.5" aria-hidden /> Try again
            </Button>
          }
        />
      </Centered>
    );
  if (profile.status === 'loading' || !profile.profile || !profile.stats)
    return <PageLoader label="Loading profile" />;

  const sidebar = (
    <ProfileSidebar profile={profile.profile} stats={profile.stats} role={member?.role} slug={slug} />
  );
  if (tab === null)
    return (
      <UnknownProfileView
        slug={slug}
        userId={userId}
        profileViewId={profileViewId ?? ''}
        counts={profile.tabCounts}
        sidebar={sidebar}
      />
    );
  if (tab === 'activity')
    return (
      <ProfileActivity
        slug={slug}
        userId={userId}
        name={name}
        isMe={stores.user.user?.id === userId}
        counts={profile.tabCounts}
        sidebar={sidebar}
      />
    );
  return (
    <ProfileIssues
      key={tab}
      slug={slug}
      userId={userId}
      tab={tab}
      name={name}
      isMe={stores.user.user?.id === userId}
      counts={profile.tabCounts}
      sidebar={sidebar}
    />
  );
});

const ProfileIssues = observer(function ProfileIssues({
  slug,
  userId,
  tab,
  name,
  isMe,
  counts,
  sidebar,
}: {
  slug: string;
  userId: string;
  tab: ProfileTab;
  name: string;
  isMe: boolean;
  counts: Record<ProfileTab, number | null>;
  sidebar: React.ReactNode;
}) {
  const [collapsed, toggleSidebar] = useSidebarCollapsed();
  const view = useCrossProjectView(slug, profileScope(slug, userId, tab), 'profile');

  return (
    <>
      <PageHeader
        icon={<UserRound className="size-4" />}
        title={isMe ? 'Your work' : `${name}’s work`}
        actions={
          <>
            {view.list?.loader === 'mutation' && <Spinner size="sm" label="Updating" />}
            <LayoutSwitcher view={view} layouts={PROFILE_LAYOUTS} />
            <DisplayMenu view={view} />
            <SidebarToggle collapsed={collapsed} onToggle={toggleSidebar} />
          </>
        }
      />
      <div className="flex min-h-0 flex-1 flex-col overflow-y-auto lg:flex-row lg:overflow-hidden">
        <div className="flex min-h-[24rem] min-w-0 flex-1 flex-col lg:min-h-0">
          <ProfileTabNav slug={slug} userId={userId} current={tab} counts={counts} />
          <main className="relative min-h-0 flex-1 overflow-hidden" aria-label="Work items">
            <BoardBody
              view={view}
              empty={
                <EmptyState
                  icon={<Inbox className="size-5" />}
                  title={EMPTY[tab].title(isMe ? null : name)}
                  description={EMPTY[tab].description}
                />
              }
            />
          </main>
        </div>
        {!collapsed && sidebar}
      </div>
    </>
  );
});

/** A `profileViewId` that names no view: said plainly, with the profile's tabs to go on from. */
function UnknownProfileView({
  slug,
  userId,
  profileViewId,
  counts,
  sidebar,
}: {
  slug: string;
  userId: string;
  profileViewId: string;
  counts: Record<ProfileTab, number | null>;
  sidebar: React.ReactNode;
}) {
  const [collapsed, toggleSidebar] = useSidebarCollapsed();
  return (
    <>
      <PageHeader
        icon={<UserRound className="size-4" />}
        title="Profile"
        actions={<SidebarToggle collapsed={collapsed} onToggle={toggleSidebar} />}
      />
      <div className="flex min-h-0 flex-1 flex-col overflow-y-auto lg:flex-row lg:overflow-hidden">
        <div className="flex min-h-[24rem] min-w-0 flex-1 flex-col lg:min-h-0">
          <ProfileTabNav slug={slug} userId={userId} current={null} counts={counts} />
          <main className="relative min-h-0 flex-1 overflow-y-auto" aria-label="Profile view">
            <Centered>
              <EmptyState
                icon={<SearchX className="size-5" />}
                title="Profile view not found"
                description={`A profile has no “${profileViewId}” view. Pick one of Assigned, Created, Subscribed or Activity.`}
                action={
                  <Link
                    to="/$workspaceSlug/profile/$userId"
                    params={{ workspaceSlug: slug, userId }}
                    className={buttonClasses('primary', 'md')}
                  >
                    Open Assigned
                  </Link>
                }
              />
            </Centered>
          </main>
        </div>
        {!collapsed && sidebar}
      </div>
    </>
  );
}

const EMPTY: Record<ProfileTab, { title: (who: string | null) => string; description: string }> = {
  assigned: {
    title: (who) => (who ? `Nothing is assigned to ${who}` : 'Nothing is assigned to you'),
    description: 'Work items assigned in the projects you can see show up here.',
  },
  created: {
    title: (who) => (who ? `${who} has not created any work items` : 'You have not created any work items'),
    description: 'Work items created in the projects you can see show up here.',
  },
  subscribed: {
    title: (who) =>
      who ? `${who} is not subscribed to any work items` : 'You are not subscribed to any work items',
    description: 'Creators and assignees are subscribed to a work item; anyone can subscribe from its page.',
  },
};

const ProfileSidebar = observer(function ProfileSidebar({
  profile,
  stats,
  role,
  slug,
}: {
  profile: UserProfile;
  stats: UserStats;
  role: number | undefined;
  slug: string;
}) {
  const stores = useStores();
  const user = profile.user_data;
  const fullName = `${user.first_name} ${user.last_name}`.trim();
  const joined = new Date(user.date_joined).toLocaleDateString(undefined, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
  const totalByGroup = stats.state_distribution.reduce((sum, g) => sum + g.state_count, 0);
  return (
    <aside
      aria-label="Member profile"
      className="order-first shrink-0 border-b border-border bg-surface lg:order-none lg:w-80 lg:overflow-y-auto lg:border-b-0 lg:border-l"
    >
      <div className="flex flex-col gap-5 p-5">
        <div className="flex items-center gap-3">
          <Avatar name={fullName || user.display_name} src={user.avatar_url} size="lg" />
          <div className="min-w-0">
            <h2 className="truncate text-base font-semibold text-fg">{fullName || user.display_name}</h2>
            {fullName && (
              <p className="truncate text-sm text-fg-muted" title={user.display_name}>
                @{user.display_name}
              </p>
            )}
            {role !== undefined && roleLabel(role) && (
              <span className="mt-1 inline-block rounded bg-primary-soft px-1.5 py-0.5 text-xs font-medium text-link">
                {roleLabel(role)}
              </span>
            )}
          </div>
        </div>

        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-sm">
          <dt className="flex items-center gap-1.5 text-fg-muted">
            <CalendarDays className="size-3.5" aria-hidden /> Joined
          </dt>
          <dd className="text-fg">{joined}</dd>
          <dt className="text-fg-muted">Timezone</dt>
          <dd className="truncate text-fg">{user.user_timezone}</dd>
          {user.email && (
            <>
              <dt className="text-fg-muted">Email</dt>
              <dd className="truncate text-fg">{user.email}</dd>
            </>
          )}
        </dl>

        <section aria-label="Work item counts" className="grid grid-cols-6 gap-2">
          <Stat label="Assigned" value={stats.assigned_issues} className="col-span-2" />
          <Stat label="Created" value={stats.created_issues} className="col-span-2" />
          <Stat label="Subscribed" value={stats.subscribed_issues} className="col-span-2" />
          <Stat label="Pending" value={stats.pending_issues} className="col-span-3" />
          <Stat label="Completed" value={stats.completed_issues} className="col-span-3" />
        </section>

        <section aria-labelledby="profile-states" className="hidden flex-col gap-2 lg:flex">
          <h3 id="profile-states" className="text-xs font-medium tracking-wide text-fg-muted uppercase">
            Assigned by state
          </h3>
          <div
            className="flex h-2 gap-px overflow-hidden rounded-full border border-border bg-canvas"
            aria-hidden
          >
            {totalByGroup > 0 &&
              stats.state_distribution.map((g) =>
                g.state_count > 0 ? (
                  <span
                    key={g.state_group}
                    style={{
                      width: `${(g.state_count / totalByGroup) * 100}%`,
                      backgroundColor: STATE_GROUP_COLORS[g.state_group],
                    }}
                  />
                ) : null,
              )}
          </div>
          <ul className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
            {STATE_GROUPS.map((group) => {
              const count = stats.state_distribution.find((g) => g.state_group === group)?.state_count ?? 0;
              return (
                <li key={group} className="flex items-center gap-2">
                  <span
                    className="size-2 shrink-0 rounded-full"
                    style={{ backgroundColor: STATE_GROUP_COLORS[group] }}
                    aria-hidden
                  />
                  <span className="flex-1 text-fg-muted capitalize">{group}</span>
                  <span className="text-fg tabular-nums">{count}</span>
                </li>
              );
            })}
          </ul>
        </section>

        <section aria-labelledby="profile-priorities" className="hidden flex-col gap-2 lg:flex">
          <h3 id="profile-priorities" className="text-xs font-medium tracking-wide text-fg-muted uppercase">
            Assigned by priority
          </h3>
          <ul className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
            {stats.priority_distribution.map((p) => (
              <li key={p.priority} className="flex items-center gap-2">
                <span className="flex-1 text-fg-muted">{PRIORITY_LABELS[p.priority] ?? p.priority}</span>
                <span className="text-fg tabular-nums">{p.priority_count}</span>
              </li>
            ))}
          </ul>
        </section>

        {profile.project_data.length > 0 && (
          <section aria-labelledby="profile-projects" className="hidden flex-col gap-2 lg:flex">
            <h3 id="profile-projects" className="text-xs font-medium tracking-wide text-fg-muted uppercase">
              Projects
            </h3>
            <ul className="flex flex-col gap-1">
              {profile.project_data.map((p) => {
                const project = stores.projects.get(slug, p.id);
                return (
                  <li key={p.id}>
                    <Link
                      to="/$workspaceSlug/projects/$projectId/issues"
                      params={{ workspaceSlug: slug, projectId: p.id }}
                      className="flex items-center gap-2 rounded-md px-1.5 py-1 text-sm hover:bg-surface-2"
                    >
                      <ProjectLogo project={{ name: p.name, emoji: project?.emoji ?? null }} size="sm" />
                      <span className="min-w-0 flex-1 truncate text-fg">{p.name}</span>
                      <span
                        className="text-xs text-fg-muted tabular-nums"
                        title={`${p.assigned_issues} assigned, ${p.completed_issues} completed, ${p.pending_issues} pending, ${p.created_issues} created`}
                      >
                        {p.assigned_issues} assigned
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </section>
        )}
      </div>
    </aside>
  );
});

function Stat({ label, value, className }: { label: string; value: number; className?: string }) {
  return (
    <div className={clsx('flex flex-col rounded-md border border-border bg-canvas px-2.5 py-2', className)}>
      <span className="text-lg font-semibold text-fg tabular-nums">{value}</span>
      <span className="text-xs text-fg-muted">{label}</span>
    </div>
  );
}

/**
 * The screen of both routes of routes/WorkspaceProfileRoute.tsx (`profile/$userId` and
 * `profile/$userId/$profileViewId`), given the URL's params.
 */
export function ProfileRouteScreen() {
  const params = useParams({ strict: false }) as {
    workspaceSlug: string;
    userId: string;
    profileViewId?: string;
  };
  return (
    <ProfileScreen
      key={`${params.workspaceSlug}/${params.userId}`}
      slug={params.workspaceSlug}
      userId={params.userId}
      tab={profileSectionOf(params.profileViewId)}
      profileViewId={params.profileViewId}
    />
  );
}
