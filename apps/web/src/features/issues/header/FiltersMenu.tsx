import type { Filters } from '@kite/shared/contracts';
import { STATE_GROUPS } from '@kite/shared/domain';
import { Filter } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { Avatar } from '../../../ui/Avatar.tsx';
import { buttonClasses } from '../../../ui/Button.tsx';
import {
  Menu,
  MenuCheckboxItem,
  MenuContent,
  MenuSub,
  MenuSubContent,
  MenuSubTrigger,
  MenuTrigger,
} from '../../../ui/Menu.tsx';
import { PriorityIcon } from '../../public-board/PriorityIcon.tsx';
import type { IssueView } from '../IssueView.ts';
import { StateDot } from '../properties/PropertyMenus.tsx';
import {
  activeFilterEntries,
  DATE_PRESETS,
  datePresetTerms,
  NONE_GROUP,
  PRIORITY_ORDER,
  presetOf,
} from '../store/displayFilters.ts';
import { FILTER_LABELS } from './filterValues.ts';

function toggled(values: string[] | null, value: string, on: boolean): string[] {
  const rest = (values ?? []).filter((v) => v !== value);
  return on ? [...rest, value] : rest;
}

/** The Filters menu: one sub-menu per property, values toggle (OR within, AND across). */
export const FiltersMenu = observer(function FiltersMenu({ view }: { view: IssueView }) {
  const filters = view.filters;
  const set = (key: keyof Filters, value: string, on: boolean) =>
    void view.setFilters({ [key]: toggled(filters[key], value, on) });
  const count = activeFilterEntries(filters).length;
  const option = (key: keyof Filters, value: string, children: React.ReactNode) => (
    <MenuCheckboxItem
      key={value}
      checked={filters[key]?.includes(value) ?? false}
      onCheckedChange={(on) => set(key, value, on === true)}
      onSelect={(e) => e.preventDefault()}
    >
      {children}
    </MenuCheckboxItem>
  );
  // Across projects the workspace's members, labels of every project and state groups are offered.
  const across = view.crossProject;
  const users = across
    ? [...view.users.values()].sort((a, b) => a.display_name.localeCompare(b.display_name))
    : view.projectUsers;
  /** The members, each with avatar and name. */
  const userOptions = (key: 'assignees' | 'created_by' | 'mentions') =>
    users.map((u) =>
      option(
        key,
        u.id,
        <>
          <Avatar name={u.display_name} src={u.avatar_url} size="xs" />
          {u.display_name}
        </>,
      ),
    );
  const labels = across
    ? view.stores.projects
        .joinedOf(view.slug)
        .flatMap((p) => view.labelsIn(p.id).map((label) => ({ label, project: p.identifier })))
    : view.labels.map((label) => ({ label, project: null }));
  const dateMenu = (key: 'start_date' | 'target_date') => {
    const current = presetOf(filters[key]);
    return (
      <MenuSub>
        <MenuSubTrigger>{FILTER_LABELS[key]}</MenuSubTrigger>
        <MenuSubContent>
          {DATE_PRESETS.map((p) => (
            <MenuCheckboxItem
              key={p.value}
              checked={current === p.value}
              onCheckedChange={(on) => void view.setFilters({ [key]: on ? datePresetTerms(p.value) : null })}
              onSelect={(e) => e.preventDefault()}
            >
              {p.label}
            </MenuCheckboxItem>
          ))}
        </MenuSubContent>
      </MenuSub>
    );
  };
  return (
    <Menu modal={false}>
      <MenuTrigger className={buttonClasses('secondary', 'sm')}>
        <Filter className="size-3.5" aria-hidden /> Filters
        {count > 0 && (
          <span className="rounded-full bg-primary px-1.5 text-[10px] font-semibold text-primary-fg">
            {count}
          </span>
        )}
      </MenuTrigger>
      <MenuContent align="end" className="min-w-44">
        {across ? (
          <MenuSub>
            <MenuSubTrigger>State group</MenuSubTrigger>
            <MenuSubContent>
              {STATE_GROUPS.map((group) => {
                const meta = view.groupMeta('state_detail.group', group);
                return option(
                  'state_group',
                  group,
                  <>
                    <StateDot color={meta.color ?? '#9ca3af'} />
                    {meta.label}
                  </>,
                );
              })}
            </MenuSubContent>
          </MenuSub>
        ) : (
          <MenuSub>
            <MenuSubTrigger>State</MenuSubTrigger>
            <MenuSubContent>
              {view.states.map((s) =>
                option(
                  'state',
                  s.id,
                  <>
                    <StateDot color={s.color} />
                    {s.name}
                  </>,
                ),
              )}
            </MenuSubContent>
          </MenuSub>
        )}
        <MenuSub>
          <MenuSubTrigger>Priority</MenuSubTrigger>
          <MenuSubContent>
            {PRIORITY_ORDER.map((p) =>
              option('priority', p, <PriorityIcon priority={p} withLabel className="text-sm text-fg" />),
            )}
          </MenuSubContent>
        </MenuSub>
        <MenuSub>
          <MenuSubTrigger>Assignees</MenuSubTrigger>
          <MenuSubContent>
            {option('assignees', NONE_GROUP, 'No assignee')}
            {userOptions('assignees')}
          </MenuSubContent>
        </MenuSub>
        <MenuSub>
          <MenuSubTrigger>Labels</MenuSubTrigger>
          <MenuSubContent className="max-h-80 overflow-y-auto">
            {option('labels', NONE_GROUP, 'No labels')}
            {labels.map(({ label: l, project }) =>
              option(
                'labels',
                l.id,
                <>
                  <StateDot color={l.color || '#9ca3af'} className="size-2" />
                  {l.name}
                  {project && <span className="ml-auto pl-2 text-xs text-fg-subtle">{project}</span>}
                </>,
              ),
            )}
          </MenuSubContent>
        </MenuSub>
        {across && (
          <MenuSub>
            <MenuSubTrigger>Project</MenuSubTrigger>
            <MenuSubContent className="max-h-80 overflow-y-auto">
              {view.stores.projects.joinedOf(view.slug).map((p) => option('project', p.id, p.name))}
            </MenuSubContent>
          </MenuSub>
        )}
        {view.planningOn('cycle_view') && (
          <MenuSub>
            <MenuSubTrigger>Cycle</MenuSubTrigger>
            <MenuSubContent className="max-h-80 overflow-y-auto">
              {option('cycle', NONE_GROUP, 'No cycle')}
              {view.stores.cycles.cyclesOf(view.projectId).map((c) => option('cycle', c.id, c.name))}
            </MenuSubContent>
          </MenuSub>
        )}
        {view.planningOn('module_view') && (
          <MenuSub>
            <MenuSubTrigger>Module</MenuSubTrigger>
            <MenuSubContent className="max-h-80 overflow-y-auto">
              {option('module', NONE_GROUP, 'No module')}
              {view.stores.modules.modulesOf(view.projectId).map((m) => option('module', m.id, m.name))}
            </MenuSubContent>
          </MenuSub>
        )}
        <MenuSub>
          <MenuSubTrigger>Mentions</MenuSubTrigger>
          <MenuSubContent>{userOptions('mentions')}</MenuSubContent>
        </MenuSub>
        <MenuSub>
          <MenuSubTrigger>Created by</MenuSubTrigger>
          <MenuSubContent>{userOptions('created_by')}</MenuSubContent>
        </MenuSub>
        {dateMenu('start_date')}
        {dateMenu('target_date')}
      </MenuContent>
    </Menu>
  );
});
