import type { Project } from '@kite/shared/contracts';
import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { formatRange, STATUS_LABELS } from '../cycles/cycleFormat.ts';
import { userName } from '../issues/detail/parts.tsx';
import { MODULE_STATUS_LABELS } from '../modules/moduleFormat.ts';
import { ProjectLogo } from '../projects/ProjectLogo.tsx';
import type { AnalyticsStore } from './AnalyticsStore.ts';

/** Spec §2: the workspace analytics sidebar's collapsed state is kept locally. */
export const ANALYTICS_SIDEBAR_COLLAPSED_KEY = 'kite.analyticsSidebarCollapsed';

function Facts({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1.5 text-sm">{children}</dl>;
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-fg-muted">{term}</dt>
      <dd className="min-w-0 truncate text-fg">{children}</dd>
    </>
  );
}

/**
 * What the custom chart counts: the projects in scope (each one a button that narrows the chart to
 * it) or the one project with its lead and members, and the cycle or module the chart is limited to.
 */
export const AnalyticsScopeSidebar = observer(function AnalyticsScopeSidebar({
  store,
  slug,
  projectId,
}: {
  store: AnalyticsStore;
  slug: string;
  projectId?: string;
}) {
  const { projects, members, cycles, modules } = useStores();
  const { params } = store;
  const scopeId = projectId ?? params.project;
  const project = scopeId ? projects.get(slug, scopeId) : undefined;
  const cycle = params.cycle ? cycles.find(params.cycle) : undefined;
  const module = params.module ? modules.find(params.module) : undefined;
  const person = (id: string | null) =>
    id ? userName(members.membersOf(slug).find((m) => m.member.id === id)?.member) : 'No lead';

  return (
    <aside
      aria-label="Analytics scope"
      className="flex w-72 shrink-0 flex-col gap-5 overflow-y-auto border-l border-border px-5 py-5"
    >
      {project ? (
        <ProjectScope project={project} lead={person(project.project_lead)} />
      ) : (
        <section aria-labelledby="analytics-scope-projects" className="flex flex-col gap-2">
          <h2 id="analytics-scope-projects" className="text-sm font-semibold text-fg">
            All your projects
          </h2>
          <p className="text-xs text-fg-muted">The chart counts the work items of these projects.</p>
          <ul className="flex flex-col gap-1">
            {projects.joinedOf(slug).map((p) => (
              <li key={p.id}>
                <button
                  type="button"
                  onClick={() => store.set('project', p.id)}
                  className="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-surface-2"
                >
                  <ProjectLogo project={p} size="sm" />
                  <span className="min-w-0 flex-1 truncate text-fg">{p.name}</span>
                  <span className="text-xs text-fg-subtle">
                    {p.total_members} {p.total_members === 1 ? 'member' : 'members'}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {cycle && (
        <section aria-label="Cycle in scope" className="flex flex-col gap-2">
          <h2 className="text-sm font-semibold text-fg">Cycle</h2>
          <Facts>
            <Fact term="Name">{cycle.name}</Fact>
            <Fact term="Dates">{formatRange(cycle)}</Fact>
            <Fact term="Status">{STATUS_LABELS[cycle.status]}</Fact>
          </Facts>
        </section>
      )}
      {module && (
        <section aria-label="Module in scope" className="flex flex-col gap-2">
          <h2 className="text-sm font-semibold text-fg">Module</h2>
          <Facts>
            <Fact term="Name">{module.name}</Fact>
            <Fact term="Status">{MODULE_STATUS_LABELS[module.status]}</Fact>
            <Fact term="Target">{module.target_date ?? 'No target date'}</Fact>
          </Facts>
        </section>
      )}
    </aside>
  );
});

function ProjectScope({ project, lead }: { project: Project; lead: string }) {
  return (
    <section aria-label="Project in scope" className="flex flex-col gap-3">
      <h2 className="flex items-center gap-2 text-sm font-semibold text-fg">
        <ProjectLogo project={project} size="sm" />
        <span className="min-w-0 truncate">{project.name}</span>
      </h2>
      {project.description && <p className="text-xs text-fg-muted">{project.description}</p>}
      <Facts>
        <Fact term="Identifier">{project.identifier}</Fact>
        <Fact term="Lead">{lead}</Fact>
        <Fact term="Members">{project.total_members}</Fact>
        <Fact term="Access">{project.network === 2 ? 'Public' : 'Private'}</Fact>
      </Facts>
    </section>
  );
}
