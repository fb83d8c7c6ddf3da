import type { Project } from '@kite/shared/contracts';
import { ROLE_NAMES, type Role } from '@kite/shared/domain';
import { getRouteApi, Outlet } from '@tanstack/react-router';
import {
  Bot,
  Calculator,
  FileUp,
  Lock,
  Plug,
  Shapes,
  SlidersHorizontal,
  Tags,
  ToggleRight,
  Users,
  Workflow,
} from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { createContext, type ReactNode, useContext, useState } from 'react';
import { useStores } from '../../../app/StoresContext.tsx';
import { Button } from '../../../ui/Button.tsx';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { PageLoader } from '../../../ui/Spinner.tsx';
import { toast, toastError } from '../../../ui/toast.ts';
import { PageHeader } from '../../app-shell/PageHeader.tsx';
import { SettingsNav, type SettingsNavItem } from '../../app-shell/SettingsNav.tsx';
import { GithubSyncSettings } from '../../github-sync/GithubSyncSettings.tsx';
import { ImportSettings } from '../../imports/ImportSettings.tsx';
import { ProjectLogo } from '../ProjectLogo.tsx';
import { canSeeTab, effectiveProjectRole, type ProjectSettingsTab, TAB_ROLES } from '../projectAccess.ts';
import { AutomationsSettings } from './AutomationsSettings.tsx';
import { EstimatesSettings } from './EstimatesSettings.tsx';
import { FeaturesSettings } from './FeaturesSettings.tsx';
import { GeneralSettings } from './GeneralSettings.tsx';
import { LabelsSettings } from './LabelsSettings.tsx';
import { ProjectMembersSettings } from './ProjectMembersSettings.tsx';
import { StatesSettings } from './StatesSettings.tsx';

interface ProjectSettingsContextValue {
  slug: string;
  project: Project | undefined;
  role: number | null;
}

const ProjectSettingsContext = createContext<ProjectSettingsContextValue | null>(null);

/**
 * The project being configured and the caller's effective role in it, for a tab's page: the
 * settings frame hands them down, so a tab needs no URL params of its own.
 */
export function useProjectSettings(): ProjectSettingsContextValue {
  const value = useContext(ProjectSettingsContext);
  if (!value) throw new Error('useProjectSettings is for pages inside ProjectSettingsScreen');
  return value;
}

const TABS: { tab: ProjectSettingsTab; label: string; icon: ReactNode; path: string }[] = [
  { tab: 'general', label: 'General', icon: <SlidersHorizontal className="size-4" />, path: '' },
  { tab: 'members', label: 'Members', icon: <Users className="size-4" />, path: '/members' },
  { tab: 'features', label: 'Features', icon: <ToggleRight className="size-4" />, path: '/features' },
  { tab: 'states', label: 'States', icon: <Workflow className="size-4" />, path: '/states' },
  { tab: 'labels', label: 'Labels', icon: <Tags className="size-4" />, path: '/labels' },
  { tab: 'estimates', label: 'Estimates', icon: <Calculator className="size-4" />, path: '/estimates' },
  { tab: 'automations', label: 'Automations', icon: <Bot className="size-4" />, path: '/automations' },
  { tab: 'integrations', label: 'Integrations', icon: <Plug className="size-4" />, path: '/integrations' },
  { tab: 'imports', label: 'Import', icon: <FileUp className="size-4" />, path: '/imports' },
];

/**
 * A project's settings frame (`/{slug}/settings/projects/{id}/*`): the header, the tabs the
 * caller's role may see, and the tab's page (or a way to join the project first).
 */
export const ProjectSettingsScreen = observer(function ProjectSettingsScreen({
  slug,
  projectId,
}: {
  slug: string;
  projectId: string;
}) {
  const { projects, workspaces } = useStores();
  const project = projects.get(slug, projectId);
  const role = project ? effectiveProjectRole(project, workspaces.get(slug)?.role) : null;
  if (!project) return <PageLoader label="Loading project" />;
  const items: SettingsNavItem[] = TABS.filter((t) => canSeeTab(t.tab, role)).map((t) => ({
    label: t.label,
    icon: t.icon,
    link: {
      to: `/$workspaceSlug/settings/projects/$projectId${t.path}`,
      params: { workspaceSlug: slug, projectId: project.id },
    } as SettingsNavItem['link'],
  }));
  return (
    <>
      <PageHeader
        title={
          <span className="flex items-center gap-2">
            <ProjectLogo project={project} size="sm" />
            {project.name} · Settings
          </span>
        }
      />
      <div className="flex-1 overflow-y-auto">
        <div className="mx-auto flex max-w-5xl flex-col gap-6 px-6 py-8 md:flex-row md:gap-10">
          {items.length > 0 && <SettingsNav label="Project settings" items={items} />}
          <main className="min-w-0 flex-1">
            {role == null ? (
              <EmptyState
                icon={<Lock className="size-5" />}
                title="Join this project to see its settings"
                description="Only members of the project can view or change its settings."
                action={
                  project.network === 2 &&
                  !project.archived_at && <JoinButton slug={slug} project={project} />
                }
              />
            ) : (
              <ProjectSettingsContext.Provider value={{ slug, project, role }}>
                <Outlet />
              </ProjectSettingsContext.Provider>
            )}
          </main>
        </div>
      </div>
    </>
  );
});

function JoinButton({ slug, project }: { slug: string; project: Project }) {
  const { projects } = useStores();
  const [busy, setBusy] = useState(false);
  const join = async () => {
    setBusy(true);
    try {
      await projects.join(slug, project.id);
      toast.success(`You joined ${project.name}`);
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="primary" onClick={join} loading={busy}>
      Join project
    </Button>
  );
}

/** A tab's page: the caller's role must meet the tab's gate, else an explanation (never a broken form). */
const Gate = observer(function Gate({
  tab,
  children,
}: {
  tab: ProjectSettingsTab;
  children: (props: { slug: string; project: Project; role: number }) => ReactNode;
}) {
  const { slug, project, role } = useProjectSettings();
  if (!project || role == null) return null;
  if (!canSeeTab(tab, role))
    return (
      <EmptyState
        icon={<Shapes className="size-5" />}
        title="You cannot change these settings"
        description={`This page needs the ${ROLE_NAMES[TAB_ROLES[tab] as Role]} role in the project.`}
      />
    );
  return <>{children({ slug, project, role })}</>;
});

const route = getRouteApi('/authed/$workspaceSlug/settings/projects/$projectId');

/** The frame of routes/ProjectSettingsRoutes.tsx, given the URL's workspace and project. */
export function ProjectSettingsRouteScreen() {
  const { workspaceSlug, projectId } = route.useParams();
  return <ProjectSettingsScreen slug={workspaceSlug} projectId={projectId} />;
}

/** The tabs' pages (each route of routes/ProjectSettingsRoutes.tsx below the frame). */
export const ProjectSettingsGeneralScreen = () => (
  <Gate tab="general">{(p) => <GeneralSettings {...p} />}</Gate>
);
export const ProjectSettingsMembersScreen = () => (
  <Gate tab="members">{(p) => <ProjectMembersSettings {...p} />}</Gate>
);
export const ProjectSettingsFeaturesScreen = () => (
  <Gate tab="features">{(p) => <FeaturesSettings {...p} />}</Gate>
);
export const ProjectSettingsStatesScreen = () => <Gate tab="states">{(p) => <StatesSettings {...p} />}</Gate>;
export const ProjectSettingsLabelsScreen = () => <Gate tab="labels">{(p) => <LabelsSettings {...p} />}</Gate>;
export const ProjectSettingsEstimatesScreen = () => (
  <Gate tab="estimates">{(p) => <EstimatesSettings {...p} />}</Gate>
);
export const ProjectSettingsAutomationsScreen = () => (
  <Gate tab="automations">{(p) => <AutomationsSettings {...p} />}</Gate>
);
export const ProjectSettingsIntegrationsScreen = () => (
  <Gate tab="integrations">{(p) => <GithubSyncSettings {...p} />}</Gate>
);
export const ProjectSettingsImportsScreen = () => (
  <Gate tab="imports">{(p) => <ImportSettings {...p} />}</Gate>
);
