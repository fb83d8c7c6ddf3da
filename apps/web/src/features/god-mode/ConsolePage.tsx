import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { PageLoader } from '../../ui/Spinner.tsx';
import type { PagedList } from './PagedList.ts';

/** A console section's title, description and actions. */
export function ConsoleHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description: string;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
      <div className="min-w-0">
        <h1 className="text-xl font-semibold tracking-tight text-fg">{title}</h1>
        <p className="mt-1 text-sm text-fg-muted">{description}</p>
      </div>
      {actions && <div className="flex items-center gap-2">{actions}</div>}
    </div>
  );
}

/** What a section shows until its data is there: the loader, or the load error with a retry. */
export function LoadState({
  error,
  label,
  onRetry,
}: {
  error: string | null;
  label: string;
  onRetry: () => void;
}) {
  if (!error) return <PageLoader label={label} />;
  return (
    <Alert tone="error">
      {error}{' '}
      <Button variant="link" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}

/** Under a list: "Load more" while there are more rows, and a failed page's error. */
export const ListFooter = observer(function ListFooter({
  list,
  noun,
}: {
  list: PagedList<{ id: string }>;
  noun: string;
}) {
  const { items, total, hasMore, loading, error } = list;
  return (
    <div className="mt-3 flex flex-col items-center gap-2">
      {error && <Alert tone="error">{error}</Alert>}
      <p className="text-xs text-fg-muted">
        Showing {items.length} of {total} {noun}
      </p>
      {hasMore && (
        <Button onClick={() => void list.loadMore()} loading={loading}>
          Load more
        </Button>
      )}
    </div>
  );
});
