import type { IssueRow, UpdateIssueBody } from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import { ChevronDown, Trash2, X } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { type ReactNode, useState } from 'react';
import { api } from '../../lib/api.ts';
import { Button, buttonClasses, IconButton } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Menu, MenuContent, MenuTrigger } from '../../ui/Menu.tsx';
import { toastError, toastSuccess } from '../../ui/toast.ts';
import { projectPath } from '../projects/ProjectStore.ts';
import type { IssueView } from './IssueView.ts';
import { CycleOptions, ModuleOptions } from './properties/PlanningMenus.tsx';
import { AssigneeOptions, LabelOptions, PriorityOptions, StateOptions } from './properties/PropertyMenus.tsx';

/** POST bulk-operation-issues/ (api.md §5.12): one change for every selected item. */
export async function bulkUpdate(
  view: IssueView,
  ids: string[],
  properties: UpdateIssueBody,
): Promise<boolean> {
  try {
    const rows = await api.post<IssueRow[]>(
      `${projectPath(view.slug, view.projectId)}/bulk-operation-issues/`,
      {
        issue_ids: ids,
        properties,
      },
    );
    view.stores.issues.upsertMany(rows);
    toastSuccess(`${ids.length} work item${ids.length === 1 ? '' : 's'} updated`);
    return true;
  } catch (error) {
    toastError(error, 'The work items could not be updated');
    return false;
  }
}

/**
 * The bar over the list or the spreadsheet while rows are selected: set state, priority,
 * assignees, labels, cycle and modules (where the project uses them); delete (admins).
 */
export const BulkBar = observer(function BulkBar({
  view,
  selected,
  onClear,
}: {
  view: IssueView;
  selected: string[];
  onClear: () => void;
}) {
  const [confirm, setConfirm] = useState(false);
  const [assignees, setAssignees] = useState<string[]>([]);
  const [labels, setLabels] = useState<string[]>([]);
  const [modules, setModules] = useState<string[]>([]);
  const isAdmin = (view.project?.member_role ?? 0) >= ROLE.ADMIN;
  const n = selected.length;
  const apply = (properties: UpdateIssueBody) => void bulkUpdate(view, selected, properties);

  return (
    <div
      role="toolbar"
      aria-label="Bulk actions"
      className="flex flex-wrap items-center gap-2 border-b border-border bg-primary-soft px-4 py-1.5 text-sm"
    >
      <span className="font-medium text-fg">{n} selected</span>
      <IconButton size="sm" label="Clear the selection" onClick={onClear}>
        <X className="size-3.5" aria-hidden />
      </IconButton>
      {view.canEdit && (
        <>
          <BulkMenu label="State">
            <StateOptions view={view} value="" onChange={(state_id) => apply({ state_id })} />
          </BulkMenu>
          <BulkMenu label="Priority">
            <PriorityOptions
              value=""
              onChange={(p) => apply({ priority: p as UpdateIssueBody['priority'] })}
            />
          </BulkMenu>
          <BulkMenu
            label="Assignees"
            onOpenChange={(open) => {
              if (open) setAssignees([]);
              else if (assignees.length > 0) apply({ assignee_ids: assignees });
            }}
          >
            <AssigneeOptions view={view} value={assignees} onChange={setAssignees} />
          </BulkMenu>
          <BulkMenu
            label="Labels"
            onOpenChange={(open) => {
              if (open) setLabels([]);
              else if (labels.length > 0) apply({ label_ids: labels });
            }}
          >
            <LabelOptions view={view} value={labels} onChange={setLabels} />
          </BulkMenu>
          {view.planningOn('cycle_view') && (
            <BulkMenu label="Cycle">
              <CycleOptions view={view} onChange={(cycle_id) => apply({ cycle_id })} />
            </BulkMenu>
          )}
          {view.planningOn('module_view') && (
            <BulkMenu
              label="Modules"
              onOpenChange={(open) => {
                if (open) setModules([]);
                else if (modules.length > 0) apply({ module_ids: modules });
              }}
            >
              <ModuleOptions view={view} value={modules} onChange={setModules} />
            </BulkMenu>
          )}
        </>
      )}
      {isAdmin && (
        <Button variant="danger" size="sm" className="ml-auto" onClick={() => setConfirm(true)}>
          <Trash2 className="size-3.5" aria-hidden /> Delete
        </Button>
      )}
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title={`Delete ${n} work item${n === 1 ? '' : 's'}?`}
        description="They are deleted for everyone in the project. This cannot be undone."
        confirmLabel="Delete"
        onConfirm={async () => {
          try {
            await api.post(`${projectPath(view.slug, view.projectId)}/bulk-delete-issues/`, {
              issue_ids: selected,
            });
          } catch (error) {
            toastError(error, 'The work items could not be deleted');
            throw error;
          }
          toastSuccess(`${n} work item${n === 1 ? '' : 's'} deleted`);
          onClear();
          setConfirm(false);
          await view.fetch('mutation');
        }}
      />
    </div>
  );
});

function BulkMenu({
  label,
  children,
  onOpenChange,
}: {
  label: string;
  children: ReactNode;
  onOpenChange?: (open: boolean) => void;
}) {
  return (
    <Menu modal={false} onOpenChange={onOpenChange}>
      <MenuTrigger
        className={buttonClasses('secondary', 'sm')}
        aria-label={`Set ${label.toLowerCase()} of the selected`}
      >
        {label} <ChevronDown className="size-3" aria-hidden />
      </MenuTrigger>
      <MenuContent className="max-h-80 overflow-y-auto">{children}</MenuContent>
    </Menu>
  );
}
