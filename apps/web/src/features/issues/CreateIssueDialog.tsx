import type { CreateIssueBody } from '@kite/shared/contracts';
import { observer } from 'mobx-react-lite';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { Input, Select } from '../../ui/Input.tsx';
import { Menu, MenuContent, MenuTrigger } from '../../ui/Menu.tsx';
import { toastSuccess } from '../../ui/toast.ts';
import { PRIORITY_LABELS } from '../public-board/PriorityIcon.tsx';
import type { IssueView } from './IssueView.ts';
import { ModuleOptions } from './properties/PlanningMenus.tsx';
import { AssigneeOptions, LabelOptions } from './properties/PropertyMenus.tsx';
import { PRIORITY_ORDER } from './store/displayFilters.ts';

interface Draft {
  name: string;
  state_id: string;
  priority: NonNullable<CreateIssueBody['priority']>;
  assignee_ids: string[];
  label_ids: string[];
  start_date: string;
  target_date: string;
  /** '' for none. */
  cycle_id: string;
  module_ids: string[];
}

function initialDraft(view: IssueView): Draft {
  const editing = view.editingDraftId ? view.issue(view.editingDraftId) : undefined;
  // A cycle's or module's page starts its items there.
  const d = editing ?? { ...view.scope?.itemDefaults, ...view.createDefaults };
  const defaultState = view.states.find((s) => s.default)?.id ?? view.states[0]?.id ?? '';
  return {
    name: editing?.name ?? '',
    state_id: d.state_id ?? defaultState,
    priority: (d.priority ?? 'none') as Draft['priority'],
    assignee_ids: d.assignee_ids ?? [],
    label_ids: d.label_ids ?? [],
    start_date: d.start_date ?? '',
    target_date: d.target_date ?? '',
    cycle_id: d.cycle_id ?? '',
    module_ids: d.module_ids ?? [],
  };
}

/** What the dialog's submit does: create (or save the edited draft), keep it as a draft, publish the draft. */
type Intent = 'create' | 'draft' | 'publish';

/**
 * The create-issue modal (`c`, or a group's "+"): name, state, priority, assignees, labels,
 * cycle and modules (where the project uses them), dates. It also saves a new item as a draft, and edits a draft (save, or publish).
 */
export const CreateIssueDialog = observer(function CreateIssueDialog({ view }: { view: IssueView }) {
  const [draft, setDraft] = useState<Draft>(() => initialDraft(view));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const open = view.createOpen;

  useEffect(() => {
    if (open) {
      setDraft(initialDraft(view));
      setErrors({});
    }
  }, [open, view]);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const editingId = view.editingDraftId;
  const cyclesOn = view.planningOn('cycle_view');
  const modulesOn = view.planningOn('module_view');
  const inDrafts = view.holds === 'draft';

  const save = async (intent: Intent) => {
    if (!draft.name.trim()) {
      setErrors({ name: 'Name is required' });
      return;
    }
    const body = {
      name: draft.name.trim(),
      state_id: draft.state_id || undefined,
      priority: draft.priority,
      assignee_ids: draft.assignee_ids,
      label_ids: draft.label_ids,
      start_date: draft.start_date || null,
      target_date: draft.target_date || null,
      ...(cyclesOn && { cycle_id: draft.cycle_id || null }),
      ...(modulesOn && { module_ids: draft.module_ids }),
    };
    setSaving(true);
    try {
      if (editingId) {
        const saved = await view.editDraft(
          editingId,
          intent === 'publish' ? { ...body, is_draft: false } : body,
        );
        toastSuccess(intent === 'publish' ? `${view.issueKey(saved)} published` : 'Draft saved');
      } else if (intent === 'draft' || inDrafts) {
        await view.create({ ...body, is_draft: true });
        toastSuccess(inDrafts ? 'Draft saved' : 'Draft saved: find it under Drafts');
      } else {
        const created = await view.create(body);
        toastSuccess(`${view.issueKey(created)} created`);
      }
      view.closeCreate();
    } catch (error) {
      setErrors(
        error instanceof ApiError && error.fields
          ? error.fields
          : { form: errorMessage(error, 'Could not save') },
      );
    } finally {
      setSaving(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(editingId ? 'publish' : 'create');
  };

  const names = (ids: string[], of: (id: string) => string | undefined, none: string) =>
    ids.length === 0 ? none : ids.map((id) => of(id) ?? '?').join(', ');

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && view.closeCreate()}
      title={editingId ? 'Edit draft' : inDrafts ? 'New draft' : 'New work item'}
      size="lg"
      footer={
        <>
          <Button variant="ghost" onClick={() => view.closeCreate()}>
            Cancel
          </Button>
          {(editingId || !inDrafts) && (
            <Button variant="secondary" onClick={() => void save('draft')} disabled={saving}>
              {editingId ? 'Save draft' : 'Save as draft'}
            </Button>
          )}
          <Button variant="primary" type="submit" form="create-issue-form" loading={saving}>
            {editingId ? 'Publish' : inDrafts ? 'Save draft' : 'Create work item'}
          </Button>
        </>
      }
    >
      <form id="create-issue-form" onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <Field label="Name" error={errors.name}>
          {(control) => (
            <Input
              {...control}
              autoFocus
              maxLength={255}
              value={draft.name}
              onChange={(e) => set('name', e.target.value)}
              placeholder="What needs to be done?"
            />
          )}
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <Field label="State" error={errors.state_id}>
            {(control) => (
              <Select {...control} value={draft.state_id} onChange={(e) => set('state_id', e.target.value)}>
                {view.states.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Priority" error={errors.priority}>
            {(control) => (
              <Select
                {...control}
                value={draft.priority}
                onChange={(e) => set('priority', e.target.value as Draft['priority'])}
              >
                {PRIORITY_ORDER.map((p) => (
                  <option key={p} value={p}>
                    {PRIORITY_LABELS[p]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <div className="flex flex-col gap-1.5">
            <span className="text-sm font-medium text-fg">Assignees</span>
            <Menu modal={false}>
              <MenuTrigger className={buttonClasses('secondary', 'md', 'justify-start font-normal')}>
                <span className="truncate">
                  {names(draft.assignee_ids, (id) => view.userOf(id)?.display_name, 'No assignees')}
                </span>
              </MenuTrigger>
              <MenuContent className="max-h-72 overflow-y-auto">
                <AssigneeOptions
                  view={view}
                  value={draft.assignee_ids}
                  onChange={(ids) => set('assignee_ids', ids)}
                />
              </MenuContent>
            </Menu>
            {errors.assignee_ids && <p className="text-xs text-danger">{errors.assignee_ids}</p>}
          </div>
          <div className="flex flex-col gap-1.5">
            <span className="text-sm font-medium text-fg">Labels</span>
            <Menu modal={false}>
              <MenuTrigger className={buttonClasses('secondary', 'md', 'justify-start font-normal')}>
                <span className="truncate">
                  {names(draft.label_ids, (id) => view.labelOf(id)?.name, 'No labels')}
                </span>
              </MenuTrigger>
              <MenuContent className="max-h-72 overflow-y-auto">
                <LabelOptions view={view} value={draft.label_ids} onChange={(ids) => set('label_ids', ids)} />
              </MenuContent>
            </Menu>
          </div>
          {cyclesOn && (
            <Field label="Cycle" error={errors.cycle_id} optional>
              {(control) => (
                <Select {...control} value={draft.cycle_id} onChange={(e) => set('cycle_id', e.target.value)}>
                  <option value="">No cycle</option>
                  {view.stores.cycles.openCyclesOf(view.projectId).map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          )}
          {modulesOn && (
            <div className="flex flex-col gap-1.5">
              <span className="text-sm font-medium text-fg">Modules</span>
              <Menu modal={false}>
                <MenuTrigger className={buttonClasses('secondary', 'md', 'justify-start font-normal')}>
                  <span className="truncate">
                    {names(draft.module_ids, (id) => view.stores.modules.find(id)?.name, 'No modules')}
                  </span>
                </MenuTrigger>
                <MenuContent className="max-h-72 overflow-y-auto">
                  <ModuleOptions
                    view={view}
                    value={draft.module_ids}
                    onChange={(ids) => set('module_ids', ids)}
                  />
                </MenuContent>
              </Menu>
              {errors.module_ids && <p className="text-xs text-danger">{errors.module_ids}</p>}
            </div>
          )}
          <Field label="Start date" error={errors.start_date} optional>
            {(control) => (
              <Input
                {...control}
                type="date"
                value={draft.start_date}
                onChange={(e) => set('start_date', e.target.value)}
              />
            )}
          </Field>
          <Field label="Due date" error={errors.target_date} optional>
            {(control) => (
              <Input
                {...control}
                type="date"
                value={draft.target_date}
                onChange={(e) => set('target_date', e.target.value)}
              />
            )}
          </Field>
        </div>
        {errors.form && (
          <p role="alert" className="text-sm text-danger">
            {errors.form}
          </p>
        )}
      </form>
    </Dialog>
  );
});
