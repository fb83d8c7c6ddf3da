import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import type { IssueDetailStore } from './store/IssueDetailStore.ts';

/** The work item's name, edited in place: saved on blur or Enter, reverted if the server refuses. */
export const TitleEditor = observer(function TitleEditor({ detail }: { detail: IssueDetailStore }) {
  const name = detail.issue?.name ?? '';
  const [draft, setDraft] = useState(name);
  const [error, setError] = useState<string | null>(null);
  const editing = useRef(false);

  // Follow the store (saves, rollbacks, edits from the board) unless the user is typing.
  useEffect(() => {
    if (!editing.current) setDraft(name);
  }, [name]);

  const save = async () => {
    editing.current = false;
    const next = draft.trim();
    if (next === name) {
      setDraft(name);
      return;
    }
    if (!next) {
      setError('Title is required');
      setDraft(name);
      return;
    }
    if (next.length > 255) {
      setError('Title cannot exceed 255 characters');
      return;
    }
    setError(null);
    const ok = await detail.update({ name: next }, 'The title could not be saved');
    if (!ok) setDraft(detail.issue?.name ?? name);
  };

  if (!detail.canEditFields) {
    return <h2 className="text-xl font-semibold break-words text-fg">{name}</h2>;
  }

  return (
    <div>
      <textarea
        aria-label="Title"
        rows={1}
        value={draft}
        maxLength={255}
        onFocus={() => {
          editing.current = true;
        }}
        onChange={(e) => {
          editing.current = true;
          setDraft(e.target.value.replace(/\n/g, ' '));
          setError(null);
        }}
        onBlur={() => void save()}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            e.currentTarget.blur();
          } else if (e.key === 'Escape') {
            e.preventDefault();
            e.stopPropagation();
            editing.current = false;
            setDraft(name);
            e.currentTarget.blur();
          }
        }}
        placeholder="Work item title"
        className="field-sizing-content w-full resize-none rounded-md bg-transparent px-1 py-0.5 -mx-1 text-xl font-semibold text-fg outline-none hover:bg-surface focus:bg-surface focus-visible:outline-2 focus-visible:outline-focus"
      />
      {error && (
        <p role="alert" className="mt-1 text-xs font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
});
