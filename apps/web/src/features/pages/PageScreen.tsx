import { PAGE_ACCESS, PAGE_TITLE_AUTOSAVE_MS, type Page } from '@kite/shared/contracts';
import { createLazyRoute, Link, useNavigate, useParams } from '@tanstack/react-router';
import clsx from 'clsx';
import {
  Archive,
  ArchiveRestore,
  EyeOff,
  FileQuestion,
  FileText,
  Globe,
  LockKeyhole,
  LockOpen,
  MoveHorizontal,
} from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { Avatar } from '../../ui/Avatar.tsx';
import { Button, buttonClasses, IconButton } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PageLoader } from '../../ui/Spinner.tsx';
import { Tooltip } from '../../ui/Tooltip.tsx';
import { PageHeader } from '../app-shell/PageHeader.tsx';
import type { EditorServices } from '../editor/editorServices.ts';
import { FavoriteToggle } from '../planning/PlanningParts.tsx';
import { ProjectLogo } from '../projects/ProjectLogo.tsx';
import { caretColor, type Peer } from './collaboration.ts';
import { PageActions } from './PageActions.tsx';
import type { PageStore } from './PageStore.ts';
import { pagePermissions, readOnlyReason } from './pageRules.ts';
import { pageStoreOf } from './pageStoreOf.ts';
import { uploadPageImage } from './uploadPageImage.ts';
import { lookupWorkItem } from './workItemCards.ts';

// Tiptap, Yjs and the Hocuspocus provider load with the page's body only (their own chunk).
const PageEditor = lazy(() => import('./PageEditor.tsx'));

/** How often an open page reads its properties again when no other editor signals a change. */
const REFRESH_MS = 15_000;

type TitleStatus = 'idle' | 'saving' | 'saved';

/**
 * The title, saved PAGE_TITLE_AUTOSAVE_MS after the last keystroke (spec §9) with its status;
 * a refused save puts the stored name back (the store toasts why).
 */
function useTitle(
  store: PageStore,
  slug: string,
  projectId: string,
  page: Page | undefined,
  onSaved: () => void,
) {
  const [draft, setDraft] = useState(page?.name ?? '');
  const [status, setStatus] = useState<TitleStatus>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<string | null>(null);
  const pageId = page?.id;
  const stored = page?.name;

  // Someone else renamed it (or a refresh): follow unless this user is typing.
  useEffect(() => {
    if (pending.current === null && stored !== undefined) setDraft(stored);
  }, [stored]);

  const flush = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const name = pending.current;
    pending.current = null;
    if (name === null || !pageId) return;
    if (name.trim() === (store.get(pageId)?.name ?? '')) {
      setStatus('saved');
      return;
    }
    const ok = await store.rename(slug, projectId, pageId, name.trim());
    if (ok) {
      setStatus('saved');
      onSaved();
    } else {
      setStatus('idle');
      if (pending.current === null) setDraft(store.get(pageId)?.name ?? '');
    }
  }, [store, slug, projectId, pageId, onSaved]);

  useEffect(
    () => () => {
      void flush();
    },
    [flush],
  );

  const change = (name: string) => {
    setDraft(name);
    pending.current = name;
    setStatus('saving');
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), PAGE_TITLE_AUTOSAVE_MS);
  };
  return { draft, status, change, flush };
}

/** The title: a textarea that grows with its text, Enter moves to the body. */
function TitleInput({
  value,
  readOnly,
  onChange,
  onEnter,
}: {
  value: string;
  readOnly: boolean;
  onChange: (value: string) => void;
  onEnter: () => void;
}) {
  const ref = useRef<HTMLTextAreaElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the text
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${el.scrollHeight}px`;
  }, [value]);
  return (
    <textarea
      ref={ref}
      aria-label="Page title"
      placeholder="Untitled"
      rows={1}
      maxLength={255}
      value={value}
      readOnly={readOnly}
      onChange={(e) => onChange(e.target.value.replace(/\n/g, ' '))}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          onEnter();
        }
      }}
      className="w-full resize-none overflow-hidden bg-transparent text-3xl font-bold text-fg outline-none placeholder:text-fg-subtle"
    />
  );
}

function Peers({ peers }: { peers: Peer[] }) {
  if (peers.length === 0) return null;
  const names = [...new Set(peers.map((p) => p.name))];
  return (
    <ul className="flex items-center -space-x-1.5" aria-label="Also editing">
      {peers.slice(0, 5).map((peer) => (
        <li
          key={peer.clientId}
          title={peer.name}
          className="rounded-full ring-2"
          style={{ ['--tw-ring-color' as string]: peer.color }}
        >
          <Avatar name={peer.name} size="xs" />
          <span className="sr-only">{peer.name}</span>
        </li>
      ))}
      {names.length > 0 && <li className="sr-only">{names.join(', ')} editing</li>}
    </ul>
  );
}

function HeaderToggle({
  label,
  hint,
  pressed,
  disabled,
  onClick,
  children,
}: {
  label: string;
  hint?: string;
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <Tooltip content={hint ?? label}>
      <span>
        <IconButton size="sm" label={label} aria-pressed={pressed} disabled={disabled} onClick={onClick}>
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** One page (`/{ws}/projects/{id}/pages/{pageId}`): title, properties, banner, collaborative body. */
export const PageScreen = observer(function PageScreen({
  slug,
  projectId,
  pageId,
}: {
  slug: string;
  projectId: string;
  pageId: string;
}) {
  const stores = useStores();
  const store = pageStoreOf(stores);
  const navigate = useNavigate();
  const project = stores.projects.get(slug, projectId);
  const page = store.get(pageId);
  const user = stores.user.user;
  const userId = user?.id ?? '';
  const role = project?.member_role ?? 0;
  const [peers, setPeers] = useState<Peer[]>([]);
  const [connection, setConnection] = useState<'connecting' | 'synced' | 'offline'>('connecting');
  const [changeSignal, setChangeSignal] = useState(0);
  const signalChange = useCallback(() => setChangeSignal((n) => n + 1), []);
  const refresh = useCallback(() => {
    void store.fetchPage(slug, projectId, pageId).catch(() => undefined);
  }, [store, slug, projectId, pageId]);
  const title = useTitle(store, slug, projectId, page, signalChange);
  const body = useRef<HTMLDivElement>(null);

  // Properties others change (lock, access, archive) arrive by their signal; this is the fallback.
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') refresh();
    }, REFRESH_MS);
    window.addEventListener('focus', refresh);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', refresh);
    };
  }, [refresh]);

  const services = useMemo<EditorServices>(
    () => ({
      uploadImage: (file) => uploadPageImage(slug, projectId, pageId, file),
      mentions: {
        slug,
        candidates: () =>
          stores.members
            .membersOf(slug)
            .filter((m) => m.is_active)
            .map((m) => ({ id: m.member.id, display_name: m.member.display_name })),
      },
      workItems: { lookup: (key) => lookupWorkItem(stores, slug, key) },
    }),
    [stores, slug, projectId, pageId],
  );

  if (!project) return <PageLoader label="Loading project" />;
  const pagesLink = (
    <Link
      to="/$workspaceSlug/projects/$projectId/pages"
      params={{ workspaceSlug: slug, projectId }}
      className={buttonClasses('secondary', 'md')}
    >
      Back to pages
    </Link>
  );
  if (!page) {
    return (
      <main className="flex flex-1 items-center justify-center p-6" aria-label="Page">
        {store.isMissing(pageId) ? (
          <EmptyState
            icon={<FileQuestion className="size-5" />}
            title="Page not found"
            description="It does not exist, was deleted, or is private to someone else."
            action={pagesLink}
          />
        ) : (
          <EmptyState
            icon={<FileText className="size-5" />}
            title="The page could not be loaded"
            description="Failed to fetch the page, Please try again later."
            action={<Button onClick={refresh}>Try again</Button>}
          />
        )}
      </main>
    );
  }

  const can = pagePermissions(page, userId, role);
  const reason = readOnlyReason(page, can);
  const archived = page.archived_at !== null;
  const isPrivate = page.access === PAGE_ACCESS.PRIVATE;
  const fullWidth = !!page.view_props.full_width;
  const after = (ok: boolean) => ok && signalChange();

  return (
    <>
      <PageHeader
        title={
          <span className="flex min-w-0 items-center gap-2">
            <ProjectLogo project={project} size="sm" />
            <Link
              to="/$workspaceSlug/projects/$projectId/pages"
              params={{ workspaceSlug: slug, projectId }}
              className="shrink-0 text-fg-muted hover:text-fg"
            >
              {project.name} / Pages
            </Link>
            <span className="text-fg-subtle">/</span>
            <span className="truncate">{page.name || 'Untitled'}</span>
          </span>
        }
        actions={
          <>
            <span
              aria-live="polite"
              className="text-xs whitespace-nowrap text-fg-subtle"
              data-testid="title-status"
            >
              {title.status === 'saving' ? 'Saving…' : title.status === 'saved' ? 'Saved' : ''}
            </span>
            <Peers peers={peers} />
            {connection === 'offline' && <span className="text-xs text-warning">Offline</span>}
            <FavoriteToggle
              on={page.is_favorite}
              toggle={() => store.toggleFavorite(slug, projectId, page.id).then(() => undefined)}
            />
            <HeaderToggle
              label={page.is_locked ? 'Unlock page' : 'Lock page'}
              hint={can.canLock ? undefined : 'Only members and the owner can lock'}
              pressed={page.is_locked}
              disabled={!can.canLock}
              onClick={() => void store.setLocked(slug, projectId, page.id, !page.is_locked).then(after)}
            >
              {page.is_locked ? (
                <LockKeyhole className="size-3.5" aria-hidden />
              ) : (
                <LockOpen className="size-3.5" aria-hidden />
              )}
            </HeaderToggle>
            <HeaderToggle
              label={isPrivate ? 'Make public' : 'Make private'}
              hint={
                can.canChangeAccess
                  ? undefined
                  : can.owner
                    ? 'Restore the page to change its access'
                    : 'Only the owner can change the access'
              }
              pressed={isPrivate}
              disabled={!can.canChangeAccess}
              onClick={() =>
                void store
                  .setAccess(slug, projectId, page.id, isPrivate ? PAGE_ACCESS.PUBLIC : PAGE_ACCESS.PRIVATE)
                  .then(after)
              }
            >
              {isPrivate ? (
                <EyeOff className="size-3.5" aria-hidden />
              ) : (
                <Globe className="size-3.5" aria-hidden />
              )}
            </HeaderToggle>
            <HeaderToggle
              label={archived ? 'Restore page' : 'Archive page'}
              hint={!can.canArchive ? 'Only the owner or a project admin can archive' : undefined}
              disabled={!can.canArchive}
              onClick={() => void store.setArchived(slug, projectId, page.id, !archived).then(after)}
            >
              {archived ? (
                <ArchiveRestore className="size-3.5" aria-hidden />
              ) : (
                <Archive className="size-3.5" aria-hidden />
              )}
            </HeaderToggle>
            <HeaderToggle
              label="Full width"
              pressed={fullWidth}
              disabled={!can.canEdit}
              hint={can.canEdit ? 'Full width' : 'Only editors change the width'}
              onClick={() => void store.setFullWidth(slug, projectId, page.id, !fullWidth)}
            >
              <MoveHorizontal className="size-3.5" aria-hidden />
            </HeaderToggle>
            <PageActions
              store={store}
              slug={slug}
              projectId={projectId}
              page={page}
              userId={userId}
              role={role}
              onChanged={signalChange}
              onDeleted={() =>
                void navigate({
                  to: '/$workspaceSlug/projects/$projectId/pages',
                  params: { workspaceSlug: slug, projectId },
                })
              }
            />
          </>
        }
      />
      {(page.is_locked || archived) && (
        <div
          role="status"
          className={clsx(
            'flex items-center gap-2 border-b px-6 py-2 text-sm',
            archived
              ? 'border-border bg-surface-2 text-fg-muted'
              : 'border-warning/30 bg-warning-soft text-warning',
          )}
        >
          {archived ? (
            <Archive className="size-4" aria-hidden />
          ) : (
            <LockKeyhole className="size-4" aria-hidden />
          )}
          <span className="font-medium">{reason}</span>
          <span className="text-fg-muted">
            {archived
              ? can.canArchive
                ? '— restore it to edit.'
                : '— it is read-only.'
              : can.canLock
                ? '— unlock it to edit.'
                : '— it is read-only.'}
          </span>
        </div>
      )}
      <main className="min-h-0 flex-1 overflow-y-auto" aria-label="Page">
        <div className={clsx('mx-auto px-8 py-10', fullWidth ? 'max-w-none' : 'max-w-3xl')}>
          <TitleInput
            value={title.draft}
            readOnly={!can.canEdit}
            onChange={title.change}
            onEnter={() => body.current?.querySelector<HTMLElement>('[contenteditable="true"]')?.focus()}
          />
          <div ref={body} className="mt-4">
            <Suspense fallback={<p className="text-sm text-fg-subtle">Loading the editor…</p>}>
              <PageEditor
                slug={slug}
                projectId={projectId}
                pageId={page.id}
                user={{
                  id: userId,
                  name: user?.display_name || stores.user.fullName || 'Someone',
                  color: caretColor(userId),
                }}
                editable={can.canEdit}
                services={services}
                changeSignal={changeSignal}
                onPeers={setPeers}
                onRemoteChange={refresh}
                onConnection={setConnection}
              />
            </Suspense>
          </div>
        </div>
      </main>
    </>
  );
});

function PageRouteScreen() {
  const { workspaceSlug = '', projectId = '', pageId = '' } = useParams({ strict: false });
  return (
    <PageScreen
      key={`${workspaceSlug}/${projectId}/${pageId}`}
      slug={workspaceSlug}
      projectId={projectId}
      pageId={pageId}
    />
  );
}

/** The lazily loaded half of the page route in routes/PagesRoute.tsx. */
export const PageLazyRoute = createLazyRoute('/authed/$workspaceSlug/projects/$projectId/pages/$pageId')({
  component: PageRouteScreen,
});
