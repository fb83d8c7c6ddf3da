import { Link } from '@tanstack/react-router';
import clsx from 'clsx';
import {
  Boxes,
  CalendarCheck2,
  CalendarClock,
  CircleDot,
  GitFork,
  Hash,
  RefreshCcw,
  Triangle,
  User,
  X,
} from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { Avatar } from '../../../ui/Avatar.tsx';
import { IssuePickerDialog } from './IssuePickerDialog.tsx';
import { PropertyPicker } from './PropertyPicker.tsx';
import { AssigneesRow, LabelsRow, PriorityRow, Row, toggleIn } from './PropertyRows.tsx';
import { formatDay, StateIcon, userName } from './parts.tsx';
import { type IssueDetailStore, isOverdue } from './store/IssueDetailStore.ts';

const muted = 'text-fg-subtle';

/** Every property of a work item, each editable in place (read-only below member). */
export const PropertiesPanel = observer(function PropertiesPanel({ detail }: { detail: IssueDetailStore }) {
  const issue = detail.issue;
  const [parentOpen, setParentOpen] = useState(false);
  if (!issue) return null;
  const { slug, projectId } = detail.ref;
  const readOnly = !detail.canEditFields;
  const state = detail.state;
  const creator = detail.userOf(issue.created_by);
  const overdue = isOverdue(issue);
  const points = detail.estimatePoints;
  const parent = detail.parent;

  return (
    <div className="flex flex-col gap-1">
      <Row icon={<CircleDot className="size-4" />} label="State">
        <PropertyPicker
          label="State"
          disabled={readOnly}
          selected={[issue.state_id]}
          options={detail.states.map((s) => ({
            value: s.id,
            label: s.name,
            icon: <StateIcon group={s.group} color={s.color} />,
          }))}
          onSelect={(value) => value !== issue.state_id && detail.update({ state_id: value })}
        >
          {state && <StateIcon group={state.group} color={state.color} />}
          <span className="truncate">{state?.name ?? 'Unknown state'}</span>
        </PropertyPicker>
      </Row>

      <PriorityRow
        priority={issue.priority}
        readOnly={readOnly}
        onChange={(priority) => detail.update({ priority })}
      />

      <AssigneesRow
        assigneeIds={issue.assignee_ids}
        assignable={detail.assignable}
        userOf={(id) => detail.userOf(id)}
        readOnly={readOnly}
        onChange={(assignee_ids) => detail.update({ assignee_ids })}
      />

      <LabelsRow
        labelIds={issue.label_ids}
        labels={detail.root.labels.labelsOf(projectId)}
        readOnly={readOnly}
        onChange={(label_ids) => detail.update({ label_ids })}
      />

      <PlanningRows detail={detail} readOnly={readOnly} />

      <Row icon={<CalendarClock className="size-4" />} label="Start date">
        <DateField
          label="Start date"
          value={issue.start_date}
          max={issue.target_date ?? undefined}
          readOnly={readOnly}
          onChange={(value) => detail.update({ start_date: value })}
        />
      </Row>

      <Row icon={<CalendarCheck2 className="size-4" />} label="Due date">
        <DateField
          label="Due date"
          value={issue.target_date}
          min={issue.start_date ?? undefined}
          readOnly={readOnly}
          overdue={overdue}
          onChange={(value) => detail.update({ target_date: value })}
        />
      </Row>

      {detail.project?.estimate && points.length > 0 && (
        <Row icon={<Triangle className="size-4" />} label="Estimate">
          <PropertyPicker
            label="Estimate"
            disabled={readOnly}
            selected={issue.estimate_point ? [issue.estimate_point] : ['none']}
            options={[
              { value: 'none', label: 'No estimate' },
              ...points.map((p) => ({ value: p.id, label: p.value })),
            ]}
            onSelect={(value) => detail.update({ estimate_point: value === 'none' ? null : value })}
          >
            {issue.estimate_point ? (
              (points.find((p) => p.id === issue.estimate_point)?.value ?? 'Estimated')
            ) : (
              <span className={muted}>No estimate</span>
            )}
          </PropertyPicker>
        </Row>
      )}

      <Row icon={<GitFork className="size-4" />} label="Parent">
        <div className="flex min-h-8 items-center gap-1">
          {issue.parent_id ? (
            <>
              <Link
                to="/$workspaceSlug/projects/$projectId/issues/$issueId"
                params={{ workspaceSlug: slug, projectId, issueId: issue.parent_id }}
                className="flex min-w-0 flex-1 items-center gap-1.5 rounded-md px-2 py-1 text-sm hover:bg-surface-2"
              >
                <span className="shrink-0 font-mono text-xs text-fg-muted">
                  {detail.project?.identifier}-{parent?.sequence_id ?? '…'}
                </span>
                <span className="truncate text-fg">{parent?.name ?? ''}</span>
              </Link>
              {!readOnly && (
                <button
                  type="button"
                  aria-label="Remove parent"
                  onClick={() => detail.update({ parent_id: null })}
                  className="rounded p-1 text-fg-subtle hover:bg-surface-2 hover:text-fg"
                >
                  <X className="size-3.5" aria-hidden />
                </button>
              )}
            </>
          ) : readOnly ? (
            <span className={clsx('px-2 text-sm', muted)}>None</span>
          ) : (
            <button
              type="button"
              onClick={() => setParentOpen(true)}
              className="flex h-8 w-full items-center rounded-md px-2 text-left text-sm text-fg-subtle hover:bg-surface-2"
            >
              Add parent work item
            </button>
          )}
        </div>
      </Row>

      <Row icon={<User className="size-4" />} label="Created by">
        <div className="flex h-8 items-center gap-1.5 px-2 text-sm">
          <Avatar name={userName(creator)} src={creator?.avatar_url} size="xs" />
          <span className="truncate">{creator ? userName(creator) : 'Unknown member'}</span>
        </div>
      </Row>

      <Row icon={<Hash className="size-4" />} label="Key">
        <div className="flex h-8 items-center px-2 font-mono text-sm text-fg-muted">{detail.key}</div>
      </Row>

      <IssuePickerDialog
        open={parentOpen}
        onOpenChange={setParentOpen}
        title="Set parent work item"
        issue={detail.ref}
        purpose="parent"
        onSubmit={async ([row]) => {
          if (!row) return;
          const ok = await detail.update({ parent_id: row.id });
          if (!ok) throw new Error('refused');
        }}
      />
    </div>
  );
});

/** The cycle and modules rows, where the project uses them. */
const PlanningRows = observer(function PlanningRows({
  detail,
  readOnly,
}: {
  detail: IssueDetailStore;
  readOnly: boolean;
}) {
  const issue = detail.issue;
  const project = detail.project;
  if (!issue || !project) return null;
  const { cycles, modules } = detail.root;
  const cycle = issue.cycle_id ? cycles.find(issue.cycle_id) : undefined;
  const cycleOptions = cycles.openCyclesOf(project.id);
  const issueModules = issue.module_ids.map((id) => modules.find(id)?.name ?? 'Unknown module');
  return (
    <>
      {project.cycle_view && (
        <Row icon={<RefreshCcw className="size-4" />} label="Cycle">
          <PropertyPicker
            label="Cycle"
            disabled={readOnly}
            selected={[issue.cycle_id ?? 'none']}
            options={[
              { value: 'none', label: 'No cycle' },
              ...cycleOptions.map((c) => ({ value: c.id, label: c.name })),
            ]}
            emptyText="No active, upcoming or draft cycles"
            onSelect={(value) => {
              const next = value === 'none' ? null : value;
              if (next !== issue.cycle_id) void detail.update({ cycle_id: next });
            }}
          >
            {issue.cycle_id ? (
              <span className="truncate">{cycle?.name ?? 'Unknown cycle'}</span>
            ) : (
              <span className={muted}>No cycle</span>
            )}
          </PropertyPicker>
        </Row>
      )}
      {project.module_view && (
        <Row icon={<Boxes className="size-4" />} label="Modules">
          <PropertyPicker
            label="Modules"
            multiple
            disabled={readOnly}
            selected={issue.module_ids}
            options={modules.modulesOf(project.id).map((m) => ({ value: m.id, label: m.name }))}
            emptyText="No modules in this project"
            onSelect={(value) => void detail.update({ module_ids: toggleIn(issue.module_ids, value) })}
          >
            {issueModules.length === 0 ? (
              <span className={muted}>No modules</span>
            ) : (
              <span className="truncate">{issueModules.join(', ')}</span>
            )}
          </PropertyPicker>
        </Row>
      )}
    </>
  );
});

interface DateFieldProps {
  label: string;
  value: string | null;
  min?: string;
  max?: string;
  readOnly: boolean;
  overdue?: boolean;
  onChange: (value: string | null) => void;
}

/** A native date input (keyboard and picker) with a clear button; overdue dates show red. */
function DateField({ label, value, min, max, readOnly, overdue, onChange }: DateFieldProps) {
  if (readOnly) {
    return (
      <div
        className={clsx(
          'flex h-8 items-center px-2 text-sm',
          overdue ? 'text-danger' : value ? 'text-fg' : muted,
        )}
      >
        {value ? formatDay(value) : 'None'}
        {overdue && <span className="ml-2 text-xs font-medium">Overdue</span>}
      </div>
    );
  }
  return (
    <div className="flex h-8 items-center gap-1">
      <input
        type="date"
        aria-label={label}
        value={value ?? ''}
        min={min}
        max={max}
        onChange={(e) => {
          const next = e.target.value;
          if (next === '') onChange(null);
          else if (/^\d{4}-\d{2}-\d{2}$/.test(next) && Number(next.slice(0, 4)) >= 1900) onChange(next);
        }}
        className={clsx(
          'h-8 min-w-0 flex-1 rounded-md bg-transparent px-2 text-sm hover:bg-surface-2 dark:[color-scheme:dark]',
          overdue ? 'font-medium text-danger' : value ? 'text-fg' : 'text-fg-subtle',
        )}
      />
      {overdue && <span className="text-xs font-medium text-danger">Overdue</span>}
      {value && (
        <button
          type="button"
          aria-label={`Clear ${label.toLowerCase()}`}
          onClick={() => onChange(null)}
          className="rounded p-1 text-fg-subtle hover:bg-surface-2 hover:text-fg"
        >
          <X className="size-3.5" aria-hidden />
        </button>
      )}
    </div>
  );
}
