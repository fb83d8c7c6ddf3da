import type { UserLite } from '@kite/shared/contracts';
import { History } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { toastError } from '../../ui/toast.ts';
import { CommentCard, type CommentHost } from '../issues/detail/CommentCard.tsx';
import { CommentComposer } from '../issues/detail/CommentComposer.tsx';
import { formatDateTime, timeAgo, userName } from '../issues/detail/parts.tsx';
import { ActivityStore } from '../issues/detail/store/ActivityStore.ts';
import { CommentStore } from '../issues/detail/store/CommentStore.ts';
import type { IssueActivity } from '../issues/detail/types.ts';
import { effectiveProjectRole } from '../projects/projectAccess.ts';
import { PRIORITY_LABELS } from '../public-board/PriorityIcon.tsx';

/** A sentence for one history row of an item in intake (the server words the triage rows itself). */
export function describeIntakeActivity(a: IssueActivity): string {
  if (a.verb === 'created') return 'submitted the work item';
  switch (a.field) {
    case 'priority':
      return `set the priority to ${PRIORITY_LABELS[a.new_value ?? 'none'] ?? a.new_value}`;
    case 'name':
      return `renamed the work item to “${a.new_value ?? ''}”`;
    case 'description':
      return 'updated the description';
    case 'assignees':
      return 'updated the assignees';
    case 'labels':
      return 'updated the labels';
    case 'snoozed_till':
      return a.new_value ? `set the snooze to end ${formatDateTime(a.new_value)}` : 'ended the snooze';
    case 'state':
      return 'moved the work item into the project';
    default:
      return a.comment ?? 'updated the work item';
  }
}

/**
 * The item's history and comments, oldest first, with a comment box: the work item's own
 * (`history/`, `comments/`), read through the detail view's stores.
 */
export const IntakeActivity = observer(function IntakeActivity({
  slug,
  projectId,
  issueId,
  version,
}: {
  slug: string;
  projectId: string;
  issueId: string;
  /** Changes when the item does (a triage, an edit): the history is read again shortly after. */
  version: string;
}) {
  const root = useStores();
  const me = root.user.user?.id;
  const { activity, comments } = useMemo(() => {
    const ref = { slug, projectId, issueId };
    return { activity: new ActivityStore(ref), comments: new CommentStore(ref, () => me) };
  }, [slug, projectId, issueId, me]);
  useEffect(() => {
    void activity.fetch();
    void comments.fetch();
    return () => activity.dispose();
  }, [activity, comments]);
  useEffect(() => {
    if (version) activity.refreshSoon();
  }, [activity, version]);

  const users = new Map(root.members.membersOf(slug).map((m) => [m.member.id, m.member]));
  const mentionable = root.projects
    .membersOf(projectId)
    .filter((m) => m.is_active)
    .map((m) => users.get(m.member))
    .filter((u): u is UserLite => !!u && !u.is_bot);
  const project = root.projects.get(slug, projectId);
  const role = (project && effectiveProjectRole(project, root.workspaces.get(slug)?.role)) ?? 0;
  const host: CommentHost = {
    slug,
    comments,
    caller: { userId: me ?? '', role },
    canInteract: true,
    mentionable,
    userOf: (id) => (id ? users.get(id) : undefined),
    onEdited: () => activity.refreshSoon(),
  };
  const loading = !activity.loaded || !comments.loaded;
  const entries = [
    ...activity.activities
      .filter((a) => a.verb === 'created' || a.field)
      .map((a) => ({ kind: 'activity' as const, at: a.created_at, id: a.id, activity: a })),
    ...comments.comments.map((c) => ({ kind: 'comment' as const, at: c.created_at, id: c.id, comment: c })),
  ].sort((x, y) => x.at.localeCompare(y.at));

  return (
    <section aria-labelledby="intake-activity-title" className="flex flex-col gap-3">
      <h3 id="intake-activity-title" className="text-sm font-semibold text-fg">
        Activity
      </h3>
      {loading && (
        <div className="flex justify-center py-2 text-fg-subtle">
          <Spinner label="Loading activity" />
        </div>
      )}
      {(activity.error || comments.error) && (
        <p className="text-sm text-danger">{activity.error ?? comments.error}</p>
      )}
      <ol className="flex flex-col gap-3">
        {entries.map((entry) =>
          entry.kind === 'activity' ? (
            <li key={`a-${entry.id}`} className="flex items-start gap-2 pl-1 text-xs text-fg-muted">
              <History className="mt-0.5 size-3.5 shrink-0 text-fg-subtle" aria-hidden />
              <span>
                <span className="font-medium text-fg">
                  {entry.activity.actor_detail ? userName(entry.activity.actor_detail) : 'Kite'}
                </span>{' '}
                {describeIntakeActivity(entry.activity)}
                <span className="text-fg-subtle" title={formatDateTime(entry.at)}>
                  {' · '}
                  {timeAgo(entry.at)}
                </span>
              </span>
            </li>
          ) : (
            <li key={`c-${entry.id}`}>
              <CommentCard host={host} comment={entry.comment} />
            </li>
          ),
        )}
      </ol>
      <CommentComposer
        members={mentionable}
        onSubmit={async (html) => {
          try {
            await comments.add(html);
          } catch (error) {
            toastError(error, 'The comment could not be added');
            throw error;
          }
        }}
      />
    </section>
  );
});
