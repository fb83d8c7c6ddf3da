import { SLUG_MAX_LENGTH, slugify, slugProblem } from '@kite/shared/domain';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { Input } from '../../ui/Input.tsx';
import { toast, toastError } from '../../ui/toast.ts';
import { useConsole } from './useConsole.ts';

/** Where a refusal of the create belongs: under the name, under the slug, or a toast. */
export function createErrorPlace(error: unknown): { name?: string; slug?: string } | null {
  if (!(error instanceof ApiError)) return null;
  if (error.fields && (error.fields.name || error.fields.slug)) {
    return { name: error.fields.name, slug: error.fields.slug };
  }
  if (error.code === 'SLUG_TAKEN' || error.status === 409)
    return { slug: error.message || 'This URL is taken' };
  if (error.status === 400) return { slug: error.message };
  return null;
}

/** Creates a workspace from the console (the admin becomes its owner): a name and its URL. */
export function CreateAdminWorkspaceDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create workspace"
      description="You become its owner; invite its members from the workspace's settings."
      size="sm"
    >
      {open && <CreateForm onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function CreateForm({ onDone }: { onDone: () => void }) {
  const admin = useConsole();
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [slugEdited, setSlugEdited] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);
  const [slugError, setSlugError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    const nameProblem = trimmed ? null : 'Name is required';
    const urlProblem = slugProblem(slug);
    setNameError(nameProblem);
    setSlugError(urlProblem);
    if (nameProblem || urlProblem) return;
    setBusy(true);
    try {
      const created = await admin.createWorkspace({ name: trimmed, slug });
      toast.success(`Workspace ${created.name} created`);
      onDone();
    } catch (error) {
      setBusy(false);
      const place = createErrorPlace(error);
      if (place) {
        setNameError(place.name ?? null);
        setSlugError(place.slug ?? null);
      } else toastError(error, 'The workspace could not be created');
    }
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Field label="Workspace name" error={nameError}>
        {(control) => (
          <Input
            {...control}
            value={name}
            maxLength={80}
            autoFocus
            placeholder="Acme Inc."
            onChange={(e) => {
              setName(e.target.value);
              setNameError(null);
              if (!slugEdited) setSlug(slugify(e.target.value));
            }}
          />
        )}
      </Field>
      <Field
        label="Workspace URL"
        error={slugError}
        hint="Lowercase letters, digits, - and _. It cannot be changed later."
      >
        {(control) => (
          <div className="flex items-stretch">
            <span className="inline-flex items-center rounded-l-md border border-r-0 border-border-strong bg-surface px-2.5 text-sm text-fg-muted">
              {window.location.host}/
            </span>
            <Input
              {...control}
              value={slug}
              maxLength={SLUG_MAX_LENGTH}
              className="rounded-l-none"
              spellCheck={false}
              autoCapitalize="off"
              placeholder="acme"
              onChange={(e) => {
                setSlugEdited(true);
                setSlugError(null);
                setSlug(e.target.value.toLowerCase().replace(/\s+/g, '-'));
              }}
            />
          </div>
        )}
      </Field>
      <div className="flex justify-end gap-2 pt-1">
        <Button onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" loading={busy}>
          Create workspace
        </Button>
      </div>
    </form>
  );
}
