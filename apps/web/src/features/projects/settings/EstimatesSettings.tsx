import type { Estimate, Project } from '@kite/shared/contracts';
import { ESTIMATE_MAX_POINTS, ESTIMATE_MIN_POINTS, estimatePointProblems } from '@kite/shared/domain';
import { Calculator, Plus, Trash2, X } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { type FormEvent, useEffect, useState } from 'react';
import { useStores } from '../../../app/StoresContext.tsx';
import { Button, IconButton } from '../../../ui/Button.tsx';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { Dialog } from '../../../ui/Dialog.tsx';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { Field } from '../../../ui/Field.tsx';
import { Input, Select } from '../../../ui/Input.tsx';
import { PageLoader } from '../../../ui/Spinner.tsx';
import { toast, toastError } from '../../../ui/toast.ts';
import type { EstimateType } from '../EstimateStore.ts';

const TYPE_NAMES: Record<EstimateType, string> = {
  points: 'Points',
  categories: 'Categories',
  time: 'Time (minutes)',
};
const PRESETS: Record<EstimateType, string[]> = {
  points: ['1', '2', '3', '5', '8'],
  categories: ['XS', 'S', 'M', 'L', 'XL'],
  time: ['15', '30', '60', '120', '240'],
};

export const EstimatesSettings = observer(function EstimatesSettings({
  slug,
  project,
}: {
  slug: string;
  project: Project;
}) {
  const { estimates, projects } = useStores();
  const readOnly = !!project.archived_at;
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Estimate | null>(null);

  useEffect(() => {
    estimates.fetch(slug, project.id).catch((error) => toastError(error));
  }, [estimates, slug, project.id]);

  const setActive = async (estimate: Estimate | null) => {
    try {
      await projects.update(slug, project.id, { estimate: estimate?.id ?? null });
      toast.success(estimate ? `${estimate.name} is now the active estimate` : 'Estimates turned off');
    } catch (error) {
      toastError(error);
    }
  };

  const remove = async () => {
    if (!deleting) return;
    try {
      await estimates.remove(slug, project.id, deleting.id);
      if (project.estimate === deleting.id) await projects.fetchProject(slug, project.id);
      toast.success(`Estimate ${deleting.name} deleted`);
    } catch (error) {
      toastError(error);
      throw error;
    }
  };

  if (!estimates.isLoaded(project.id)) return <PageLoader label="Loading estimates" />;
  const list = estimates.estimatesOf(project.id);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex items-center justify-between gap-4">
        <div>
          <h2 className="text-lg font-semibold text-fg">Estimates</h2>
          <p className="text-sm text-fg-muted">How work items are sized. One estimate is active at a time.</p>
        </div>
        {!readOnly && (
          <Button variant="primary" onClick={() => setCreating(true)}>
            <Plus className="size-4" aria-hidden /> Create estimate
          </Button>
        )}
      </div>
      {list.length === 0 ? (
        <EmptyState
          icon={<Calculator className="size-5" />}
          title="No estimates yet"
          description="Create points, categories (t-shirt sizes) or time estimates."
        />
      ) : (
        <ul aria-label="Estimates" className="divide-y divide-border rounded-lg border border-border">
          {list.map((estimate) => {
            const active = project.estimate === estimate.id;
            return (
              <li key={estimate.id} className="flex items-center gap-3 px-4 py-3">
                <div className="min-w-0 flex-1">
                  <p className="flex items-center gap-2 text-sm font-medium text-fg">
                    {estimate.name}
                    {active && (
                      <span className="rounded-full bg-success-soft px-2 py-0.5 text-xs font-medium text-success">
                        Active
                      </span>
                    )}
                  </p>
                  <p className="text-xs text-fg-muted">
                    {TYPE_NAMES[estimate.type as EstimateType] ?? estimate.type} ·{' '}
                    {[...estimate.points]
                      .sort((a, b) => a.key - b.key)
                      .map((p) => p.value)
                      .join(', ')}
                  </p>
                </div>
                {!readOnly &&
                  (active ? (
                    <Button
                      size="sm"
                      aria-label={`Turn off ${estimate.name}`}
                      onClick={() => setActive(null)}
                    >
                      Turn off
                    </Button>
                  ) : (
                    <Button size="sm" aria-label={`Use ${estimate.name}`} onClick={() => setActive(estimate)}>
                      Use
                    </Button>
                  ))}
                {!readOnly && (
                  <IconButton
                    size="sm"
                    label={`Delete ${estimate.name}`}
                    onClick={() => setDeleting(estimate)}
                  >
                    <Trash2 className="size-3.5" aria-hidden />
                  </IconButton>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <CreateEstimateDialog slug={slug} projectId={project.id} open={creating} onOpenChange={setCreating} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={deleting ? `Delete estimate ${deleting.name}?` : 'Delete estimate?'}
        description="Work items lose their estimate from it."
        confirmLabel="Delete estimate"
        onConfirm={remove}
      />
    </div>
  );
});

function CreateEstimateDialog({
  slug,
  projectId,
  open,
  onOpenChange,
}: {
  slug: string;
  projectId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { estimates } = useStores();
  const [name, setName] = useState('');
  const [type, setType] = useState<EstimateType>('points');
  const [values, setValues] = useState<string[]>(PRESETS.points);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = (next: boolean) => {
    if (busy) return;
    if (!next) {
      setName('');
      setType('points');
      setValues(PRESETS.points);
      setError(null);
    }
    onOpenChange(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = values.map((v) => v.trim());
    if (!name.trim()) return setError('Name is required');
    if (trimmed.some((v) => !v)) return setError('Every value needs a value');
    const problem = estimatePointProblems(
      type,
      trimmed.map((value, key) => ({ key, value })),
    )[0];
    if (problem) return setError(`Value ${problem.index + 1}: ${problem.message}`);
    setBusy(true);
    try {
      await estimates.create(slug, projectId, { name: name.trim(), type, values: trimmed });
      toast.success(`Estimate ${name.trim()} created`);
      setBusy(false);
      close(false);
    } catch (err) {
      setBusy(false);
      toastError(err);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Create estimate"
      description={`Between ${ESTIMATE_MIN_POINTS} and ${ESTIMATE_MAX_POINTS} values.`}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Field label="Estimate name">
          {(control) => (
            <Input
              {...control}
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={255}
              autoFocus
            />
          )}
        </Field>
        <Field label="Type">
          {(control) => (
            <Select
              {...control}
              value={type}
              onChange={(e) => {
                const next = e.target.value as EstimateType;
                setType(next);
                setValues(PRESETS[next]);
              }}
            >
              {(Object.keys(TYPE_NAMES) as EstimateType[]).map((t) => (
                <option key={t} value={t}>
                  {TYPE_NAMES[t]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1.5 text-sm font-medium text-fg">Values</legend>
          {values.map((value, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the rows are positions, edited in place
            <div key={index} className="flex items-center gap-2">
              <Input
                aria-label={`Value ${index + 1}`}
                value={value}
                maxLength={20}
                onChange={(e) => setValues(values.map((v, i) => (i === index ? e.target.value : v)))}
                className="h-8"
              />
              <IconButton
                size="sm"
                label={`Remove value ${index + 1}`}
                disabled={values.length <= ESTIMATE_MIN_POINTS}
                onClick={() => setValues(values.filter((_, i) => i !== index))}
              >
                <X className="size-3.5" aria-hidden />
              </IconButton>
            </div>
          ))}
          <Button
            size="sm"
            variant="ghost"
            className="self-start"
            disabled={values.length >= ESTIMATE_MAX_POINTS}
            onClick={() => setValues([...values, ''])}
          >
            <Plus className="size-3.5" aria-hidden /> Add value
          </Button>
        </fieldset>
        {error && (
          <p role="alert" className="text-sm font-medium text-danger">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2 border-t border-border pt-4">
          <Button onClick={() => close(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" loading={busy}>
            Create estimate
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
