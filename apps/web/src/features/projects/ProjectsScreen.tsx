import type { Project } from '@kite/shared/contracts';
import { hasRole, ROLE } from '@kite/shared/domain';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import clsx from 'clsx';
import { Archive, FolderKanban, Globe, Lock, Plus, Search, Settings, Star, Users } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { Button, IconButton } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Input, Select } from '../../ui/Input.tsx';
import { PageLoader } from '../../ui/Spinner.tsx';
import { toast, toastError } from '../../ui/toast.ts';
import { PageHeader } from '../app-shell/PageHeader.tsx';
import { CreateProjectDialog } from './CreateProjectDialog.tsx';
import { ProjectLogo } from './ProjectLogo.tsx';
import { PROJECT_ORDERING_LABELS, type ProjectOrdering } from './ProjectStore.ts';

type Tab = 'active' | 'archived';

function matches(project: Project, query: string): boolean {
  const q = query.trim().toLowerCase();
  return !q || project.name.toLowerCase().includes(q) || project.identifier.toLowerCase().includes(q);
}

/** The workspace's projects (`/{slug}/projects`), or its archived ones (`/{slug}/projects/archives`). */
export const ProjectsScreen = observer(function ProjectsScreen({ slug, tab }: { slug: string; tab: Tab }) {
  const navigate = useNavigate();
  const { projects, workspaces } = useStores();
  const workspace = workspaces.get(slug);
  const [order, setOrder] = useState<ProjectOrdering>('created_at');
  const [query, setQuery] = useState('');
  const setTab = (next: Tab) =>
    navigate({
      to: next === 'archived' ? '/$workspaceSlug/projects/archives' : '/$workspaceSlug/projects',
      params: { workspaceSlug: slug },
    });
  const [creating, setCreating] = useState(false);
  const [loading, setLoading] = useState(true);
  const canCreate = hasRole(workspace?.role, ROLE.MEMBER);

  useEffect(() => {
    setLoading(true);
    projects
      .fetchProjects(slug, order)
      .catch((error) => toastError(error))
      .finally(() => setLoading(false));
  }, [projects, slug, order]);

  const all = projects.projectsOf(slug);
  const inTab = all.filter((p) => (tab === 'archived' ? p.archived_at : !p.archived_at));
  const shown = inTab.filter((p) => matches(p, query));
  const archivedCount = all.filter((p) => p.archived_at).length;

  const createButton = canCreate && (
    <Button variant="primary" onClick={() => setCreating(true)}>
      <Plus className="size-4" aria-hidden /> Create project
    </Button>
  );

  return (
    <>
      <PageHeader title="Projects" icon={<FolderKanban className="size-4" />} actions={createButton} />
      <main className="flex-1 overflow-y-auto">
        <div className="mx-auto flex max-w-5xl flex-col gap-5 px-6 py-8">
          <div className="flex flex-wrap items-center gap-3">
            <div role="tablist" aria-label="Project list" className="flex gap-1 rounded-lg bg-surface-2 p-1">
              {(['active', 'archived'] as const).map((t) => (
                <button
                  key={t}
                  type="button"
                  role="tab"
                  aria-selected={tab === t}
                  onClick={() => setTab(t)}
                  className={clsx(
                    'rounded-md px-3 py-1 text-sm font-medium',
                    tab === t ? 'bg-canvas text-fg shadow-xs' : 'text-fg-muted hover:text-fg',
                  )}
                >
                  {t === 'active' ? 'Projects' : `Archived${archivedCount ? ` (${archivedCount})` : ''}`}
                </button>
              ))}
            </div>
            <div className="relative ml-auto w-64 max-w-full">
              <Search
                className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-fg-subtle"
                aria-hidden
              />
              <Input
                type="search"
                aria-label="Search projects"
                placeholder="Search by name or identifier"
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                className="pl-8"
              />
            </div>
            <div className="w-44 shrink-0">
              <Select
                aria-label="Sort projects"
                value={order}
                onChange={(e) => setOrder(e.target.value as ProjectOrdering)}
              >
                {(Object.keys(PROJECT_ORDERING_LABELS) as ProjectOrdering[]).map((o) => (
                  <option key={o} value={o}>
                    {PROJECT_ORDERING_LABELS[o]}
                  </option>
                ))}
              </Select>
            </div>
          </div>

          {loading && !projects.isLoaded(slug) ? (
            <PageLoader label="Loading projects" />
          ) : inTab.length === 0 ? (
            tab === 'archived' ? (
              <EmptyState
                icon={<Archive className="size-5" />}
                title="No archived projects"
                description="Archived projects are read-only and listed here until restored."
              />
            ) : (
              <EmptyState
                icon={<FolderKanban className="size-5" />}
                title="No projects yet"
                description="Projects group work items, cycles and modules for a team or a goal."
                action={createButton}
              />
            )
          ) : shown.length === 0 ? (
            <EmptyState
              icon={<Search className="size-5" />}
              title="No matching projects"
              description={`Nothing matches “${query.trim()}”.`}
            />
          ) : (
            <ul
              aria-label={tab === 'archived' ? 'Archived projects' : 'Projects'}
              className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
            >
              {shown.map((project) => (
                <ProjectCard
                  key={project.id}
                  slug={slug}
                  project={project}
                  workspaceRole={workspace?.role ?? null}
                />
              ))}
            </ul>
          )}
        </div>
      </main>
      <CreateProjectDialog slug={slug} open={creating} onOpenChange={setCreating} />
    </>
  );
});

const ProjectCard = observer(function ProjectCard({
  slug,
  project,
  workspaceRole,
}: {
  slug: string;
  project: Project;
  workspaceRole: number | null;
}) {
  const { projects } = useStores();
  const [joining, setJoining] = useState(false);
  const [restoring, setRestoring] = useState(false);
  const isAdmin =
    hasRole(project.member_role, ROLE.ADMIN) || (project.is_member && hasRole(workspaceRole, ROLE.ADMIN));

  const toggleFavorite = async () => {
    try {
      await projects.toggleFavorite(slug, project.id);
    } catch (error) {
      toastError(error);
    }
  };

  const join = async () => {
    setJoining(true);
    try {
      await projects.join(slug, project.id);
      toast.success(`You joined ${project.name}`);
    } catch (error) {
      toastError(error);
    } finally {
      setJoining(false);
    }
  };

  const restore = async () => {
    setRestoring(true);
    try {
      await projects.restore(slug, project.id);
      toast.success(`${project.name} restored`);
    } catch (error) {
      toastError(error);
    } finally {
      setRestoring(false);
    }
  };

  const title = (
    <div className="flex min-w-0 items-center gap-3">
      <ProjectLogo project={project} />
      <div className="min-w-0">
        <p className="truncate text-sm font-semibold text-fg">{project.name}</p>
        <p className="font-mono text-xs text-fg-muted">{project.identifier}</p>
      </div>
    </div>
  );

  return (
    <li
      aria-label={project.name}
      className="flex flex-col gap-4 rounded-xl border border-border bg-canvas p-4 shadow-xs transition-colors hover:border-border-strong"
    >
      <div className="flex items-start justify-between gap-2">
        {project.is_member && !project.archived_at ? (
          <Link
            to="/$workspaceSlug/projects/$projectId/issues"
            params={{ workspaceSlug: slug, projectId: project.id }}
            className="min-w-0 rounded-md hover:underline"
          >
            {title}
          </Link>
        ) : (
          title
        )}
        {project.is_member && !project.archived_at && (
          <IconButton
            size="sm"
            label={
              project.is_favorite
                ? `Remove ${project.name} from favorites`
                : `Add ${project.name} to favorites`
            }
            aria-pressed={project.is_favorite}
            onClick={toggleFavorite}
          >
            <Star
              className={clsx('size-4', project.is_favorite && 'fill-amber-400 text-amber-500')}
              aria-hidden
            />
          </IconButton>
        )}
      </div>
      {project.description && <p className="line-clamp-2 text-sm text-fg-muted">{project.description}</p>}
      <div className="mt-auto flex items-center gap-3 text-xs text-fg-muted">
        <span className="inline-flex items-center gap-1">
          <Users className="size-3.5" aria-hidden />
          {project.total_members} {project.total_members === 1 ? 'member' : 'members'}
        </span>
        <span className="inline-flex items-center gap-1">
          {project.network === 2 ? (
            <>
              <Globe className="size-3.5" aria-hidden /> Public
            </>
          ) : (
            <>
              <Lock className="size-3.5" aria-hidden /> Private
            </>
          )}
        </span>
        <span className="ml-auto flex items-center gap-1.5">
          {project.archived_at ? (
            isAdmin && (
              <Button size="sm" onClick={restore} loading={restoring} aria-label={`Restore ${project.name}`}>
                Restore
              </Button>
            )
          ) : project.is_member ? (
            <>
              <span className="rounded-full bg-success-soft px-2 py-0.5 font-medium text-success">
                Joined
              </span>
              <Link
                to="/$workspaceSlug/settings/projects/$projectId"
                params={{ workspaceSlug: slug, projectId: project.id }}
                aria-label={`Settings of ${project.name}`}
                className="rounded-md p-1 text-fg-subtle hover:bg-surface-2 hover:text-fg"
              >
                <Settings className="size-3.5" aria-hidden />
              </Link>
            </>
          ) : (
            <Button
              size="sm"
              variant="primary"
              onClick={join}
              loading={joining}
              aria-label={`Join ${project.name}`}
            >
              Join
            </Button>
          )}
        </span>
      </div>
    </li>
  );
});

const activeRoute = getRouteApi('/authed/$workspaceSlug/projects');
const archivesRoute = getRouteApi('/authed/$workspaceSlug/projects/archives');

/** The screens of routes/ProjectsRoute.tsx, given the URL's workspace. */
export function ProjectsRouteScreen() {
  return <ProjectsScreen slug={activeRoute.useParams().workspaceSlug} tab="active" />;
}

export function ProjectArchivesRouteScreen() {
  return <ProjectsScreen slug={archivesRoute.useParams().workspaceSlug} tab="archived" />;
}
