import { IDENTIFIER_MAX_LENGTH, sanitizeIdentifier, suggestIdentifier } from '@kite/shared/domain';
import { useNavigate } from '@tanstack/react-router';
import { Check, X } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { ApiError } from '../../lib/api.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { Input, Select, Textarea } from '../../ui/Input.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { toast, toastError } from '../../ui/toast.ts';

type Availability = 'idle' | 'checking' | 'available' | 'taken' | 'error';

/** Delay before the identifier availability check, so typing does not flood the server. */
export const IDENTIFIER_CHECK_DELAY_MS = 350;

interface CreateProjectDialogProps {
  slug: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Name, identifier (derived from the name until edited), visibility, description. */
export function CreateProjectDialog({ slug, open, onOpenChange }: CreateProjectDialogProps) {
  const { projects } = useStores();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [identifier, setIdentifier] = useState('');
  const [identifierEdited, setIdentifierEdited] = useState(false);
  const [network, setNetwork] = useState<0 | 2>(2);
  const [description, setDescription] = useState('');
  const [busy, setBusy] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);
  const [identifierError, setIdentifierError] = useState<string | null>(null);
  const [availability, setAvailability] = useState<Availability>('idle');

  useEffect(() => {
    if (!identifier) {
      setAvailability('idle');
      return;
    }
    let cancelled = false;
    setAvailability('checking');
    const timer = setTimeout(() => {
      projects
        .checkIdentifier(slug, identifier)
        .then((answer) => {
          if (!cancelled) setAvailability(answer.exists > 0 ? 'taken' : 'available');
        })
        .catch(() => {
          if (!cancelled) setAvailability('error');
        });
    }, IDENTIFIER_CHECK_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [identifier, slug, projects]);

  const reset = () => {
    setName('');
    setIdentifier('');
    setIdentifierEdited(false);
    setNetwork(2);
    setDescription('');
    setNameError(null);
    setIdentifierError(null);
  };

  const close = (next: boolean) => {
    if (busy) return;
    if (!next) reset();
    onOpenChange(next);
  };

  const changeName = (value: string) => {
    setName(value);
    setNameError(null);
    if (!identifierEdited) {
      setIdentifier(suggestIdentifier(value));
      setIdentifierError(null);
    }
  };

  const changeIdentifier = (value: string) => {
    setIdentifierEdited(true);
    setIdentifier(sanitizeIdentifier(value).slice(0, IDENTIFIER_MAX_LENGTH));
    setIdentifierError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    let invalid = false;
    if (!trimmed) {
      setNameError('Name is required');
      invalid = true;
    }
    if (!identifier) {
      setIdentifierError('Identifier is required (letters and digits)');
      invalid = true;
    } else if (availability === 'taken') {
      setIdentifierError('This identifier is already used in the workspace');
      invalid = true;
    }
    if (invalid) return;
    setBusy(true);
    try {
      const project = await projects.create(slug, {
        name: trimmed,
        identifier,
        network,
        description: description.trim(),
      });
      toast.success(`Project ${project.name} created`);
      setBusy(false);
      reset();
      onOpenChange(false);
      // A new project opens on its work items (its settings are one click away from there).
      await navigate({
        to: '/$workspaceSlug/projects/$projectId/issues',
        params: { workspaceSlug: slug, projectId: project.id },
      });
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && error.code === 'PROJECT_IDENTIFIER_TAKEN') {
        setIdentifierError(error.message);
        setAvailability('taken');
      } else if (error instanceof ApiError && error.code === 'PROJECT_NAME_TAKEN') {
        setNameError(error.message);
      } else if (error instanceof ApiError && error.fields) {
        setNameError(error.fields.name ?? null);
        setIdentifierError(error.fields.identifier ?? null);
        if (!error.fields.name && !error.fields.identifier) toastError(error);
      } else {
        toastError(error);
      }
    }
  };

  const hint =
    availability === 'checking' ? (
      <span className="inline-flex items-center gap-1.5">
        <Spinner size="sm" label={null} /> Checking availability…
      </span>
    ) : availability === 'available' ? (
      <span className="inline-flex items-center gap-1 text-success">
        <Check className="size-3.5" aria-hidden /> {identifier} is available
      </span>
    ) : availability === 'taken' ? (
      <span className="inline-flex items-center gap-1 text-danger">
        <X className="size-3.5" aria-hidden /> {identifier} is already taken
      </span>
    ) : (
      `Letters and digits, up to ${IDENTIFIER_MAX_LENGTH}. Work items are numbered ${identifier || 'KEY'}-1, ${identifier || 'KEY'}-2…`
    );

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Create project"
      description="A project holds work items, cycles, modules and pages."
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Field label="Project name" error={nameError}>
          {(control) => (
            <Input
              {...control}
              value={name}
              onChange={(e) => changeName(e.target.value)}
              placeholder="e.g. Website relaunch"
              maxLength={255}
              autoFocus
              autoComplete="off"
            />
          )}
        </Field>
        <Field label="Identifier" error={identifierError} hint={<span aria-live="polite">{hint}</span>}>
          {(control) => (
            <Input
              {...control}
              value={identifier}
              onChange={(e) => changeIdentifier(e.target.value)}
              maxLength={IDENTIFIER_MAX_LENGTH}
              className="font-mono uppercase"
              autoComplete="off"
            />
          )}
        </Field>
        <Field label="Visibility">
          {(control) => (
            <Select
              {...control}
              value={network}
              onChange={(e) => setNetwork(Number(e.target.value) as 0 | 2)}
            >
              <option value={2}>Public: every workspace member can join</option>
              <option value={0}>Private: only invited members</option>
            </Select>
          )}
        </Field>
        <Field label="Description" optional>
          {(control) => (
            <Textarea
              {...control}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              rows={3}
            />
          )}
        </Field>
        <div className="flex justify-end gap-2 border-t border-border pt-4">
          <Button onClick={() => close(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" loading={busy}>
            Create project
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
