import type { Project, State } from '@kite/shared/contracts';
import { STATE_GROUP_COLORS, STATE_GROUPS, type StateGroup } from '@kite/shared/domain';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { type FormEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { useStores } from '../../../app/StoresContext.tsx';
import { ApiError } from '../../../lib/api.ts';
import { Button, IconButton } from '../../../ui/Button.tsx';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { FieldError } from '../../../ui/Field.tsx';
import { Input } from '../../../ui/Input.tsx';
import { PageLoader } from '../../../ui/Spinner.tsx';
import { toast, toastError } from '../../../ui/toast.ts';
import { ColorInput, InlineName } from './InlineName.tsx';

const GROUP_NAMES: Record<StateGroup, string> = {
  backlog: 'Backlog',
  unstarted: 'Unstarted',
  started: 'Started',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const StatesSettings = observer(function StatesSettings({
  slug,
  project,
}: {
  slug: string;
  project: Project;
}) {
  const { states } = useStores();
  const readOnly = !!project.archived_at;

  useEffect(() => {
    states.fetch(slug, project.id).catch((error) => toastError(error));
  }, [states, slug, project.id]);

  if (!states.isLoaded(project.id)) return <PageLoader label="Loading states" />;
  const grouped = states.grouped(project.id);

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h2 className="text-lg font-semibold text-fg">States</h2>
        <p className="text-sm text-fg-muted">
          The workflow of work items, in five groups. New work items start in the default state.
        </p>
      </div>
      {STATE_GROUPS.map((group) => (
        <StateGroupSection
          key={group}
          slug={slug}
          projectId={project.id}
          group={group}
          list={grouped[group]}
          readOnly={readOnly}
        />
      ))}
    </div>
  );
});

const StateGroupSection = observer(function StateGroupSection({
  slug,
  projectId,
  group,
  list,
  readOnly,
}: {
  slug: string;
  projectId: string;
  group: StateGroup;
  list: State[];
  readOnly: boolean;
}) {
  const { states } = useStores();
  const [adding, setAdding] = useState(false);
  const headingId = `state-group-${group}`;

  return (
    <section aria-labelledby={headingId} className="overflow-hidden rounded-lg border border-border">
      <div className="flex items-center justify-between gap-2 border-b border-border bg-surface px-4 py-2">
        <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-fg">
          <span
            aria-hidden
            className="size-2.5 rounded-full"
            style={{ backgroundColor: STATE_GROUP_COLORS[group] }}
          />
          {GROUP_NAMES[group]}
        </h3>
        {!readOnly && (
          <IconButton size="sm" label={`Add state to ${GROUP_NAMES[group]}`} onClick={() => setAdding(true)}>
            <Plus className="size-4" aria-hidden />
          </IconButton>
        )}
      </div>
      <ul aria-label={`${GROUP_NAMES[group]} states`} className="divide-y divide-border">
        {list.map((state, index) => (
          <StateRow
            key={state.id}
            slug={slug}
            projectId={projectId}
            state={state}
            first={index === 0}
            last={index === list.length - 1}
            readOnly={readOnly}
          />
        ))}
        {list.length === 0 && !adding && (
          <li className="px-4 py-3 text-sm text-fg-subtle">No states in this group.</li>
        )}
      </ul>
      {adding && (
        <NewStateForm
          group={group}
          onCancel={() => setAdding(false)}
          onCreate={async (name, color) => {
            try {
              await states.create(slug, projectId, { name, color, group });
              toast.success(`State ${name} added`);
              setAdding(false);
              return null;
            } catch (error) {
              if (error instanceof ApiError && error.status === 409) return error.message;
              toastError(error);
              return null;
            }
          }}
        />
      )}
    </section>
  );
});

function NewStateForm({
  group,
  onCancel,
  onCreate,
}: {
  group: StateGroup;
  onCancel: () => void;
  onCreate: (name: string, color: string) => Promise<string | null>;
}) {
  const [name, setName] = useState('');
  const [color, setColor] = useState(STATE_GROUP_COLORS[group]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError('Name is required');
    setBusy(true);
    setError(await onCreate(name.trim(), color));
    setBusy(false);
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-1 border-t border-border px-4 py-3">
      <div className="flex items-center gap-2">
        <ColorInput value={color} label="Color of the new state" onChange={setColor} />
        <Input
          aria-label={`Name of the new ${GROUP_NAMES[group]} state`}
          aria-invalid={error ? true : undefined}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setError(null);
          }}
          onKeyDown={(e) => e.key === 'Escape' && onCancel()}
          placeholder="State name"
          maxLength={255}
          autoFocus
          className="h-8"
        />
        <Button type="submit" size="sm" variant="primary" loading={busy}>
          Add state
        </Button>
        <Button size="sm" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
      <FieldError message={error} />
    </form>
  );
}

const StateRow = observer(function StateRow({
  slug,
  projectId,
  state,
  first,
  last,
  readOnly,
}: {
  slug: string;
  projectId: string;
  state: State;
  first: boolean;
  last: boolean;
  readOnly: boolean;
}) {
  const { states } = useStores();
  const [deleting, setDeleting] = useState(false);

  const run = async (action: () => Promise<void>, success?: string): Promise<boolean> => {
    try {
      await action();
      if (success) toast.success(success);
      return true;
    } catch (error) {
      toastError(error);
      return false;
    }
  };

  const upRef = useRef<HTMLButtonElement>(null);
  const downRef = useRef<HTMLButtonElement>(null);
  const move = async (direction: -1 | 1) => {
    await run(() => states.move(slug, projectId, state.id, direction));
    keepFocus(direction === -1 ? upRef : downRef, direction === -1 ? downRef : upRef);
  };

  return (
    <li className="flex items-center gap-2 px-4 py-2">
      <ColorInput
        value={state.color}
        label={`Color of ${state.name}`}
        disabled={readOnly}
        onChange={(color) => run(() => states.update(slug, projectId, state.id, { color }))}
      />
      <InlineName
        name={state.name}
        label={`state ${state.name}`}
        disabled={readOnly}
        onSave={(name) => run(() => states.update(slug, projectId, state.id, { name }), `Renamed to ${name}`)}
      />
      {state.default ? (
        <span className="rounded-full bg-primary-soft px-2 py-0.5 text-xs font-medium text-link">
          Default
        </span>
      ) : (
        !readOnly && (
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Set ${state.name} as default`}
            onClick={() =>
              run(
                () => states.markDefault(slug, projectId, state.id),
                `${state.name} is now the default state`,
              )
            }
          >
            Set as default
          </Button>
        )
      )}
      {!readOnly && (
        <>
          <IconButton
            size="sm"
            ref={upRef}
            label={`Move ${state.name} up`}
            disabled={first}
            onClick={() => move(-1)}
          >
            <ArrowUp className="size-3.5" aria-hidden />
          </IconButton>
          <IconButton
            size="sm"
            ref={downRef}
            label={`Move ${state.name} down`}
            disabled={last}
            onClick={() => move(1)}
          >
            <ArrowDown className="size-3.5" aria-hidden />
          </IconButton>
          <IconButton size="sm" label={`Delete ${state.name}`} onClick={() => setDeleting(true)}>
            <Trash2 className="size-3.5" aria-hidden />
          </IconButton>
        </>
      )}
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={`Delete state ${state.name}?`}
        description="Only a state without work items can be deleted, and never the default one."
        confirmLabel="Delete state"
        onConfirm={() => run(() => states.remove(slug, projectId, state.id), `${state.name} deleted`)}
      />
    </li>
  );
});

/** After a keyboard move the row re-renders elsewhere: keep focus on its button, or the other one at an end. */
export function keepFocus(
  preferred: RefObject<HTMLButtonElement | null>,
  fallback: RefObject<HTMLButtonElement | null>,
): void {
  requestAnimationFrame(() => {
    const target = preferred.current && !preferred.current.disabled ? preferred.current : fallback.current;
    target?.focus();
  });
}
