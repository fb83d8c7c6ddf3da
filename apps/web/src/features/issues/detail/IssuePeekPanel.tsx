import { Link, useNavigate } from '@tanstack/react-router';
import { ChevronDown, ChevronUp, Maximize2, X } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useRef } from 'react';
import { IconButton } from '../../../ui/Button.tsx';
import { Tooltip } from '../../../ui/Tooltip.tsx';
import { IssueActions } from './IssueActions.tsx';
import { IssueDetailView } from './IssueDetailView.tsx';
import type { IssuePeekProps } from './IssuePeek.tsx';
import { useIssueDetail } from './useIssueDetail.ts';

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** The side panel: header (close, previous / next, full page, actions) and the shared detail view. */
const IssuePeekPanel = observer(function IssuePeekPanel({
  slug,
  projectId,
  route = '/$workspaceSlug/projects/$projectId/issues',
  issueId,
  ids,
  onMove,
}: IssuePeekProps & { issueId: string }) {
  const detail = useIssueDetail(slug, projectId, issueId);
  const navigate = useNavigate();
  const panel = useRef<HTMLDivElement>(null);

  const setPeek = useCallback(
    (next: string | undefined, replace = false) =>
      void navigate({
        to: route,
        params: { workspaceSlug: slug, projectId },
        search: (prev: Record<string, unknown>) => ({ ...prev, peekId: next }),
        replace,
      } as never),
    [navigate, route, slug, projectId],
  );

  const close = useCallback(() => setPeek(undefined), [setPeek]);

  const step = useCallback(
    (by: 1 | -1): boolean => {
      const list = ids?.() ?? [];
      const at = list.indexOf(issueId);
      const next = at === -1 ? undefined : list[at + by];
      if (!next) return false;
      onMove?.(next);
      setPeek(next, true);
      return true;
    },
    [ids, issueId, onMove, setPeek],
  );
  const position = ids ? ids().indexOf(issueId) : -1;
  const count = ids ? ids().length : 0;

  // Focus moves into the panel when it opens (keys then belong to it, not to the board).
  useEffect(() => {
    if (!panel.current?.contains(document.activeElement)) panel.current?.focus({ preventScroll: true });
  }, []);

  useEffect(() => {
    // j / k and ↑ / ↓ walk the board's order; captured before the board's own shortcuts.
    const onMoveKey = (event: KeyboardEvent) => {
      if (!['j', 'k', 'ArrowDown', 'ArrowUp'].includes(event.key)) return;
      if (event.metaKey || event.ctrlKey || event.altKey || event.defaultPrevented || isTyping(event.target))
        return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      const layer = target?.closest('[role="dialog"], [role="menu"], [role="listbox"]');
      if (layer && layer !== panel.current) return;
      if (document.querySelector('[data-radix-popper-content-wrapper]')) return;
      if (step(event.key === 'j' || event.key === 'ArrowDown' ? 1 : -1)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    // Escape closes the peek unless something inside took it first (a menu, a dialog, an input).
    const onEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (isTyping(event.target)) {
        (event.target as HTMLElement).blur();
        return;
      }
      const target = event.target instanceof HTMLElement ? event.target : null;
      const layer = target?.closest('[role="dialog"], [role="menu"], [role="listbox"]');
      if (layer && layer !== panel.current) return;
      event.preventDefault();
      close();
    };
    window.addEventListener('keydown', onMoveKey, true);
    window.addEventListener('keydown', onEscape);
    return () => {
      window.removeEventListener('keydown', onMoveKey, true);
      window.removeEventListener('keydown', onEscape);
    };
  }, [step, close]);

  return (
    <div
      ref={panel}
      role="dialog"
      aria-modal="false"
      aria-label={detail.issue ? `${detail.key} ${detail.issue.name}` : 'Work item'}
      tabIndex={-1}
      // The panel takes focus so keys reach it; it needs no ring (the global :focus-visible rule is unlayered).
      style={{ outline: 'none' }}
      data-testid="issue-peek"
      className="fixed inset-y-0 right-0 z-30 flex w-full max-w-[46rem] flex-col border-l border-border bg-canvas shadow-2xl outline-none sm:w-[min(46rem,60vw)]"
    >
      <header className="flex h-12 shrink-0 items-center justify-between gap-2 border-b border-border px-3">
        <div className="flex items-center gap-1">
          <Tooltip content="Close (Esc)">
            <IconButton label="Close peek" size="sm" onClick={close}>
              <X className="size-4" aria-hidden />
            </IconButton>
          </Tooltip>
          <Tooltip content="Open full page">
            <Link
              to="/$workspaceSlug/projects/$projectId/issues/$issueId"
              params={{ workspaceSlug: slug, projectId, issueId }}
              aria-label="Open full page"
              className="inline-flex size-7 items-center justify-center rounded-md text-fg-muted hover:bg-surface-2 hover:text-fg"
            >
              <Maximize2 className="size-3.5" aria-hidden />
            </Link>
          </Tooltip>
          {ids && position !== -1 && (
            <>
              <span className="mx-1 h-4 w-px bg-border" aria-hidden />
              <Tooltip content="Previous (k)">
                <IconButton
                  label="Previous work item"
                  size="sm"
                  disabled={position <= 0}
                  onClick={() => step(-1)}
                >
                  <ChevronUp className="size-4" aria-hidden />
                </IconButton>
              </Tooltip>
              <Tooltip content="Next (j)">
                <IconButton
                  label="Next work item"
                  size="sm"
                  disabled={position >= count - 1}
                  onClick={() => step(1)}
                >
                  <ChevronDown className="size-4" aria-hidden />
                </IconButton>
              </Tooltip>
              <span className="text-xs text-fg-subtle">
                {position + 1} / {count}
              </span>
            </>
          )}
        </div>
        <IssueActions detail={detail} onDeleted={close} />
      </header>
      <IssueDetailView detail={detail} mode="peek" onOpenIssue={(id) => setPeek(id)} />
    </div>
  );
});

export default IssuePeekPanel;
