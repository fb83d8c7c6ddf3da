import { Construction, RotateCw, SearchX } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { type ReactNode, useEffect, useRef } from 'react';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PageLoader } from '../../ui/Spinner.tsx';
import type { IssueView } from './IssueView.ts';
import { LAYOUT_LABELS, useLayoutComponent } from './layouts/registry.ts';
import { activeFilterEntries } from './store/displayFilters.ts';

/**
 * The list area of every work-item screen: the layout, or its loader, its load error (with a
 * retry), "no match" under filters, or the screen's own `empty` state.
 */
export const BoardBody = observer(function BoardBody({ view, empty }: { view: IssueView; empty: ReactNode }) {
  const list = view.list;
  const Layout = useLayoutComponent(view.layout);
  if (Layout === undefined)
    return (
      <Centered>
        <EmptyState
          icon={<Construction className="size-5" />}
          title={`The ${LAYOUT_LABELS[view.layout].toLowerCase()} layout is coming`}
          description="Switch to the list or the board meanwhile."
          action={
            <Button variant="secondary" onClick={() => void view.setDisplayFilters({ layout: 'list' })}>
              Show the list
            </Button>
          }
        />
      </Centered>
    );
  if (list?.error && !list.loaded)
    return (
      <Centered>
        <EmptyState
          icon={<SearchX className="size-5" />}
          title="The work items could not be loaded"
          description={list.error}
          action={
            <Button variant="primary" onClick={() => void view.fetch()}>
              <RotateCw className="size-3.5" aria-hidden /> Try again
            </Button>
          }
        />
      </Centered>
    );
  if (!list?.loaded || !Layout) return <PageLoader label="Loading work items" />;
  // The calendar's list holds one month: it may be empty while the project is not, so it shows itself.
  if (list.isEmpty && view.layout !== 'calendar') {
    const filtered = activeFilterEntries(view.filters).length > 0 || view.displayFilters.type !== null;
    return (
      <Centered>
        {filtered ? (
          <EmptyState
            icon={<SearchX className="size-5" />}
            title="No work items match these filters"
            action={
              <Button variant="secondary" onClick={() => void view.clearFilters()}>
                Clear filters
              </Button>
            }
          />
        ) : (
          empty
        )}
      </Centered>
    );
  }
  return (
    <>
      <Layout view={view} />
      <MarkInteractive />
    </>
  );
});

/** `board:interactive` once the first page is on screen (the benchmark reads it). */
function MarkInteractive() {
  const marked = useRef(false);
  useEffect(() => {
    if (marked.current) return;
    marked.current = true;
    requestAnimationFrame(() => performance.mark('board:interactive'));
  }, []);
  return null;
}

export function Centered({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-xl px-6 py-16">{children}</div>;
}
