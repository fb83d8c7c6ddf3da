import type { IssueComment, UserLite } from '@kite/shared/contracts';
import { commentRights, type IssueCaller } from '@kite/shared/domain';
import { useNavigate } from '@tanstack/react-router';
import { MessageSquare, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { type MouseEvent, useState } from 'react';
import { Avatar } from '../../../ui/Avatar.tsx';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '../../../ui/Menu.tsx';
import { withErrorToast } from '../../../ui/toast.ts';
import { CommentComposer } from './CommentComposer.tsx';
import { renderCommentHtml } from './mentions.ts';
import { formatDateTime, timeAgo, userName } from './parts.tsx';
import { Reactions } from './Reactions.tsx';
import type { CommentStore } from './store/CommentStore.ts';
import type { IssueDetailStore } from './store/IssueDetailStore.ts';
import { groupReactions } from './store/ReactionStore.ts';

/** What a comment card needs from the screen it sits in: the work item's detail, or an intake item. */
export interface CommentHost {
  slug: string;
  comments: CommentStore;
  caller: IssueCaller;
  /** Whether the caller may react, edit or delete at all here (an archived item is read-only). */
  canInteract: boolean;
  mentionable: UserLite[];
  userOf(id: string | null | undefined): UserLite | undefined;
  /** After an edit is saved: the history shows it. */
  onEdited(): void;
}

export function commentHostOf(detail: IssueDetailStore): CommentHost {
  return {
    slug: detail.ref.slug,
    comments: detail.comments,
    caller: detail.caller,
    canInteract: detail.canInteract,
    mentionable: detail.mentionable,
    userOf: (id) => detail.userOf(id),
    onEdited: () => detail.activity.refreshSoon(),
  };
}

/** One comment: author, time, text with mention links, reactions, and Edit / Delete for who may. */
export const CommentCard = observer(function CommentCard({
  host,
  comment,
}: {
  host: CommentHost;
  comment: IssueComment;
}) {
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const { canEdit, canDelete } = commentRights(comment, host.caller);
  const author = host.userOf(comment.actor) ?? comment.actor_detail ?? undefined;
  const html = renderCommentHtml(comment.comment_html, host.slug, (id) => host.userOf(id)?.display_name);

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
          {(canEdit || canDelete) && !editing && host.canInteract && (
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
              members={host.mentionable}
              initialHtml={comment.comment_html}
              submitLabel="Save"
              onCancel={() => setEditing(false)}
              onSubmit={async (next) => {
                setEditing(false);
                const ok = await withErrorToast(
                  () => host.comments.update(comment.id, next),
                  'The comment could not be saved',
                );
                if (ok) host.onEdited();
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
        {(comment.comment_reactions.length > 0 || host.canInteract) && !editing && (
          <div className="mt-2">
            <Reactions
              subject="comment"
              groups={groupReactions(comment.comment_reactions, host.caller.userId)}
              disabled={!host.canInteract}
              onToggle={(emoji) =>
                void withErrorToast(
                  () => host.comments.toggleReaction(comment.id, emoji),
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
          void withErrorToast(() => host.comments.remove(comment.id), 'The comment could not be deleted');
        }}
      />
    </article>
  );
});
