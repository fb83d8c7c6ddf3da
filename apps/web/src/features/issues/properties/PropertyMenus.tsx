import type { Label, State, UpdateIssueBody, UserLite } from '@kite/shared/contracts';
import clsx from 'clsx';
import { observer } from 'mobx-react-lite';
import { type ReactNode, type SyntheticEvent, useEffect } from 'react';
import { Avatar } from '../../../ui/Avatar.tsx';
import { TagIcon, UserRoundIcon } from '../../../ui/boardIcons.ts';
import {
  Menu,
  MenuCheckboxItem,
  MenuContent,
  MenuLabel,
  MenuRadioGroup,
  MenuRadioItem,
  MenuTrigger,
} from '../../../ui/Menu.tsx';
import { PRIORITY_LABELS, PriorityIcon } from '../../public-board/PriorityIcon.tsx';
import type { IssueView, PropertyMenu } from '../IssueView.ts';
import { PRIORITY_ORDER } from '../store/displayFilters.ts';
import type { Issue } from '../store/IssueStore.ts';

const pill = clsx(
  'inline-flex h-6 max-w-40 min-w-0 items-center gap-1 rounded-md border border-border px-1.5 text-xs text-fg-muted',
  'hover:bg-surface-2 hover:text-fg disabled:cursor-default disabled:hover:bg-transparent',
  'data-[state=open]:bg-surface-2',
);

export function StateDot({ color, className }: { color?: string; className?: string }) {
  return (
    <span
      aria-hidden
      className={clsx('size-2.5 shrink-0 rounded-full', className)}
      style={{ backgroundColor: color ?? '#9ca3af' }}
    />
  );
}

/**
 * A property menu tied to the view, so the keyboard (s/p/a/l) can open it on the focused issue.
 * A board shows four of these per card, so a closed one is a plain button: the Radix menu (its
 * contexts, popper and focus handling) mounts only while open, anchored to a span laid over the
 * button. Opening keeps the button itself, as Radix's own trigger would (open on pointer down
 * without taking the focus; Enter, Space or ArrowDown from the keyboard). Not an observer: the
 * property around it reads `open` and `disabled` (menuState), one observer per property less.
 */
export function PropertyMenuButton({
  view,
  issueId,
  menu,
  open,
  disabled,
  label,
  trigger,
  children,
}: MenuState & {
  label: string;
  trigger: ReactNode;
  children: ReactNode;
}) {
  // Events from the open menu's content bubble here through the React tree: only the button's own count.
  const own = (e: SyntheticEvent<HTMLButtonElement>) => e.currentTarget.contains(e.target as Node);
  return (
    <button
      type="button"
      className={clsx(pill, 'relative')}
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={open}
      data-state={open ? 'open' : 'closed'}
      disabled={disabled}
      onPointerDown={(e) => {
        if (!own(e) || e.button !== 0 || e.ctrlKey) return;
        e.preventDefault();
        view.setOpenMenu(issueId, open ? null : menu);
      }}
      onKeyDown={(e) => {
        if (!own(e)) return;
        e.stopPropagation();
        if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown') {
          e.preventDefault();
          view.setOpenMenu(issueId, menu);
        }
      }}
      onClick={(e) => e.stopPropagation()}
    >
      {trigger}
      {open && (
        <Menu open onOpenChange={(next) => view.setOpenMenu(issueId, next ? menu : null)} modal={false}>
          <MenuTrigger asChild>
            <span aria-hidden className="pointer-events-none absolute inset-0" />
          </MenuTrigger>
          <MenuContent
            // Named like the button (Radix would name it after the anchor span, which has no text).
            aria-labelledby={undefined}
            aria-label={label}
            className="max-h-80 overflow-y-auto"
            onClick={(e) => e.stopPropagation()}
            onCloseAutoFocus={(e) => {
              // Back to the row, not to the small trigger (keeps j/k navigation going).
              e.preventDefault();
              document.querySelector<HTMLElement>(`[data-issue-id="${issueId}"]`)?.focus();
            }}
          >
            {children}
          </MenuContent>
        </Menu>
      )}
    </button>
  );
}

export interface MenuState {
  view: IssueView;
  issueId: string;
  menu: PropertyMenu;
  open: boolean;
  disabled: boolean;
}

/** A property menu's state, read by the property's observer so that it follows it. */
export function menuState(view: IssueView, issue: Issue, menu: PropertyMenu): MenuState {
  return {
    view,
    issueId: issue.id,
    menu,
    open: view.isMenuOpen(issue.id, menu),
    disabled: !view.canEditIssue(issue),
  };
}

/**
 * A property's button and menu. The four are plain functions as well as observers: a card calls
 * them inside its one observer (IssueProperties), which tracks what they read; a spreadsheet cell
 * renders the observer. A board mounting cards while it scrolls creates one reaction per card
 * instead of six.
 */
export function stateProperty({
  view,
  issue,
  withLabel = true,
}: {
  view: IssueView;
  issue: Issue;
  withLabel?: boolean;
}) {
  const state = view.stateOf(issue.state_id);
  return (
    <PropertyMenuButton
      {...menuState(view, issue, 'state')}
      label={`State: ${state?.name ?? 'Unknown'}`}
      trigger={
        <>
          <StateDot color={state?.color} />
          {withLabel && <span className="truncate">{state?.name ?? 'State'}</span>}
        </>
      }
    >
      <StateOptions
        view={view}
        projectId={issue.project_id}
        value={issue.state_id}
        onChange={(id) => view.updateIssue(issue.id, { state_id: id })}
      />
    </PropertyMenuButton>
  );
}
export const StateProperty = observer(stateProperty);

/** The states of `projectId` (the view's project unless told). */
export function StateOptions({
  view,
  projectId = view.projectId,
  value,
  onChange,
}: {
  view: IssueView;
  projectId?: string;
  value: string;
  onChange: (stateId: string) => void;
}) {
  return (
    <>
      <MenuLabel>State</MenuLabel>
      <MenuRadioGroup value={value} onValueChange={onChange}>
        {view.statesIn(projectId).map((s: State) => (
          <MenuRadioItem key={s.id} value={s.id}>
            <StateDot color={s.color} />
            {s.name}
          </MenuRadioItem>
        ))}
      </MenuRadioGroup>
    </>
  );
}

export function priorityProperty({
  view,
  issue,
  withLabel = false,
}: {
  view: IssueView;
  issue: Issue;
  withLabel?: boolean;
}) {
  return (
    <PropertyMenuButton
      {...menuState(view, issue, 'priority')}
      label={`Priority: ${PRIORITY_LABELS[issue.priority] ?? 'None'}`}
      trigger={<PriorityIcon priority={issue.priority} withLabel={withLabel} className="text-xs" />}
    >
      <PriorityOptions
        value={issue.priority}
        onChange={(p) => view.updateIssue(issue.id, { priority: p as UpdateIssueBody['priority'] })}
      />
    </PropertyMenuButton>
  );
}
export const PriorityProperty = observer(priorityProperty);

export function PriorityOptions({ value, onChange }: { value: string; onChange: (p: string) => void }) {
  return (
    <>
      <MenuLabel>Priority</MenuLabel>
      <MenuRadioGroup value={value} onValueChange={onChange}>
        {PRIORITY_ORDER.map((p) => (
          <MenuRadioItem key={p} value={p}>
            <PriorityIcon priority={p} withLabel className="text-sm text-fg" />
          </MenuRadioItem>
        ))}
      </MenuRadioGroup>
    </>
  );
}

/** Up to three avatars, then "+N" (spec §9). */
export function AvatarStack({ users, total }: { users: UserLite[]; total: number }) {
  const shown = users.slice(0, 3);
  const more = total - shown.length;
  return (
    <span className="flex items-center -space-x-1">
      {shown.map((u) => (
        <Avatar
          key={u.id}
          name={u.display_name}
          src={u.avatar_url}
          size="xs"
          className="ring-2 ring-canvas"
        />
      ))}
      {more > 0 && <span className="pl-1.5 text-[11px] text-fg-muted">+{more}</span>}
    </span>
  );
}

export function assigneesProperty({ view, issue }: { view: IssueView; issue: Issue }) {
  const users = issue.assignee_ids.map((id) => view.userOf(id)).filter((u): u is UserLite => !!u);
  const names = users.map((u) => u.display_name).join(', ');
  return (
    <PropertyMenuButton
      {...menuState(view, issue, 'assignees')}
      label={issue.assignee_ids.length ? `Assignees: ${names}` : 'Assignees: none'}
      trigger={
        issue.assignee_ids.length ? (
          <AvatarStack users={users} total={issue.assignee_ids.length} />
        ) : (
          <UserRoundIcon className="size-3.5" aria-hidden />
        )
      }
    >
      <AssigneeOptions
        view={view}
        projectId={issue.project_id}
        value={issue.assignee_ids}
        onChange={(ids) => view.updateIssue(issue.id, { assignee_ids: ids })}
      />
    </PropertyMenuButton>
  );
}
export const AssigneesProperty = observer(assigneesProperty);

/** A titled list of checkable options that stays open while ticking; `value` lists the ticked ids. */
export function MultiOptions({
  label,
  empty,
  options,
  value,
  onChange,
}: {
  label: string;
  empty: string;
  options: { id: string; content: ReactNode }[];
  value: string[];
  onChange: (ids: string[]) => void;
}) {
  return (
    <>
      <MenuLabel>{label}</MenuLabel>
      {options.length === 0 && <p className="px-2 py-1.5 text-xs text-fg-subtle">{empty}</p>}
      {options.map((o) => (
        <MenuCheckboxItem
          key={o.id}
          checked={value.includes(o.id)}
          onCheckedChange={(on) =>
            onChange(
              on === true ? [...value.filter((v) => v !== o.id), o.id] : value.filter((v) => v !== o.id),
            )
          }
          onSelect={(e) => e.preventDefault()}
        >
          {o.content}
        </MenuCheckboxItem>
      ))}
    </>
  );
}

/** The members of `projectId` who can be assigned (the view's project unless told). */
export const AssigneeOptions = observer(function AssigneeOptions({
  view,
  projectId = view.projectId,
  value,
  onChange,
}: {
  view: IssueView;
  projectId?: string;
  value: string[];
  onChange: (ids: string[]) => void;
}) {
  useEffect(() => view.ensureMembers(projectId), [view, projectId]);
  return (
    <MultiOptions
      label="Assignees"
      empty="No members to assign"
      value={value}
      onChange={onChange}
      options={view.assignableIn(projectId).map((u) => ({
        id: u.id,
        content: (
          <>
            <Avatar name={u.display_name} src={u.avatar_url} size="xs" />
            {u.display_name}
          </>
        ),
      }))}
    />
  );
});

export function LabelChips({ labels, max = 2 }: { labels: Label[]; max?: number }) {
  if (labels.length === 0) return null;
  if (labels.length > max)
    return (
      <span className="inline-flex items-center gap-1">
        <TagIcon className="size-3" aria-hidden />
        {labels.length} labels
      </span>
    );
  return (
    <span className="inline-flex min-w-0 items-center gap-1.5">
      {labels.map((label) => (
        <span key={label.id} className="inline-flex min-w-0 items-center gap-1">
          <StateDot color={label.color || '#9ca3af'} className="size-2" />
          <span className="truncate">{label.name}</span>
        </span>
      ))}
    </span>
  );
}

export function labelsProperty({ view, issue }: { view: IssueView; issue: Issue }) {
  const labels = issue.label_ids.map((id) => view.labelOf(id)).filter((l): l is Label => !!l);
  return (
    <PropertyMenuButton
      {...menuState(view, issue, 'labels')}
      label={labels.length ? `Labels: ${labels.map((l) => l.name).join(', ')}` : 'Labels: none'}
      trigger={labels.length ? <LabelChips labels={labels} /> : <TagIcon className="size-3.5" aria-hidden />}
    >
      <LabelOptions
        view={view}
        projectId={issue.project_id}
        value={issue.label_ids}
        onChange={(ids) => view.updateIssue(issue.id, { label_ids: ids })}
      />
    </PropertyMenuButton>
  );
}
export const LabelsProperty = observer(labelsProperty);

/** The labels of `projectId` (the view's project unless told). */
export const LabelOptions = observer(function LabelOptions({
  view,
  projectId = view.projectId,
  value,
  onChange,
}: {
  view: IssueView;
  projectId?: string;
  value: string[];
  onChange: (ids: string[]) => void;
}) {
  return (
    <MultiOptions
      label="Labels"
      empty="No labels in this project"
      value={value}
      onChange={onChange}
      options={view.labelsIn(projectId).map((l) => ({
        id: l.id,
        content: (
          <>
            <StateDot color={l.color || '#9ca3af'} className="size-2" />
            {l.name}
          </>
        ),
      }))}
    />
  );
});
