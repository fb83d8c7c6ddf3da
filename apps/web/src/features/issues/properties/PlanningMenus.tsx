import type { Cycle, Module } from '@kite/shared/contracts';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { CycleIcon, ModuleIcon } from '../../../ui/boardIcons.ts';
import { MenuLabel, MenuRadioGroup, MenuRadioItem } from '../../../ui/Menu.tsx';
import type { IssueView } from '../IssueView.ts';
import type { Issue } from '../store/IssueStore.ts';
import { MultiOptions, menuState, PropertyMenuButton } from './PropertyMenus.tsx';

/** The radio value of "No cycle" (a cycle id is a uuid, never this). */
const NO_CYCLE = 'none';

/** A work item's cycle: its name, or the icon alone when it has none. */
export function cycleProperty({ view, issue }: { view: IssueView; issue: Issue }) {
  const cycle = issue.cycle_id ? view.stores.cycles.find(issue.cycle_id) : undefined;
  return (
    <PropertyMenuButton
      {...menuState(view, issue, 'cycle')}
      label={issue.cycle_id ? `Cycle: ${cycle?.name ?? 'Unknown cycle'}` : 'Cycle: none'}
      trigger={
        <>
          <CycleIcon className="size-3.5 shrink-0" aria-hidden />
          {cycle && <span className="truncate">{cycle.name}</span>}
        </>
      }
    >
      <CycleOptions
        view={view}
        projectId={issue.project_id}
        value={issue.cycle_id}
        onChange={(id) => view.updateIssue(issue.id, { cycle_id: id })}
      />
    </PropertyMenuButton>
  );
}
export const CycleProperty = observer(cycleProperty);

/**
 * The cycles an item can join (spec §2: not a completed one), and "No cycle". The item's own
 * cycle stays listed when it has completed, so that the menu shows where the item is.
 */
export const CycleOptions = observer(function CycleOptions({
  view,
  projectId = view.projectId,
  value,
  onChange,
}: {
  view: IssueView;
  projectId?: string;
  /** The item's cycle (null: none); left out, nothing is ticked (a bulk edit). */
  value?: string | null;
  onChange: (cycleId: string | null) => void;
}) {
  const cycles = view.stores.cycles;
  useEffect(() => cycles.ensure(view.slug, projectId), [cycles, view.slug, projectId]);
  const open = cycles.openCyclesOf(projectId);
  const current = value ? cycles.find(value) : undefined;
  const options: Cycle[] = current && !open.includes(current) ? [current, ...open] : open;
  return (
    <>
      <MenuLabel>Cycle</MenuLabel>
      <MenuRadioGroup
        value={value === undefined ? '' : (value ?? NO_CYCLE)}
        onValueChange={(v) => onChange(v === NO_CYCLE ? null : v)}
      >
        <MenuRadioItem value={NO_CYCLE}>No cycle</MenuRadioItem>
        {options.map((c) => (
          <MenuRadioItem key={c.id} value={c.id} disabled={c.status === 'completed'}>
            <CycleIcon className="size-3.5 shrink-0 text-fg-muted" aria-hidden />
            <span className="truncate">{c.name}</span>
          </MenuRadioItem>
        ))}
      </MenuRadioGroup>
      {options.length === 0 && (
        <p className="px-2 py-1.5 text-xs text-fg-subtle">No active, upcoming or draft cycles</p>
      )}
    </>
  );
});

/** A work item's modules: the one name, "N modules", or the icon alone. */
export function modulesProperty({ view, issue }: { view: IssueView; issue: Issue }) {
  const modules = issue.module_ids.map((id) => view.stores.modules.find(id)).filter((m): m is Module => !!m);
  const n = issue.module_ids.length;
  return (
    <PropertyMenuButton
      {...menuState(view, issue, 'modules')}
      label={n ? `Modules: ${modules.map((m) => m.name).join(', ') || `${n}`}` : 'Modules: none'}
      trigger={
        <>
          <ModuleIcon className="size-3.5 shrink-0" aria-hidden />
          {n === 1 && modules[0] && <span className="truncate">{modules[0].name}</span>}
          {n > 1 && <span>{n} modules</span>}
        </>
      }
    >
      <ModuleOptions
        view={view}
        projectId={issue.project_id}
        value={issue.module_ids}
        onChange={(ids) => view.updateIssue(issue.id, { module_ids: ids })}
      />
    </PropertyMenuButton>
  );
}
export const ModulesProperty = observer(modulesProperty);

/** The project's modules (not archived ones), ticked for those in `value`. */
export const ModuleOptions = observer(function ModuleOptions({
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
  const modules = view.stores.modules;
  useEffect(() => modules.ensure(view.slug, projectId), [modules, view.slug, projectId]);
  return (
    <MultiOptions
      label="Modules"
      empty="No modules in this project"
      value={value}
      onChange={onChange}
      options={modules.modulesOf(projectId).map((m) => ({
        id: m.id,
        content: (
          <>
            <ModuleIcon className="size-3.5 shrink-0 text-fg-muted" aria-hidden />
            <span className="truncate">{m.name}</span>
          </>
        ),
      }))}
    />
  );
});
