import { Check, Pencil, X } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { IconButton } from '../../../ui/Button.tsx';
import { Input } from '../../../ui/Input.tsx';

/** A name shown as text with a Rename button; renaming edits in place (Enter saves, Escape cancels). */
export function InlineName({
  name,
  label,
  disabled,
  onSave,
}: {
  /** Current name. */
  name: string;
  /** What is being renamed, for accessible names (e.g. "state Todo"). */
  label: string;
  disabled?: boolean;
  /** Resolves true when saved; the editor stays open otherwise. */
  onSave: (name: string) => Promise<boolean>;
}) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(name);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next = value.trim();
    if (!next || next === name) {
      setEditing(false);
      return;
    }
    setBusy(true);
    const ok = await onSave(next);
    setBusy(false);
    if (ok) setEditing(false);
  };

  if (!editing)
    return (
      <div className="flex min-w-0 flex-1 items-center gap-1">
        <span className="truncate text-sm text-fg">{name}</span>
        {!disabled && (
          <IconButton
            size="sm"
            label={`Rename ${label}`}
            onClick={() => {
              setValue(name);
              setEditing(true);
            }}
            className="opacity-60 hover:opacity-100 focus-visible:opacity-100"
          >
            <Pencil className="size-3.5" aria-hidden />
          </IconButton>
        )}
      </div>
    );

  return (
    <form onSubmit={submit} className="flex min-w-0 flex-1 items-center gap-1">
      <Input
        aria-label={`New name of ${label}`}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            e.stopPropagation();
            setEditing(false);
          }
        }}
        maxLength={255}
        autoFocus
        disabled={busy}
        className="h-8"
      />
      <IconButton size="sm" type="submit" label="Save name" loading={busy}>
        <Check className="size-3.5" aria-hidden />
      </IconButton>
      <IconButton size="sm" label="Cancel renaming" onClick={() => setEditing(false)} disabled={busy}>
        <X className="size-3.5" aria-hidden />
      </IconButton>
    </form>
  );
}

/**
 * A native color picker with an accessible name. The swatch follows the pointer while the
 * picker is open; the color is committed once, on the native change event (picker closed).
 */
export function ColorInput({
  value,
  label,
  disabled,
  onChange,
}: {
  value: string;
  label: string;
  disabled?: boolean;
  onChange: (color: string) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState(value || '#9ca3af');
  const commit = useRef(onChange);
  commit.current = onChange;
  useEffect(() => setDraft(value || '#9ca3af'), [value]);
  useEffect(() => {
    const input = ref.current;
    if (!input) return;
    const listener = () => commit.current(input.value);
    input.addEventListener('change', listener);
    return () => input.removeEventListener('change', listener);
  }, []);
  return (
    <input
      ref={ref}
      type="color"
      aria-label={label}
      value={draft}
      disabled={disabled}
      onChange={(e) => setDraft(e.target.value)}
      className="size-6 shrink-0 cursor-pointer rounded border border-border bg-transparent p-0 disabled:cursor-not-allowed"
    />
  );
}
