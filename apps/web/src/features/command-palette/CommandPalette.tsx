import { ROLE } from '@kite/shared/domain';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { Command } from 'cmdk';
import {
  CircleDot,
  FilePlus,
  FileText,
  FolderKanban,
  House,
  Import,
  Inbox,
  Layers,
  Palette,
  Plus,
  Search,
  Settings,
  SquareArrowOutUpRight,
  UserRound,
  Users,
} from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { pageStoreOf } from '../pages/pageStoreOf.ts';
import { ProjectLogo } from '../projects/ProjectLogo.tsx';
import { viewLink } from '../views/viewLinks.ts';
import {
  closePalette,
  listCommands,
  type Command as PaletteCommand,
  paletteState,
  requestBoardAction,
} from './registry.ts';
import {
  type IntakeHit,
  type IssueHit,
  matchesText,
  type PageHit,
  PaletteSearch,
  type ViewHit,
} from './search.ts';

const GROUP_ICONS: Record<string, ReactNode> = {
  Actions: <CircleDot className="size-4" />,
  Navigation: <SquareArrowOutUpRight className="size-4" />,
};

const COMMAND_ICONS: Record<string, ReactNode> = {
  'issue.create': <Plus className="size-4" />,
  'go.home': <House className="size-4" />,
  'go.projects': <FolderKanban className="size-4" />,
  'go.notifications': <Inbox className="size-4" />,
  'go.intake': <Import className="size-4" />,
  'go.pages': <FileText className="size-4" />,
  'page.create': <FilePlus className="size-4" />,
  'go.workspace-settings': <Settings className="size-4" />,
  'go.workspace-members': <Users className="size-4" />,
  'go.profile': <UserRound className="size-4" />,
  'go.preferences': <Palette className="size-4" />,
};

const itemClasses =
  'flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm text-fg select-none data-[selected=true]:bg-surface-2';
const groupClasses =
  'px-1 pb-1 [&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-fg-subtle';

/** The workspace-wide commands: navigation, and "Create work item" away from a board. */
function useWorkspaceCommands(slug: string): () => PaletteCommand[] {
  const stores = useStores();
  const { projects, views, workspaces } = stores;
  const navigate = useNavigate();
  const router = useRouter();
  return () => {
    const joined = projects.joinedOf(slug);
    const path = router.state.location.pathname;
    const current = /\/projects\/([^/]+)/.exec(path)?.[1];
    const inProject = joined.find((p) => p.id === current);
    const target = inProject ?? joined[0];
    const commands: PaletteCommand[] = [];
    if (target)
      commands.push({
        id: 'issue.create',
        title: 'Create work item',
        group: 'Actions',
        keywords: `new issue ${target.name}`,
        keys: ['c'],
        run: () => {
          requestBoardAction('issue.create');
          void navigate({
            to: '/$workspaceSlug/projects/$projectId/issues',
            params: { workspaceSlug: slug, projectId: target.id },
          });
        },
      });
    // "Create page" in the open project (or the first with pages): made at once, then opened.
    const pagesTarget = inProject?.page_view ? inProject : joined.find((p) => p.page_view);
    if (pagesTarget && (pagesTarget.member_role ?? 0) >= ROLE.MEMBER)
      commands.push({
        id: 'page.create',
        title: 'Create page',
        group: 'Actions',
        keywords: `new page document ${pagesTarget.name}`,
        run: () =>
          void pageStoreOf(stores)
            .create(slug, pagesTarget.id)
            .then((page) => {
              if (page)
                void navigate({
                  to: '/$workspaceSlug/projects/$projectId/pages/$pageId',
                  params: { workspaceSlug: slug, projectId: pagesTarget.id, pageId: page.id },
                });
            }),
      });
    const go = (id: string, title: string, to: string, keywords?: string): PaletteCommand => ({
      id,
      title,
      group: 'Navigation',
      keywords,
      run: () => void navigate({ to, params: { workspaceSlug: slug } } as never),
    });
    if (inProject)
      for (const [id, title, to] of [
        ['go.drafts', `Go to drafts of ${inProject.name}`, '/$workspaceSlug/projects/$projectId/drafts'],
        ...(inProject.issue_views_view
          ? ([
              [
                'go.project-views',
                `Go to views of ${inProject.name}`,
                '/$workspaceSlug/projects/$projectId/views',
              ],
            ] as const)
          : []),
        ...(inProject.page_view
          ? ([
              ['go.pages', `Go to pages of ${inProject.name}`, '/$workspaceSlug/projects/$projectId/pages'],
            ] as const)
          : []),
        ...(inProject.intake_view
          ? ([
              [
                'go.intake',
                `Go to intake of ${inProject.name}`,
                '/$workspaceSlug/projects/$projectId/intake',
              ],
            ] as const)
          : []),
        [
          'go.archived-issues',
          `Go to archived work items of ${inProject.name}`,
          '/$workspaceSlug/projects/$projectId/archives/issues',
        ],
      ] as const)
        commands.push({
          id,
          title,
          group: 'Navigation',
          run: () => void navigate({ to, params: { workspaceSlug: slug, projectId: inProject.id } }),
        });
    commands.push(
      go('go.home', 'Go to home', '/$workspaceSlug'),
      go('go.projects', 'Go to projects', '/$workspaceSlug/projects'),
      go('go.notifications', 'Go to notifications', '/$workspaceSlug/notifications', 'inbox unread'),
      go('go.views', 'Go to views', '/$workspaceSlug/workspace-views', 'all work items assigned subscribed'),
      go('go.workspace-settings', 'Workspace settings', '/$workspaceSlug/settings', 'general'),
      go('go.workspace-members', 'Workspace members', '/$workspaceSlug/settings/members', 'invite'),
      go('go.profile', 'Profile settings', '/settings/profile/general', 'account'),
      go('go.preferences', 'Preferences', '/settings/profile/preferences', 'theme dark light'),
    );
    // Favorite saved views already loaded (their lists or pages were opened): one step to each.
    const workspaceId = workspaces.get(slug)?.id;
    for (const view of workspaceId ? views.favoritesIn(workspaceId) : [])
      commands.push({
        id: `go.view.${view.id}`,
        title: `Open view ${view.name}`,
        group: 'Navigation',
        keywords: 'favorite saved view',
        run: () => void navigate(viewLink({ slug, projectId: view.project }, view.id)),
      });
    return commands;
  };
}

/** Calls `performance.mark(name)` on the frame after results for a text are on screen (the benchmark reads it). */
function useResultsMark(name: string, key: string, active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const frame = requestAnimationFrame(() => performance.mark(name, { detail: key }));
    return () => cancelAnimationFrame(frame);
  }, [name, key, active]);
}

/**
 * The command palette (Ctrl/Cmd-K): the registered actions, navigation, projects and work-item
 * search (instant matches from the store, then the server's). `/` opens it for work items only.
 * Mounted while open, so every opening starts afresh.
 */
const CommandPalette = observer(function CommandPalette({ slug }: { slug: string }) {
  const stores = useStores();
  const navigate = useNavigate();
  const router = useRouter();
  const [search] = useState(() => new PaletteSearch(stores, slug));
  const [query, setQuery] = useState('');
  const searchOnly = paletteState.mode === 'search';
  const workspaceCommands = useWorkspaceCommands(slug);
  useEffect(() => search.dispose, [search]);

  const onQuery = (text: string) => {
    setQuery(text);
    search.setQuery(text);
  };

  // Read once per opening (the palette mounts on each); a screen's command replaces the workspace's of the same id.
  const [available] = useState(() => (searchOnly ? [] : listCommands(workspaceCommands())));
  const commands = useMemo(
    () => available.filter((c) => matchesText(query, c.title, c.keywords)),
    [available, query],
  );
  const projects = useMemo(() => {
    if (!query.trim()) return [];
    const local = stores.projects
      .joinedOf(slug)
      .filter((p) => matchesText(query, p.name, p.identifier))
      .map((p) => ({ id: p.id, name: p.name, identifier: p.identifier }));
    const seen = new Set(local.map((p) => p.id));
    return [...local, ...search.projects.filter((p) => !seen.has(p.id))].slice(0, 6);
  }, [query, stores.projects, slug, search.projects]);
  const issues = search.issues;
  const groups = groupBy(commands);
  const pages = search.pages;
  const views = search.views;
  const intake = search.intake;
  const nothing =
    commands.length === 0 &&
    issues.length === 0 &&
    projects.length === 0 &&
    pages.length === 0 &&
    views.length === 0 &&
    intake.length === 0;

  useResultsMark('palette:results', query, true);
  useResultsMark('palette:server-results', query, search.serverCurrent);

  const run = (action: () => void) => {
    closePalette();
    // After the dialog has closed and handed the focus back.
    requestAnimationFrame(action);
  };

  const openIssue = (hit: IssueHit) =>
    run(() => {
      const board = `/${slug}/projects/${hit.projectId}/issues`;
      if (router.state.location.pathname === board)
        void navigate({
          to: '/$workspaceSlug/projects/$projectId/issues',
          params: { workspaceSlug: slug, projectId: hit.projectId },
          search: (prev) => ({ ...prev, peekId: hit.id }),
        });
      else
        void navigate({
          to: '/$workspaceSlug/projects/$projectId/issues/$issueId',
          params: { workspaceSlug: slug, projectId: hit.projectId, issueId: hit.id },
        });
    });

  const openPage = (page: PageHit) =>
    run(
      () =>
        void navigate({
          to: '/$workspaceSlug/projects/$projectId/pages/$pageId',
          params: { workspaceSlug: slug, projectId: page.projectId, pageId: page.id },
        }),
    );
  const openView = (view: ViewHit) =>
    run(() => void navigate(viewLink({ slug, projectId: view.projectId }, view.id)));
  const openIntake = (hit: IntakeHit) =>
    run(
      () =>
        void navigate({
          to: '/$workspaceSlug/projects/$projectId/intake/$inboxId',
          params: { workspaceSlug: slug, projectId: hit.projectId, inboxId: hit.issueId },
        }),
    );
  const openProject = (projectId: string) =>
    run(
      () =>
        void navigate({
          to: '/$workspaceSlug/projects/$projectId/issues',
          params: { workspaceSlug: slug, projectId },
        }),
    );

  return (
    <Command.Dialog
      open
      onOpenChange={(next) => (next ? undefined : closePalette())}
      label="Command palette"
      shouldFilter={false}
      loop
      overlayClassName="fixed inset-0 z-40 bg-overlay"
      contentClassName="fixed top-[12vh] left-1/2 z-50 flex max-h-[70vh] w-[calc(100vw-2rem)] max-w-xl -translate-x-1/2 flex-col overflow-hidden rounded-xl border border-border bg-canvas shadow-2xl"
    >
      <div className="flex items-center gap-2 border-b border-border px-4">
        <Search className="size-4 shrink-0 text-fg-subtle" aria-hidden />
        <Command.Input
          value={query}
          onValueChange={onQuery}
          placeholder={searchOnly ? 'Search work items…' : 'Type a command or search work items…'}
          className="h-12 min-w-0 flex-1 bg-transparent text-sm text-fg placeholder:text-fg-subtle"
          // The global focus ring (unlayered CSS) would box the field inside the dialog's own frame.
          style={{ outline: 'none' }}
        />
        {search.loading && <Spinner size="sm" label="Searching" />}
      </div>
      <Command.List className="min-h-0 flex-1 overflow-y-auto py-1" label="Results">
        {nothing && !search.loading && (
          <Command.Empty className="px-4 py-8 text-center text-sm text-fg-muted">
            {query.trim() ? 'No results' : 'Type to search work items'}
          </Command.Empty>
        )}
        {nothing && search.loading && (
          <Command.Loading className="px-4 py-8 text-center text-sm text-fg-muted">
            Searching…
          </Command.Loading>
        )}
        {issues.length > 0 && (
          <Command.Group heading="Work items" className={groupClasses}>
            {issues.map((hit) => (
              <Command.Item
                key={hit.id}
                value={`issue:${hit.id}`}
                onSelect={() => openIssue(hit)}
                className={itemClasses}
              >
                <span className="w-16 shrink-0 font-mono text-xs text-fg-muted">{hit.key}</span>
                <span className="min-w-0 flex-1 truncate">{hit.name}</span>
              </Command.Item>
            ))}
          </Command.Group>
        )}
        {projects.length > 0 && (
          <Command.Group heading="Projects" className={groupClasses}>
            {projects.map((project) => {
              const known = stores.projects.get(slug, project.id);
              return (
                <Command.Item
                  key={project.id}
                  value={`project:${project.id}`}
                  onSelect={() => openProject(project.id)}
                  className={itemClasses}
                >
                  {known ? (
                    <ProjectLogo project={known} size="sm" />
                  ) : (
                    <FolderKanban className="size-4 text-fg-muted" aria-hidden />
                  )}
                  <span className="min-w-0 flex-1 truncate">{project.name}</span>
                  <span className="font-mono text-xs text-fg-subtle">{project.identifier}</span>
                </Command.Item>
              );
            })}
          </Command.Group>
        )}
        {pages.length > 0 && (
          <Command.Group heading="Pages" className={groupClasses}>
            {pages.map((page) => (
              <Command.Item
                key={page.id}
                value={`page:${page.id}`}
                onSelect={() => openPage(page)}
                className={itemClasses}
              >
                <FileText className="size-4 text-fg-muted" aria-hidden />
                <span className="min-w-0 flex-1 truncate">{page.name}</span>
                <span className="font-mono text-xs text-fg-subtle">
                  {stores.projects.get(slug, page.projectId)?.identifier}
                </span>
              </Command.Item>
            ))}
          </Command.Group>
        )}
        {views.length > 0 && (
          <Command.Group heading="Views" className={groupClasses}>
            {views.map((view) => (
              <Command.Item
                key={view.id}
                value={`view:${view.id}`}
                onSelect={() => openView(view)}
                className={itemClasses}
              >
                <Layers className="size-4 text-fg-muted" aria-hidden />
                <span className="min-w-0 flex-1 truncate">{view.name}</span>
                <span className="font-mono text-xs text-fg-subtle">
                  {view.projectId ? stores.projects.get(slug, view.projectId)?.identifier : 'Workspace'}
                </span>
              </Command.Item>
            ))}
          </Command.Group>
        )}
        {intake.length > 0 && (
          <Command.Group heading="Intake" className={groupClasses}>
            {intake.map((hit) => (
              <Command.Item
                key={hit.issueId}
                value={`intake:${hit.issueId}`}
                onSelect={() => openIntake(hit)}
                className={itemClasses}
              >
                <Import className="size-4 text-fg-muted" aria-hidden />
                <span className="min-w-0 flex-1 truncate">{hit.name}</span>
                <span className="font-mono text-xs text-fg-subtle">{hit.key}</span>
              </Command.Item>
            ))}
          </Command.Group>
        )}
        {groups.map(([group, list]) => (
          <Command.Group key={group} heading={group} className={groupClasses}>
            {list.map((command) => (
              <Command.Item
                key={command.id}
                value={`command:${command.id}`}
                onSelect={() => run(command.run)}
                className={itemClasses}
              >
                <span className="flex size-4 shrink-0 items-center justify-center text-fg-muted" aria-hidden>
                  {COMMAND_ICONS[command.id] ?? GROUP_ICONS[group] ?? <CircleDot className="size-4" />}
                </span>
                <span className="min-w-0 flex-1 truncate">{command.title}</span>
                {command.keys?.[0] && (
                  <kbd className="rounded border border-border bg-surface px-1.5 font-mono text-[11px] text-fg-muted uppercase">
                    {command.keys[0]}
                  </kbd>
                )}
              </Command.Item>
            ))}
          </Command.Group>
        ))}
      </Command.List>
      <div className="flex items-center gap-4 border-t border-border bg-surface px-4 py-2 text-xs text-fg-subtle">
        <span>
          <kbd className="font-mono">↑↓</kbd> to move
        </span>
        <span>
          <kbd className="font-mono">↵</kbd> to open
        </span>
        <span>
          <kbd className="font-mono">esc</kbd> to close
        </span>
      </div>
    </Command.Dialog>
  );
});

function groupBy(commands: PaletteCommand[]): [string, PaletteCommand[]][] {
  const groups = new Map<string, PaletteCommand[]>();
  for (const command of commands) {
    const list = groups.get(command.group) ?? [];
    list.push(command);
    groups.set(command.group, list);
  }
  return [...groups.entries()];
}

export default CommandPalette;
