import type { IssueComment } from '@kite/shared/contracts';
import clsx from 'clsx';
import { History } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { Spinner } from '../../../ui/Spinner.tsx';
import { toastError } from '../../../ui/toast.ts';
import { PRIORITY_LABELS } from '../../public-board/PriorityIcon.tsx';
import { CommentCard, commentHostOf } from './CommentCard.tsx';
import { CommentComposer } from './CommentComposer.tsx';
import { formatDateTime, formatDay, timeAgo, userName } from './parts.tsx';
import type { IssueDetailStore } from './store/IssueDetailStore.ts';
import type { IssueActivity } from './types.ts';

type Filter = 'all' | 'comments' | 'updates';

const ids = (value: string | null) => (value ? value.split(',').filter(Boolean) : []);
const quoted = (name: string | undefined) => (name === undefined ? undefined : `“${name}”`);

/** A sentence for one property change ("set the state to Done"). */
export function describeActivity(a: IssueActivity, detail: IssueDetailStore): string {
  if (a.verb === 'created') return 'created the work item';
  if (a.verb === 'deleted') return 'deleted the work item';
  const stateName = (id: string | null) => detail.states.find((s) => s.id === id)?.name ?? 'another state';
  const labelName = (id: string) =>
    detail.root.labels.labelsOf(detail.ref.projectId).find((l) => l.id === id)?.name ?? 'a label';
  const person = (id: string) => userName(detail.userOf(id));
  const listChange = (noun: string, nameOf: (id: string) => string) => {
    const before = new Set(ids(a.old_value));
    const after = new Set(ids(a.new_value));
    const added = [...after].filter((x) => !before.has(x)).map(nameOf);
    const removed = [...before].filter((x) => !after.has(x)).map(nameOf);
    const parts = [];
    if (added.length)
      parts.push(
        `added ${added.join(', ')} ${noun === 'assignee' ? 'as assignee' : `${noun}${added.length > 1 ? 's' : ''}`}`.trim(),
      );
    if (removed.length)
      parts.push(
        `removed ${removed.join(', ')} ${noun === 'assignee' ? 'from assignees' : `${noun}${removed.length > 1 ? 's' : ''}`}`.trim(),
      );
    return parts.join(' and ') || `updated the ${noun}s`;
  };
  switch (a.field) {
    case 'state':
      return `set the state to ${stateName(a.new_value)}`;
    case 'priority':
      return `set the priority to ${PRIORITY_LABELS[a.new_value ?? 'none'] ?? a.new_value}`;
    case 'name':
      return `renamed the work item to “${a.new_value ?? ''}”`;
    case 'description':
      return 'updated the description';
    case 'assignees':
      return listChange('assignee', person);
    case 'labels':
      return listChange('label', (id) => `“${labelName(id)}”`);
    case 'start_date':
      return a.new_value ? `set the start date to ${formatDay(a.new_value)}` : 'removed the start date';
    case 'target_date':
      return a.new_value ? `set the due date to ${formatDay(a.new_value)}` : 'removed the due date';
    case 'parent': {
      if (!a.new_value) return 'removed the parent';
      const parent = detail.root.issues.get(a.new_value);
      return parent
        ? `set the parent to ${detail.project?.identifier}-${parent.sequence_id}`
        : 'set the parent';
    }
    case 'estimate_point': {
      if (!a.new_value) return 'removed the estimate';
      const point = detail.estimatePoints.find((p) => p.id === a.new_value);
      return point ? `set the estimate to ${point.value}` : 'set the estimate';
    }
    case 'cycle': {
      const cycleName = (id: string | null) => detail.root.cycles.find(id ?? '')?.name;
      if (!a.new_value) return `removed the work item from ${quoted(cycleName(a.old_value)) ?? 'its cycle'}`;
      return `added the work item to ${quoted(cycleName(a.new_value)) ?? 'a cycle'}`;
    }
    case 'modules':
      return listChange('module', (id) => quoted(detail.root.modules.find(id)?.name) ?? 'a module');
    case 'archived_at':
      return a.new_value ? 'archived the work item' : 'restored the work item';
    case 'is_draft':
      return a.new_value === 'false' ? 'published the draft' : 'moved the work item to drafts';
    default:
      return a.comment ?? 'updated the work item';
  }
}

/** Comments and property history in one timeline, with a comment box at the end. */
export const ActivitySection = observer(function ActivitySection({ detail }: { detail: IssueDetailStore }) {
  const [filter, setFilter] = useState<Filter>('all');
  const { comments, activity } = detail;
  const loading = !comments.loaded || !activity.loaded;
  type Entry =
    | { kind: 'comment'; at: string; comment: IssueComment }
    | { kind: 'activity'; at: string; activity: IssueActivity };
  const entries: Entry[] = [
    ...(filter !== 'updates'
      ? comments.comments.map((c) => ({ kind: 'comment' as const, at: c.created_at, comment: c }))
      : []),
    ...(filter !== 'comments'
      ? activity.activities.map((a) => ({ kind: 'activity' as const, at: a.created_at, activity: a }))
      : []),
  ].sort((x, y) => x.at.localeCompare(y.at));

  return (
    <section aria-labelledby="issue-activity-title" className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <h3 id="issue-activity-title" className="text-sm font-semibold text-fg">
          Activity
        </h3>
        <div role="tablist" aria-label="Show" className="flex rounded-md border border-border p-0.5 text-xs">
          {(['all', 'comments', 'updates'] as const).map((f) => (
            <button
              key={f}
              type="button"
              role="tab"
              aria-selected={filter === f}
              onClick={() => setFilter(f)}
              className={clsx(
                'rounded px-2 py-1 capitalize',
                filter === f ? 'bg-surface-2 font-medium text-fg' : 'text-fg-muted hover:text-fg',
              )}
            >
              {f}
            </button>
          ))}
        </div>
      </div>
      {loading && (
        <div className="flex justify-center py-4 text-fg-subtle">
          <Spinner label="Loading activity" />
        </div>
      )}
      {(comments.error || activity.error) && (
        <p className="text-sm text-danger">{comments.error ?? activity.error}</p>
      )}
      {!loading && entries.length === 0 && (
        <p className="text-sm text-fg-subtle">
          {filter === 'comments' ? 'No comments yet.' : 'Nothing here yet.'}
        </p>
      )}
      <ol className="flex flex-col gap-3">
        {entries.map((entry) =>
          entry.kind === 'comment' ? (
            <li key={`c-${entry.comment.id}`}>
              <CommentCard host={commentHostOf(detail)} comment={entry.comment} />
            </li>
          ) : (
            <li key={`a-${entry.activity.id}`} className="flex items-start gap-2 pl-1 text-xs text-fg-muted">
              <History className="mt-0.5 size-3.5 shrink-0 text-fg-subtle" aria-hidden />
              <span>
                <span className="font-medium text-fg">
                  {entry.activity.actor_detail ? userName(entry.activity.actor_detail) : 'Kite'}
                </span>{' '}
                {describeActivity(entry.activity, detail)}
                <span className="text-fg-subtle" title={formatDateTime(entry.activity.created_at)}>
                  {' · '}
                  {timeAgo(entry.activity.created_at)}
                </span>
              </span>
            </li>
          ),
        )}
      </ol>
      {detail.canInteract && filter !== 'updates' && (
        <CommentComposer
          members={detail.mentionable}
          onSubmit={async (html) => {
            try {
              await comments.add(html);
            } catch (error) {
              toastError(error, 'The comment could not be added');
              throw error;
            }
          }}
        />
      )}
    </section>
  );
});
