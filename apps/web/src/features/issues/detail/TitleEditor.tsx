import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import type { IssueDetailStore } from './store/IssueDetailStore.ts';

/**
 * A work item's name, edited in place by who may: saved on blur or Enter, Escape puts it back.
 * `save` answers whether the server took it; on a refusal the field follows `name` again.
 */
export function TitleField({
  name,
  editable,
  save,
}: {
  name: string;
  editable: boolean;
  save: (next: string) => Promise<boolean>;
}) {
  const [draft, setDraft] = useState(name);
  const [error, setError] = useState<string | null>(null);
  const editing = useRef(false);

  // Follow the stored name (saves, rollbacks, edits from elsewhere) unless the user is typing.
  useEffect(() => {
    if (!editing.current) setDraft(name);
  }, [name]);

  const commit = async () => {
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
    if (!(await save(next))) setDraft(name);
  };

  if (!editable) return <h2 className="text-xl font-semibold break-words text-fg">{name}</h2>;

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
        onBlur={() => void commit()}
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
}

/** The detail's title: the store's name, saved through the detail (rolled back there on a refusal). */
export const TitleEditor = observer(function TitleEditor({ detail }: { detail: IssueDetailStore }) {
  return (
    <TitleField
      name={detail.issue?.name ?? ''}
      editable={detail.canEditFields}
      save={(next) => detail.update({ name: next }, 'The title could not be saved')}
    />
  );
});
