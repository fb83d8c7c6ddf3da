import type { Label, Project } from '@kite/shared/contracts';
import { ArrowDown, ArrowUp, CornerDownRight, Plus, Tags, Trash2 } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useStores } from '../../../app/StoresContext.tsx';
import { ApiError } from '../../../lib/api.ts';
import { Button, IconButton } from '../../../ui/Button.tsx';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { FieldError } from '../../../ui/Field.tsx';
import { Input } from '../../../ui/Input.tsx';
import { PageLoader } from '../../../ui/Spinner.tsx';
import { toast, toastError } from '../../../ui/toast.ts';
import type { LabelNode } from '../LabelStore.ts';
import { ColorInput, InlineName } from './InlineName.tsx';
import { keepFocus } from './StatesSettings.tsx';

const PALETTE = ['#3f76ff', '#16a34a', '#f59e0b', '#dc2626', '#9333ea', '#0891b2', '#db2777', '#64748b'];
const randomColor = () => PALETTE[Math.floor(Math.random() * PALETTE.length)] ?? '#3f76ff';

export const LabelsSettings = observer(function LabelsSettings({
  slug,
  project,
}: {
  slug: string;
  project: Project;
}) {
  const { labels } = useStores();
  const readOnly = !!project.archived_at;
  const [adding, setAdding] = useState<{ parent: string | null } | null>(null);
  const [deleting, setDeleting] = useState<Label | null>(null);

  useEffect(() => {
    labels.fetch(slug, project.id).catch((error) => toastError(error));
  }, [labels, slug, project.id]);

  const create = async (name: string, color: string, parent: string | null): Promise<string | null> => {
    try {
      await labels.create(slug, project.id, { name, color, parent });
      toast.success(`Label ${name} added`);
      setAdding(null);
      return null;
    } catch (error) {
      if (error instanceof ApiError && error.code === 'LABEL_NAME_TAKEN') return error.message;
      toastError(error);
      return null;
    }
  };

  const remove = async () => {
    if (!deleting) return;
    try {
      await labels.remove(slug, project.id, deleting.id);
      toast.success(`Label ${deleting.name} deleted`);
    } catch (error) {
      toastError(error);
      throw error;
    }
  };

  if (!labels.isLoaded(project.id)) return <PageLoader label="Loading labels" />;
  const tree = labels.treeOf(project.id);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex items-center justify-between gap-4">
        <div>
          <h2 className="text-lg font-semibold text-fg">Labels</h2>
          <p className="text-sm text-fg-muted">Tag work items; labels can be nested under a parent.</p>
        </div>
        {!readOnly && (
          <Button variant="primary" onClick={() => setAdding({ parent: null })}>
            <Plus className="size-4" aria-hidden /> Add label
          </Button>
        )}
      </div>
      {adding?.parent === null && (
        <NewLabelForm onCancel={() => setAdding(null)} onCreate={(n, c) => create(n, c, null)} />
      )}
      {tree.length === 0 && adding === null ? (
        <EmptyState
          icon={<Tags className="size-5" />}
          title="No labels yet"
          description="Labels help you sort and filter work items."
        />
      ) : (
        tree.length > 0 && (
          <ul aria-label="Labels" className="divide-y divide-border rounded-lg border border-border">
            {tree.map((node, index) => (
              <LabelItem
                key={node.label.id}
                slug={slug}
                projectId={project.id}
                node={node}
                depth={0}
                first={index === 0}
                last={index === tree.length - 1}
                readOnly={readOnly}
                adding={adding}
                onAddChild={(parent) => setAdding({ parent })}
                onCancelAdd={() => setAdding(null)}
                onCreate={create}
                onDelete={setDeleting}
              />
            ))}
          </ul>
        )
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={deleting ? `Delete label ${deleting.name}?` : 'Delete label?'}
        description="It is removed from every work item; its sub-labels move to the top level."
        confirmLabel="Delete label"
        onConfirm={remove}
      />
    </div>
  );
});

const LabelItem = observer(function LabelItem({
  slug,
  projectId,
  node,
  depth,
  first,
  last,
  readOnly,
  adding,
  onAddChild,
  onCancelAdd,
  onCreate,
  onDelete,
}: {
  slug: string;
  projectId: string;
  node: LabelNode;
  depth: number;
  first: boolean;
  last: boolean;
  readOnly: boolean;
  adding: { parent: string | null } | null;
  onAddChild: (parent: string) => void;
  onCancelAdd: () => void;
  onCreate: (name: string, color: string, parent: string | null) => Promise<string | null>;
  onDelete: (label: Label) => void;
}) {
  const { labels } = useStores();
  const { label, children } = node;
  const upRef = useRef<HTMLButtonElement>(null);
  const downRef = useRef<HTMLButtonElement>(null);
  const move = async (direction: -1 | 1) => {
    await run(() => labels.move(slug, projectId, label.id, direction));
    keepFocus(direction === -1 ? upRef : downRef, direction === -1 ? downRef : upRef);
  };

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

  return (
    <li>
      <div className="flex items-center gap-2 px-4 py-2" style={{ paddingLeft: `${1 + depth * 1.5}rem` }}>
        {depth > 0 && <CornerDownRight className="size-3.5 shrink-0 text-fg-subtle" aria-hidden />}
        <ColorInput
          value={label.color}
          label={`Color of ${label.name}`}
          disabled={readOnly}
          onChange={(color) => run(() => labels.update(slug, projectId, label.id, { color }))}
        />
        <InlineName
          name={label.name}
          label={`label ${label.name}`}
          disabled={readOnly}
          onSave={(name) =>
            run(() => labels.update(slug, projectId, label.id, { name }), `Renamed to ${name}`)
          }
        />
        {!readOnly && (
          <>
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Add sub-label to ${label.name}`}
              onClick={() => onAddChild(label.id)}
            >
              <Plus className="size-3.5" aria-hidden /> Sub-label
            </Button>
            <IconButton
              size="sm"
              label={`Move ${label.name} up`}
              disabled={first}
              ref={upRef}
              onClick={() => move(-1)}
            >
              <ArrowUp className="size-3.5" aria-hidden />
            </IconButton>
            <IconButton
              size="sm"
              label={`Move ${label.name} down`}
              disabled={last}
              ref={downRef}
              onClick={() => move(1)}
            >
              <ArrowDown className="size-3.5" aria-hidden />
            </IconButton>
            <IconButton size="sm" label={`Delete ${label.name}`} onClick={() => onDelete(label)}>
              <Trash2 className="size-3.5" aria-hidden />
            </IconButton>
          </>
        )}
      </div>
      {adding?.parent === label.id && (
        <div style={{ paddingLeft: `${1.5 * (depth + 1)}rem` }}>
          <NewLabelForm
            parentName={label.name}
            onCancel={onCancelAdd}
            onCreate={(n, c) => onCreate(n, c, label.id)}
          />
        </div>
      )}
      {children.length > 0 && (
        <ul
          aria-label={`Sub-labels of ${label.name}`}
          className="divide-y divide-border border-t border-border"
        >
          {children.map((child, index) => (
            <LabelItem
              key={child.label.id}
              slug={slug}
              projectId={projectId}
              node={child}
              depth={depth + 1}
              first={index === 0}
              last={index === children.length - 1}
              readOnly={readOnly}
              adding={adding}
              onAddChild={onAddChild}
              onCancelAdd={onCancelAdd}
              onCreate={onCreate}
              onDelete={onDelete}
            />
          ))}
        </ul>
      )}
    </li>
  );
});

function NewLabelForm({
  parentName,
  onCancel,
  onCreate,
}: {
  parentName?: string;
  onCancel: () => void;
  onCreate: (name: string, color: string) => Promise<string | null>;
}) {
  const [name, setName] = useState('');
  const [color, setColor] = useState(randomColor);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError('Name is required');
    setBusy(true);
    setError(await onCreate(name.trim(), color));
    setBusy(false);
  };
  const what = parentName ? `sub-label of ${parentName}` : 'label';
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={`New ${what}`}
      className="flex flex-col gap-1 rounded-lg border border-border px-4 py-3"
    >
      <div className="flex items-center gap-2">
        <ColorInput value={color} label={`Color of the new ${what}`} onChange={setColor} />
        <Input
          aria-label={`Name of the new ${what}`}
          aria-invalid={error ? true : undefined}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setError(null);
          }}
          onKeyDown={(e) => e.key === 'Escape' && onCancel()}
          placeholder={parentName ? 'Sub-label name' : 'Label name'}
          maxLength={255}
          autoFocus
          className="h-8"
        />
        <Button type="submit" size="sm" variant="primary" loading={busy}>
          {parentName ? 'Add sub-label' : 'Add label'}
        </Button>
        <Button size="sm" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
      <FieldError message={error} />
    </form>
  );
}
