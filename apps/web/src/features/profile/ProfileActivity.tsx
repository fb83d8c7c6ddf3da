import type { UserActivity } from '@kite/shared/contracts';
import { Link } from '@tanstack/react-router';
import { Download, History, RotateCw, SearchX } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { type ReactNode, useEffect, useState } from 'react';
import { Avatar } from '../../ui/Avatar.tsx';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { withErrorToast } from '../../ui/toast.ts';
import { PageHeader } from '../app-shell/PageHeader.tsx';
import { activityPhrase } from '../issues/activityPhrase.ts';
import { Centered } from '../issues/BoardBody.tsx';
import { formatDateTime, timeAgo, userName } from '../issues/detail/parts.tsx';
import { MemberActivityStore } from './MemberActivityStore.ts';
import { ProfileTabNav } from './ProfileTabNav.tsx';
import type { ProfileTab } from './profileTabs.ts';
import { SidebarToggle, useSidebarCollapsed } from './SidebarToggle.tsx';

/** The profile's Activity tab: what the member did to the work items the caller can see, newest first. */
export const ProfileActivity = observer(function ProfileActivity({
  slug,
  userId,
  name,
  isMe,
  counts,
  sidebar,
}: {
  slug: string;
  userId: string;
  name: string;
  isMe: boolean;
  counts: Record<ProfileTab, number | null>;
  sidebar: ReactNode;
}) {
  const [store] = useState(() => new MemberActivityStore(slug, userId));
  const [collapsed, toggleSidebar] = useSidebarCollapsed();
  useEffect(() => {
    void store.fetch();
  }, [store]);

  return (
    <>
      <PageHeader
        icon={<History className="size-4" />}
        title={isMe ? 'Your activity' : `${name}’s activity`}
        actions={
          <>
            <Button
              size="sm"
              variant="secondary"
              loading={store.exporting}
              onClick={() => void withErrorToast(store.exportCsv, 'Could not download the activity')}
            >
              <Download className="size-3.5" aria-hidden /> Download CSV
            </Button>
            <SidebarToggle collapsed={collapsed} onToggle={toggleSidebar} />
          </>
        }
      />
      <div className="flex min-h-0 flex-1 flex-col overflow-y-auto lg:flex-row lg:overflow-hidden">
        <div className="flex min-h-[24rem] min-w-0 flex-1 flex-col lg:min-h-0">
          <ProfileTabNav slug={slug} userId={userId} current="activity" counts={counts} />
          <main className="relative min-h-0 flex-1 overflow-y-auto" aria-label="Activity">
            <ActivityBody store={store} slug={slug} who={isMe ? null : name} />
          </main>
        </div>
        {!collapsed && sidebar}
      </div>
    </>
  );
});

const ActivityBody = observer(function ActivityBody({
  store,
  slug,
  who,
}: {
  store: MemberActivityStore;
  slug: string;
  who: string | null;
}) {
  if (store.status === 'loading')
    return (
      <Centered>
        <Spinner label="Loading activity" />
      </Centered>
    );
  if (store.status === 'error')
    return (
      <Centered>
        <EmptyState
          icon={<SearchX className="size-5" />}
          title={store.error ?? 'Failed to load activity'}
          description="Check your connection and try again."
          action={
            <Button variant="primary" onClick={() => void store.fetch()}>
              <RotateCw className="size-3.5" aria-hidden /> Try again
            </Button>
          }
        />
      </Centered>
    );
  if (store.items.length === 0)
    return (
      <Centered>
        <EmptyState
          icon={<History className="size-5" />}
          title="No activity yet"
          description={`Changes ${who ?? 'you'} make${who ? 's' : ''} to work items in the projects you can see show up here.`}
        />
      </Centered>
    );
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-5">
      <ol
        aria-label="Activity timeline"
        className="relative ml-3 flex flex-col gap-4 border-l border-border pl-6"
      >
        {store.items.map((a) => (
          <ActivityEntry key={a.id} activity={a} slug={slug} />
        ))}
      </ol>
      {store.error && (
        <p role="alert" className="text-sm text-danger">
          {store.error}
        </p>
      )}
      {store.nextCursor && (
        <div className="flex justify-center">
          <Button
            variant="secondary"
            size="sm"
            loading={store.loadingMore}
            onClick={() => void store.loadMore()}
          >
            Load more
          </Button>
        </div>
      )}
    </div>
  );
});

function ActivityEntry({ activity: a, slug }: { activity: UserActivity; slug: string }) {
  const actor = a.actor_detail ?? undefined;
  const item = a.issue_detail;
  return (
    <li className="relative text-sm">
      <span className="absolute top-0 -left-[37px] rounded-full bg-canvas p-0.5">
        <Avatar name={userName(actor)} src={actor?.avatar_url ?? undefined} size="sm" />
      </span>
      <p className="text-fg-muted">
        <span className="font-medium text-fg">{userName(actor)}</span> {activityPhrase(a)}{' '}
        {item ? (
          <Link
            to="/$workspaceSlug/projects/$projectId/issues/$issueId"
            params={{ workspaceSlug: slug, projectId: item.project_id, issueId: item.id }}
            className="text-link hover:underline"
          >
            {item.project__identifier}-{item.sequence_id} {item.name}
          </Link>
        ) : (
          'a deleted work item'
        )}
      </p>
      <time dateTime={a.created_at} title={formatDateTime(a.created_at)} className="text-xs text-fg-subtle">
        {timeAgo(a.created_at)}
      </time>
    </li>
  );
}
