import type { ImportRefusal } from '@kite/shared/contracts';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import type { ImportStore } from './ImportStore.ts';

/**
 * The rows an import (or its dry run) refused, with the reason: the first ones the import object
 * carries, then "Show more" pages through every one.
 */
export function RefusalList({
  store,
  slug,
  projectId,
  importId,
  run,
  first,
  total,
  caption,
}: {
  store: ImportStore;
  slug: string;
  projectId: string;
  importId: string;
  run: 'dry_run' | 'import';
  first: ImportRefusal[];
  total: number;
  caption: string;
}) {
  const [rows, setRows] = useState(first);
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setRows(first);
    setCursor(undefined);
  }, [first]);

  if (total === 0) return null;
  const more = async () => {
    setLoading(true);
    setError(null);
    try {
      // Pages of 100 from the start; the first is what the import carried.
      const page = await store.refusals(slug, projectId, importId, run, cursor ?? '100:1:0');
      setRows((shown) => [...shown, ...page.results.filter((r) => !shown.some((s) => s.row === r.row))]);
      setCursor(page.next_page_results ? page.next_cursor : 'done');
    } catch (failure) {
      setError(errorMessage(failure, 'The refused rows could not be loaded'));
    } finally {
      setLoading(false);
    }
  };
  return (
    <div className="flex flex-col gap-2">
      <div className="max-h-80 overflow-auto rounded-md border border-border">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="sticky top-0 bg-surface text-xs text-fg-muted">
            <tr>
              <th scope="col" className="w-20 px-3 py-2 font-medium">
                Row
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Reason
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={`${r.row}:${r.reason}`} className="border-t border-border">
                <td className="px-3 py-1.5 tabular-nums">{r.row}</td>
                <td className="px-3 py-1.5">{r.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex items-center gap-3 text-xs text-fg-muted">
        <span>
          {rows.length.toLocaleString()} of {total.toLocaleString()} refused rows shown
        </span>
        {rows.length < total && cursor !== 'done' && (
          <Button size="sm" variant="secondary" loading={loading} onClick={more}>
            Show more
          </Button>
        )}
      </div>
      {error && <Alert tone="error">{error}</Alert>}
    </div>
  );
}
