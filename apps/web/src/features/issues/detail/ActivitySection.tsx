import type { IssueComment } from '@kite/shared/contracts';
import { commentRights } from '@kite/shared/domain';
import { useNavigate } from '@tanstack/react-router';
import clsx from 'clsx';
import { History, MessageSquare, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { type MouseEvent, useState } from 'react';
import { Avatar } from '../../../ui/Avatar.tsx';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '../../../ui/Menu.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { toastError, withErrorToast } from '../../../ui/toast.ts';
import { PRIORITY_LABELS } from '../../public-board/PriorityIcon.tsx';
import { CommentComposer } from './CommentComposer.tsx';
import { renderCommentHtml } from './mentions.ts';
import { formatDateTime, formatDay, timeAgo, userName } from './parts.tsx';
import { Reactions } from './Reactions.tsx';
import type { IssueDetailStore } from './store/IssueDetailStore.ts';
import { groupReactions } from './store/ReactionStore.ts';
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
              <CommentCard detail={detail} comment={entry.comment} />
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

const CommentCard = observer(function CommentCard({
  detail,
  comment,
}: {
  detail: IssueDetailStore;
  comment: IssueComment;
}) {
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const { canEdit, canDelete } = commentRights(comment, detail.caller);
  const author = detail.userOf(comment.actor) ?? comment.actor_detail ?? undefined;
  const html = renderCommentHtml(comment.comment_html, detail.ref.slug, (id) => {
    const u = detail.userOf(id);
    return u?.display_name;
  });

  // Mentions are app links: follow them with the router, not a page load.
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as HTMLElement).closest('a[data-mention]');
    if (!link || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    void navigate({ to: link.getAttribute('href') ?? '/' });
  };

  return (
    <article aria-label={`Comment by ${userName(author)}`} className="flex gap-2.5">
      <Avatar name={userName(author)} src={author?.avatar_url} size="sm" className="mt-0.5" />
      <div className="min-w-0 flex-1 rounded-lg border border-border bg-surface px-3 py-2">
        <div className="flex items-center gap-2 text-xs">
          <span className="font-medium text-fg">{userName(author)}</span>
          <span className="text-fg-subtle" title={formatDateTime(comment.created_at)}>
            {timeAgo(comment.created_at)}
          </span>
          {comment.edited_at && <span className="text-fg-subtle">(edited)</span>}
          <MessageSquare className="size-3 text-fg-subtle" aria-hidden />
          {(canEdit || canDelete) && !editing && detail.canInteract && (
            <Menu>
              <MenuTrigger
                aria-label="Comment actions"
                className="ml-auto rounded p-0.5 text-fg-subtle hover:bg-surface-2 hover:text-fg"
              >
                <MoreHorizontal className="size-4" aria-hidden />
              </MenuTrigger>
              <MenuContent align="end">
                {canEdit && (
                  <MenuItem icon={<Pencil className="size-3.5" />} onSelect={() => setEditing(true)}>
                    Edit
                  </MenuItem>
                )}
                {canDelete && (
                  <MenuItem
                    icon={<Trash2 className="size-3.5" />}
                    tone="danger"
                    onSelect={() => setConfirmDelete(true)}
                  >
                    Delete
                  </MenuItem>
                )}
              </MenuContent>
            </Menu>
          )}
        </div>
        {editing ? (
          <div className="mt-2">
            <CommentComposer
              label="Edit comment"
              members={detail.mentionable}
              initialHtml={comment.comment_html}
              submitLabel="Save"
              onCancel={() => setEditing(false)}
              onSubmit={async (next) => {
                setEditing(false);
                const ok = await withErrorToast(
                  () => detail.comments.update(comment.id, next),
                  'The comment could not be saved',
                );
                if (ok) detail.activity.refreshSoon();
              }}
            />
          </div>
        ) : (
          // biome-ignore lint/a11y/noStaticElementInteractions: only catches clicks on the mention links inside (keyboard follows them natively)
          // biome-ignore lint/a11y/useKeyWithClickEvents: as above
          <div
            className="issue-description mt-1 text-sm text-fg"
            onClick={onClick}
            // Sanitised by the server on write (api.md §0.2); mentions rewritten to profile links.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised server-side
            dangerouslySetInnerHTML={{ __html: html }}
          />
        )}
        {(comment.comment_reactions.length > 0 || detail.canInteract) && !editing && (
          <div className="mt-2">
            <Reactions
              subject="comment"
              groups={groupReactions(comment.comment_reactions, detail.currentUserId)}
              disabled={!detail.canInteract}
              onToggle={(emoji) =>
                void withErrorToast(
                  () => detail.comments.toggleReaction(comment.id, emoji),
                  'The reaction could not be saved',
                )
              }
            />
          </div>
        )}
      </div>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete comment?"
        description="The comment will be removed for everyone."
        confirmLabel="Delete"
        onConfirm={() => {
          setConfirmDelete(false);
          void withErrorToast(() => detail.comments.remove(comment.id), 'The comment could not be deleted');
        }}
      />
    </article>
  );
});
