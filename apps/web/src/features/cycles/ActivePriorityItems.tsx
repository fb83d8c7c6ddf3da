import type { Cycle, IssueRow, Paginated } from '@kite/shared/contracts';
import { Link } from '@tanstack/react-router';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { api } from '../../lib/api.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { projectPath } from '../projects/ProjectStore.ts';
import { PriorityIcon } from '../public-board/PriorityIcon.tsx';

const SHOWN = 5;

/** Spec §2: the active cycle's items are read with `priority=urgent,high`, the most urgent first. */
export function priorityItemsPath(slug: string, cycle: Pick<Cycle, 'id' | 'project_id'>): string {
  return `${projectPath(slug, cycle.project_id)}/cycles/${encodeURIComponent(cycle.id)}/cycle-issues/?priority=urgent,high&order_by=-priority&per_page=${SHOWN}`;
}

type Load =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'done'; items: IssueRow[]; total: number };

/** The active cycle's urgent and high-priority work items, each a link to its page. */
export const ActivePriorityItems = observer(function ActivePriorityItems({
  slug,
  cycle,
}: {
  slug: string;
  cycle: Cycle;
}) {
  const { projects } = useStores();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    api
      .get<Paginated<IssueRow>>(priorityItemsPath(slug, cycle))
      .then((page) => live && setLoad({ status: 'done', items: page.results, total: page.total_count }))
      .catch(() => live && setLoad({ status: 'error' }));
    return () => {
      live = false;
    };
  }, [slug, cycle]);
  const identifier = projects.get(slug, cycle.project_id)?.identifier ?? '';
  const headingId = `priority-${cycle.id}`;

  return (
    <section aria-labelledby={headingId} className="mt-4 rounded-lg border border-border p-4">
      <h2 id={headingId} className="text-sm font-semibold text-fg">
        Priority work items in {cycle.name}
      </h2>
      {load.status === 'loading' && <Spinner label="Loading priority work items" />}
      {load.status === 'error' && (
        <p className="mt-2 text-sm text-danger">The priority work items could not be loaded.</p>
      )}
      {load.status === 'done' && load.items.length === 0 && (
        <p className="mt-2 text-sm text-fg-muted">No urgent or high-priority work items in this cycle.</p>
      )}
      {load.status === 'done' && load.items.length > 0 && (
        <>
          <ul className="mt-2 flex flex-col gap-1">
            {load.items.map((item) => (
              <li key={item.id} className="flex items-center gap-2 text-sm">
                <PriorityIcon priority={item.priority} />
                <Link
                  to="/$workspaceSlug/projects/$projectId/issues/$issueId"
                  params={{ workspaceSlug: slug, projectId: cycle.project_id, issueId: item.id }}
                  className="min-w-0 truncate text-fg hover:underline"
                >
                  <span className="mr-2 font-mono text-xs text-fg-subtle">
                    {identifier}-{item.sequence_id}
                  </span>{' '}
                  {item.name}
                </Link>
              </li>
            ))}
          </ul>
          {load.total > load.items.length && (
            <p className="mt-2 text-xs text-fg-muted">
              {load.total - load.items.length} more in the cycle's list.
            </p>
          )}
        </>
      )}
    </section>
  );
});
