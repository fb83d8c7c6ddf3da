import type { Workspace } from '@kite/shared/contracts';
import { Link, useRouterState } from '@tanstack/react-router';
import clsx from 'clsx';
import {
  Boxes,
  ChartColumn,
  FileText,
  FolderKanban,
  House,
  Import,
  Inbox,
  Layers,
  ListTodo,
  PanelLeftClose,
  PanelLeftOpen,
  Plus,
  RefreshCcw,
  Settings,
  Star,
} from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { IconButton } from '../../ui/Button.tsx';
import { Tooltip } from '../../ui/Tooltip.tsx';
import { UnreadBadge } from '../notifications/UnreadBadge.tsx';
import { ProjectLogo } from '../projects/ProjectLogo.tsx';
import { UserMenu } from './UserMenu.tsx';
import { useMediaQuery } from './useMediaQuery.ts';
import { useShortcut } from './useShortcut.ts';
import { WorkspaceSwitcher } from './WorkspaceSwitcher.tsx';

/** Loaded when first opened: the board's first paint does not need the form. */
const CreateProjectDialog = lazy(() =>
  import('../projects/CreateProjectDialog.tsx').then((m) => ({ default: m.CreateProjectDialog })),
);

const navLinkClasses = clsx(
  'flex items-center gap-2.5 rounded-md px-2 py-1.5 text-sm font-medium text-fg-muted transition-colors',
  'hover:bg-surface-2 hover:text-fg',
  'aria-[current=page]:bg-primary-soft aria-[current=page]:text-link',
);

function NavItem({
  to,
  slug,
  icon,
  label,
  collapsed,
  exact,
  badge,
}: {
  to:
    | '/$workspaceSlug'
    | '/$workspaceSlug/notifications'
    | '/$workspaceSlug/projects'
    | '/$workspaceSlug/workspace-views'
    | '/$workspaceSlug/analytics'
    | '/$workspaceSlug/settings';
  slug: string;
  icon: ReactNode;
  label: string;
  collapsed: boolean;
  exact?: boolean;
  /** Shown after the label (on the icon when collapsed). */
  badge?: ReactNode;
}) {
  return (
    <li>
      <Tooltip content={label} side="right" disabled={!collapsed}>
        <Link
          to={to}
          params={{ workspaceSlug: slug }}
          activeOptions={{ exact: !!exact }}
          aria-label={collapsed ? label : undefined}
          className={clsx(navLinkClasses, collapsed && 'justify-center px-0')}
        >
          <span className="relative flex size-4 shrink-0 items-center justify-center">
            <span aria-hidden>{icon}</span>
            {collapsed && badge}
          </span>
          {!collapsed && label}
          {!collapsed && badge}
        </Link>
      </Tooltip>
    </li>
  );
}

/** The app sidebar: workspace switcher, navigation, user menu; collapsible (kept in localStorage). */
export const Sidebar = observer(function Sidebar({ workspace }: { workspace: Workspace }) {
  const { sidebar } = useStores();
  // Narrow screens get the icon rail whatever the stored choice, which is left untouched.
  const narrow = useMediaQuery('(max-width: 767px)');
  const collapsed = sidebar.collapsed || narrow;
  useShortcut('[', sidebar.toggle);
  const toggleLabel = collapsed ? 'Expand sidebar' : 'Collapse sidebar';

  return (
    <aside
      aria-label="Sidebar"
      data-collapsed={collapsed}
      className={clsx(
        'flex h-full shrink-0 flex-col border-r border-border bg-surface transition-[width] duration-150',
        collapsed ? 'w-14' : 'w-62',
      )}
    >
      <div className="p-2">
        <WorkspaceSwitcher workspace={workspace} collapsed={collapsed} />
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto px-2 py-2">
        <ul className="flex flex-col gap-0.5">
          <NavItem
            to="/$workspaceSlug"
            slug={workspace.slug}
            icon={<House className="size-4" />}
            label="Home"
            collapsed={collapsed}
            exact
          />
          <NavItem
            to="/$workspaceSlug/notifications"
            slug={workspace.slug}
            icon={<Inbox className="size-4" />}
            label="Inbox"
            collapsed={collapsed}
            badge={<UnreadBadge slug={workspace.slug} collapsed={collapsed} />}
          />
          <NavItem
            to="/$workspaceSlug/projects"
            slug={workspace.slug}
            icon={<FolderKanban className="size-4" />}
            label="Projects"
            collapsed={collapsed}
          />
          <NavItem
            to="/$workspaceSlug/workspace-views"
            slug={workspace.slug}
            icon={<Layers className="size-4" />}
            label="Views"
            collapsed={collapsed}
          />
          <NavItem
            to="/$workspaceSlug/analytics"
            slug={workspace.slug}
            icon={<ChartColumn className="size-4" />}
            label="Analytics"
            collapsed={collapsed}
          />
        </ul>
        <SidebarProjects
          slug={workspace.slug}
          collapsed={collapsed}
          canCreate={(workspace.role ?? 0) >= 15}
        />
      </nav>
      <div className="flex flex-col gap-1 border-t border-border p-2">
        <ul>
          <NavItem
            to="/$workspaceSlug/settings"
            slug={workspace.slug}
            icon={<Settings className="size-4" />}
            label="Settings"
            collapsed={collapsed}
          />
        </ul>
        <div className={clsx('flex items-center gap-1', collapsed && 'flex-col')}>
          <UserMenu collapsed={collapsed} slug={workspace.slug} />
          {!narrow && (
            <Tooltip content={`${toggleLabel} ( [ )`} side="right">
              <IconButton label={toggleLabel} onClick={sidebar.toggle} aria-keyshortcuts="[">
                {collapsed ? (
                  <PanelLeftOpen className="size-4" aria-hidden />
                ) : (
                  <PanelLeftClose className="size-4" aria-hidden />
                )}
              </IconButton>
            </Tooltip>
          )}
        </div>
      </div>
    </aside>
  );
});

/** The caller's projects under "Projects", favorites first; a button to create one. */
const SidebarProjects = observer(function SidebarProjects({
  slug,
  collapsed,
  canCreate,
}: {
  slug: string;
  collapsed: boolean;
  canCreate: boolean;
}) {
  const { projects } = useStores();
  const [creating, setCreating] = useState(false);
  // Mounted from the first opening on, so that closing still animates.
  const [createMounted, setCreateMounted] = useState(false);
  if (creating && !createMounted) setCreateMounted(true);
  const loaded = projects.isLoaded(slug);
  useEffect(() => {
    // The projects screen loads them itself; elsewhere the sidebar asks once per workspace.
    if (!loaded) projects.fetchProjects(slug).catch(() => undefined);
  }, [projects, slug, loaded]);
  const mine = projects.joinedOf(slug);
  const pathname = useRouterState({ select: (state) => state.location.pathname });

  return (
    <div className="mt-4">
      {!collapsed && (
        <div className="flex items-center justify-between px-2 pb-1">
          <h2 className="text-xs font-semibold tracking-wide text-fg-subtle uppercase">Your projects</h2>
          {canCreate && (
            <IconButton size="sm" label="Create project" onClick={() => setCreating(true)}>
              <Plus className="size-3.5" aria-hidden />
            </IconButton>
          )}
        </div>
      )}
      {!collapsed && loaded && mine.length === 0 && (
        <p className="px-2 py-1 text-xs text-fg-subtle">You have not joined any project yet.</p>
      )}
      <ul aria-label="Your projects" className="flex flex-col gap-0.5">
        {mine.map((project) => (
          <li key={project.id}>
            <Tooltip content={project.name} side="right" disabled={!collapsed}>
              <Link
                to="/$workspaceSlug/projects/$projectId/issues"
                params={{ workspaceSlug: slug, projectId: project.id }}
                // Current on every page of the project (its drafts, archive, items), not its list only.
                aria-current={pathname.startsWith(`/${slug}/projects/${project.id}/`) ? 'page' : undefined}
                aria-label={collapsed ? project.name : undefined}
                className={clsx(navLinkClasses, collapsed && 'justify-center px-0')}
              >
                <ProjectLogo project={project} size="sm" />
                {!collapsed && (
                  <>
                    <span className="min-w-0 flex-1 truncate">{project.name}</span>
                    {project.is_favorite && (
                      <Star className="size-3 shrink-0 fill-amber-400 text-amber-500" aria-label="Favorite" />
                    )}
                  </>
                )}
              </Link>
            </Tooltip>
            {!collapsed && pathname.startsWith(`/${slug}/projects/${project.id}/`) && (
              <ProjectSections slug={slug} project={project} pathname={pathname} />
            )}
          </li>
        ))}
      </ul>
      {canCreate && createMounted && (
        <Suspense fallback={null}>
          <CreateProjectDialog slug={slug} open={creating} onOpenChange={setCreating} />
        </Suspense>
      )}
    </div>
  );
});

/** The open project's sections (architecture.md §6): its work items and, when switched on, cycles, modules, views, pages and intake. */
const ProjectSections = observer(function ProjectSections({
  slug,
  project,
  pathname,
}: {
  slug: string;
  project: {
    id: string;
    cycle_view: boolean;
    module_view: boolean;
    issue_views_view: boolean;
    page_view: boolean;
    intake_view: boolean;
  };
  pathname: string;
}) {
  const { intake } = useStores();
  const base = `/${slug}/projects/${project.id}`;
  // The intake's pending count, read when the project opens (triage here counts again).
  useEffect(() => {
    if (project.intake_view) void intake.refreshPending(slug, project.id);
  }, [intake, slug, project.id, project.intake_view]);
  const pending = project.intake_view ? intake.pendingOf(project.id) : undefined;
  const sections = [
    {
      to: '/$workspaceSlug/projects/$projectId/issues',
      label: 'Work items',
      icon: ListTodo,
      prefix: `${base}/issues`,
    },
    ...(project.cycle_view
      ? [
          {
            to: '/$workspaceSlug/projects/$projectId/cycles',
            label: 'Cycles',
            icon: RefreshCcw,
            prefix: `${base}/cycles`,
          },
        ]
      : []),
    ...(project.module_view
      ? [
          {
            to: '/$workspaceSlug/projects/$projectId/modules',
            label: 'Modules',
            icon: Boxes,
            prefix: `${base}/modules`,
          },
        ]
      : []),
    ...(project.issue_views_view
      ? [
          {
            to: '/$workspaceSlug/projects/$projectId/views',
            label: 'Views',
            icon: Layers,
            prefix: `${base}/views`,
          },
        ]
      : []),
    ...(project.page_view
      ? [
          {
            to: '/$workspaceSlug/projects/$projectId/pages',
            label: 'Pages',
            icon: FileText,
            prefix: `${base}/pages`,
          },
        ]
      : []),
    ...(project.intake_view
      ? [
          {
            to: '/$workspaceSlug/projects/$projectId/intake',
            label: 'Intake',
            icon: Import,
            prefix: `${base}/intake`,
          },
        ]
      : []),
  ] as const;
  return (
    <ul
      aria-label={`Sections of the project`}
      className="mt-0.5 ml-4 flex flex-col gap-0.5 border-l border-border pl-2"
    >
      {sections.map((section) => (
        <li key={section.label}>
          <Link
            to={section.to}
            params={{ workspaceSlug: slug, projectId: project.id }}
            aria-current={pathname.startsWith(section.prefix) ? 'page' : undefined}
            aria-label={section.label === 'Intake' && pending ? `Intake, ${pending} pending` : undefined}
            className={clsx(navLinkClasses, 'py-1 text-xs')}
          >
            <section.icon className="size-3.5" aria-hidden />
            {section.label}
            {section.label === 'Intake' && !!pending && (
              <span
                aria-hidden
                className="ml-auto rounded-full bg-primary-soft px-1.5 text-[10px] font-medium text-primary tabular-nums"
              >
                {pending}
              </span>
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
});
