import type { UserLite } from '@kite/shared/contracts';
import clsx from 'clsx';
import { type KeyboardEvent, useId, useMemo, useRef, useState } from 'react';
import { Avatar } from '../../../ui/Avatar.tsx';
import { Button } from '../../../ui/Button.tsx';
import { commentHtmlToText, commentTextToHtml, type MentionUser, mentionQueryAt } from './mentions.ts';
import { userName } from './parts.tsx';

interface CommentComposerProps {
  /** Project members who can be @mentioned. */
  members: readonly UserLite[];
  /** Existing comment HTML when editing. */
  initialHtml?: string;
  submitLabel?: string;
  onCancel?: () => void;
  /** Receives the HTML; may reject (the text is kept). */
  onSubmit: (html: string) => Promise<unknown>;
  label?: string;
}

/** A plain-text comment box with @mentions of project members (⌘/Ctrl+Enter sends). */
export function CommentComposer({
  members,
  initialHtml,
  submitLabel = 'Comment',
  onCancel,
  onSubmit,
  label = 'Add a comment',
}: CommentComposerProps) {
  const initial = useMemo(() => (initialHtml ? commentHtmlToText(initialHtml) : null), [initialHtml]);
  const [text, setText] = useState(initial?.text ?? '');
  const [mentioned, setMentioned] = useState<MentionUser[]>(initial?.mentioned ?? []);
  const [query, setQuery] = useState<{ query: string; start: number } | null>(null);
  const [active, setActive] = useState(0);
  const [busy, setBusy] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  const listId = useId();

  const suggestions = useMemo(() => {
    if (!query) return [];
    const q = query.query.toLowerCase();
    return members
      .filter((m) => `${m.display_name} ${m.first_name} ${m.last_name}`.toLowerCase().includes(q))
      .slice(0, 6);
  }, [members, query]);

  const track = (value: string, caret: number) => {
    setQuery(mentionQueryAt(value, caret));
    setActive(0);
  };

  const pick = (user: UserLite) => {
    if (!query) return;
    const caret = box.current?.selectionStart ?? text.length;
    const token = `@${user.display_name} `;
    const next = text.slice(0, query.start) + token + text.slice(caret);
    setText(next);
    setMentioned((list) =>
      list.some((m) => m.id === user.id) ? list : [...list, { id: user.id, display_name: user.display_name }],
    );
    setQuery(null);
    const at = query.start + token.length;
    requestAnimationFrame(() => {
      box.current?.focus();
      box.current?.setSelectionRange(at, at);
    });
  };

  const submit = async () => {
    if (!text.trim() || busy) return;
    setBusy(true);
    try {
      // Only mentions whose token is still in the text count.
      const still = mentioned.filter((m) => text.includes(`@${m.display_name}`));
      await onSubmit(commentTextToHtml(text, still));
      setText('');
      setMentioned([]);
    } catch {
      // The caller toasted; the text stays for another try.
    } finally {
      setBusy(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (query && suggestions.length > 0) {
      if (event.key === 'ArrowDown') {
        event.preventDefault();
        setActive((a) => (a + 1) % suggestions.length);
        return;
      }
      if (event.key === 'ArrowUp') {
        event.preventDefault();
        setActive((a) => (a - 1 + suggestions.length) % suggestions.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        const user = suggestions[active];
        if (user) pick(user);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        setQuery(null);
        return;
      }
    }
    if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      void submit();
    } else if (event.key === 'Escape' && onCancel) {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    }
  };

  const open = !!query && suggestions.length > 0;

  return (
    <div className="relative rounded-lg border border-border-strong bg-canvas focus-within:border-focus">
      <textarea
        ref={box}
        aria-label={label}
        value={text}
        rows={initialHtml ? 3 : 2}
        placeholder="Add a comment… Type @ to mention someone"
        onChange={(e) => {
          setText(e.target.value);
          track(e.target.value, e.target.selectionStart);
        }}
        onClick={(e) => track(e.currentTarget.value, e.currentTarget.selectionStart)}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setQuery(null), 150)}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        className="field-sizing-content block max-h-80 min-h-16 w-full resize-none rounded-lg bg-transparent px-3 py-2 text-sm text-fg outline-none placeholder:text-fg-subtle"
      />
      {open && (
        <div
          id={listId}
          role="listbox"
          aria-label="Mention a member"
          className="absolute top-full left-2 z-30 mt-1 w-64 rounded-lg border border-border bg-canvas p-1 text-sm shadow-xl"
        >
          {suggestions.map((user, index) => (
            <div
              key={user.id}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              onMouseDown={(e) => {
                e.preventDefault();
                pick(user);
              }}
              onMouseEnter={() => setActive(index)}
              className={clsx(
                'flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5',
                index === active && 'bg-surface-2',
              )}
            >
              <Avatar name={userName(user)} src={user.avatar_url} size="xs" />
              <span className="truncate text-fg">{userName(user)}</span>
              <span className="truncate text-xs text-fg-subtle">@{user.display_name}</span>
            </div>
          ))}
        </div>
      )}
      <div className="flex items-center justify-end gap-2 px-2 pb-2">
        {onCancel && (
          <Button size="sm" variant="ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        )}
        <Button
          size="sm"
          variant="primary"
          onClick={() => void submit()}
          disabled={!text.trim()}
          loading={busy}
        >
          {submitLabel}
        </Button>
      </div>
    </div>
  );
}
