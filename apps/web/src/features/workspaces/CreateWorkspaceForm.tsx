import type { Workspace } from '@kite/shared/contracts';
import { ORGANIZATION_SIZES, SLUG_MAX_LENGTH, slugify, slugProblem } from '@kite/shared/domain';
import { CircleCheck, CircleX } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { ApiError } from '../../lib/api.ts';
import { browserTimezone } from '../../lib/timezones.ts';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { Input, Select } from '../../ui/Input.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { toastError } from '../../ui/toast.ts';

export const SLUG_CHECK_DELAY_MS = 350;

type Availability = 'idle' | 'checking' | 'available' | 'taken' | 'unknown';

interface CreateWorkspaceFormProps {
  onCreated: (workspace: Workspace) => Promise<void> | void;
  onCancel?: () => void;
  submitLabel?: string;
}

/**
 * Name → URL suggestion (editable), live availability of the URL, organisation size.
 * The slug follows the name until the user edits it.
 */
export function CreateWorkspaceForm({
  onCreated,
  onCancel,
  submitLabel = 'Create workspace',
}: CreateWorkspaceFormProps) {
  const { workspaces } = useStores();
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [slugEdited, setSlugEdited] = useState(false);
  const [size, setSize] = useState('');
  const [availability, setAvailability] = useState<Availability>('idle');
  const [nameError, setNameError] = useState<string | null>(null);
  const [slugError, setSlugError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const checkId = useRef(0);

  const problem = slug ? slugProblem(slug) : null;

  useEffect(() => {
    const id = ++checkId.current;
    if (!slug || slugProblem(slug)) {
      setAvailability('idle');
      return;
    }
    setAvailability('checking');
    const timer = window.setTimeout(async () => {
      try {
        const free = await workspaces.isSlugAvailable(slug);
        if (checkId.current === id) setAvailability(free ? 'available' : 'taken');
      } catch {
        if (checkId.current === id) setAvailability('unknown');
      }
    }, SLUG_CHECK_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [slug, workspaces]);

  const changeName = (value: string) => {
    setName(value);
    setNameError(null);
    if (!slugEdited) setSlug(slugify(value));
  };

  const changeSlug = (value: string) => {
    setSlugEdited(true);
    setSlugError(null);
    setSlug(value.toLowerCase().replace(/\s+/g, '-'));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    const nameProblem = !trimmed
      ? 'Name is required'
      : trimmed.length > 80
        ? 'Name cannot exceed 80 characters'
        : null;
    const urlProblem = slugProblem(slug) ?? (availability === 'taken' ? 'This URL is taken' : null);
    setNameError(nameProblem);
    setSlugError(urlProblem);
    if (nameProblem || urlProblem) return;
    setBusy(true);
    try {
      const workspace = await workspaces.create({
        name: trimmed,
        slug,
        ...(size ? { organization_size: size } : {}),
        timezone: browserTimezone(),
      });
      await onCreated(workspace);
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && error.code === 'SLUG_TAKEN') {
        setAvailability('taken');
        setSlugError(error.message || 'This URL is taken');
      } else if (error instanceof ApiError && error.status === 400 && error.fields) {
        setNameError(error.fields.name ?? null);
        setSlugError(error.fields.slug ?? null);
        if (!error.fields.name && !error.fields.slug) toastError(error);
      } else if (error instanceof ApiError && error.status === 400) {
        setSlugError(error.message);
      } else {
        toastError(error);
      }
    }
  };

  const host = typeof window === 'undefined' ? '' : window.location.host;

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <Field label="Workspace name" error={nameError}>
        {(control) => (
          <Input
            {...control}
            value={name}
            onChange={(e) => changeName(e.target.value)}
            placeholder="Acme Inc."
            maxLength={80}
            autoFocus
          />
        )}
      </Field>
      <Field
        label="Workspace URL"
        error={slugError ?? problem}
        hint={<SlugStatus availability={availability} />}
      >
        {(control) => (
          <div className="flex items-stretch">
            <span className="inline-flex items-center rounded-l-md border border-r-0 border-border-strong bg-surface px-2.5 text-sm text-fg-muted">
              {host}/
            </span>
            <Input
              {...control}
              value={slug}
              onChange={(e) => changeSlug(e.target.value)}
              placeholder="acme"
              maxLength={SLUG_MAX_LENGTH}
              className="rounded-l-none"
              spellCheck={false}
              autoCapitalize="off"
            />
          </div>
        )}
      </Field>
      <Field label="Organization size" optional>
        {(control) => (
          <Select {...control} value={size} onChange={(e) => setSize(e.target.value)}>
            <option value="">Select a size</option>
            {ORGANIZATION_SIZES.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <div className="flex items-center justify-end gap-2 pt-1">
        {onCancel && (
          <Button onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        )}
        <Button
          type="submit"
          variant="primary"
          size="lg"
          loading={busy}
          className={onCancel ? undefined : 'w-full'}
        >
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

function SlugStatus({ availability }: { availability: Availability }) {
  switch (availability) {
    case 'checking':
      return (
        <span className="inline-flex items-center gap-1.5" aria-live="polite">
          <Spinner size="sm" label={null} /> Checking availability…
        </span>
      );
    case 'available':
      return (
        <span className="inline-flex items-center gap-1.5 font-medium text-success" aria-live="polite">
          <CircleCheck className="size-3.5" aria-hidden /> This URL is available
        </span>
      );
    case 'taken':
      return (
        <span className="inline-flex items-center gap-1.5 font-medium text-danger" aria-live="polite">
          <CircleX className="size-3.5" aria-hidden /> This URL is taken
        </span>
      );
    case 'unknown':
      return (
        <span aria-live="polite">
          Could not check the URL; it will be checked when you create the workspace.
        </span>
      );
    default:
      return <span>Lowercase letters, digits, - and _. You cannot change it later.</span>;
  }
}
