import type { Label, Priority, UserLite } from '@kite/shared/contracts';
import { PRIORITIES } from '@kite/shared/contracts';
import { SignalHigh, Tag, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Avatar } from '../../../ui/Avatar.tsx';
import { PRIORITY_LABELS, PriorityIcon } from '../../public-board/PriorityIcon.tsx';
import { PropertyPicker } from './PropertyPicker.tsx';
import { userName } from './parts.tsx';

/** One property of a work item: its icon and name on the left, its value (a picker) on the right. */
export function Row({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8.5rem_minmax(0,1fr)] items-start gap-2">
      <div className="flex h-8 items-center gap-2 text-sm text-fg-muted">
        <span className="flex size-4 items-center justify-center text-fg-subtle" aria-hidden>
          {icon}
        </span>
        {label}
      </div>
      <div className="min-w-0">{children}</div>
    </div>
  );
}

/** `list` with `value` added, or taken out when it was there (a multi-select's click). */
export const toggleIn = (list: readonly string[], value: string): string[] =>
  list.includes(value) ? list.filter((v) => v !== value) : [...list, value];

const muted = 'text-fg-subtle';
const labelColor = (label: Label) => label.color || '#9ca3af';

export function PriorityRow({
  priority,
  readOnly,
  onChange,
}: {
  priority: string;
  readOnly: boolean;
  onChange: (priority: Priority) => void;
}) {
  return (
    <Row icon={<SignalHigh className="size-4" />} label="Priority">
      <PropertyPicker
        label="Priority"
        disabled={readOnly}
        selected={[priority]}
        options={PRIORITIES.map((p) => ({
          value: p,
          label: PRIORITY_LABELS[p] ?? p,
          icon: <PriorityIcon priority={p} />,
        }))}
        onSelect={(value) => value !== priority && onChange(value as Priority)}
      >
        <PriorityIcon priority={priority} withLabel className="text-sm text-fg" />
      </PropertyPicker>
    </Row>
  );
}

/** The assignees (the first three by name, then a count), picked among `assignable`. */
export function AssigneesRow({
  assigneeIds,
  assignable,
  userOf,
  readOnly,
  onChange,
}: {
  assigneeIds: readonly string[];
  assignable: readonly UserLite[];
  userOf: (id: string) => UserLite | undefined;
  readOnly: boolean;
  onChange: (assigneeIds: string[]) => void;
}) {
  return (
    <Row icon={<Users className="size-4" />} label="Assignees">
      <PropertyPicker
        label="Assignees"
        multiple
        disabled={readOnly}
        selected={[...assigneeIds]}
        options={assignable.map((u) => ({
          value: u.id,
          label: userName(u),
          keywords: u.display_name,
          icon: <Avatar name={userName(u)} src={u.avatar_url} size="xs" />,
        }))}
        emptyText="No project members to assign"
        onSelect={(value) => onChange(toggleIn(assigneeIds, value))}
      >
        {assigneeIds.length === 0 ? (
          <span className={muted}>No assignees</span>
        ) : (
          <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 py-1">
            {assigneeIds.slice(0, 3).map((id) => {
              const user = userOf(id);
              return (
                <span key={id} className="inline-flex min-w-0 items-center gap-1.5">
                  <Avatar name={userName(user)} src={user?.avatar_url} size="xs" />
                  <span className="truncate">{userName(user)}</span>
                </span>
              );
            })}
            {assigneeIds.length > 3 && <span className="text-fg-muted">+{assigneeIds.length - 3} more</span>}
          </span>
        )}
      </PropertyPicker>
    </Row>
  );
}

/** The labels (the first three as chips, then a count), picked among the project's `labels`. */
export function LabelsRow({
  labelIds,
  labels,
  readOnly,
  onChange,
}: {
  labelIds: readonly string[];
  labels: readonly Label[];
  readOnly: boolean;
  onChange: (labelIds: string[]) => void;
}) {
  const chosen = labels.filter((l) => labelIds.includes(l.id));
  return (
    <Row icon={<Tag className="size-4" />} label="Labels">
      <PropertyPicker
        label="Labels"
        multiple
        disabled={readOnly}
        selected={[...labelIds]}
        options={labels.map((l) => ({
          value: l.id,
          label: l.name,
          icon: <span className="size-2.5 rounded-full" style={{ background: labelColor(l) }} aria-hidden />,
        }))}
        emptyText="No labels in this project"
        onSelect={(value) => onChange(toggleIn(labelIds, value))}
      >
        {chosen.length === 0 ? (
          <span className={muted}>No labels</span>
        ) : (
          <span className="flex min-w-0 flex-wrap items-center gap-1 py-1">
            {chosen.slice(0, 3).map((l) => (
              <span
                key={l.id}
                className="inline-flex max-w-40 items-center gap-1.5 rounded-full border border-border px-2 py-0.5 text-xs"
              >
                <span className="size-2 shrink-0 rounded-full" style={{ background: labelColor(l) }} />
                <span className="truncate">{l.name}</span>
              </span>
            ))}
            {chosen.length > 3 && <span className="text-xs text-fg-muted">+{chosen.length - 3} more</span>}
          </span>
        )}
      </PropertyPicker>
    </Row>
  );
}
