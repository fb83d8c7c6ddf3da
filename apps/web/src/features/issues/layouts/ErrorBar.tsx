import { RotateCw } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { Button } from '../../../ui/Button.tsx';
import type { IssueView } from '../IssueView.ts';

/**
 * A refetch that failed while rows are already on screen (the screen shows the first-load
 * error itself): the old rows stay, this bar says so and retries.
 */
export const ErrorBar = observer(function ErrorBar({ view, what }: { view: IssueView; what: string }) {
  const error = view.list?.error;
  if (!error) return null;
  return (
    <div
      role="alert"
      className="flex items-center gap-2 border-b border-danger/40 bg-danger/10 px-4 py-1.5 text-xs text-danger"
    >
      {what} could not be loaded: {error}
      <Button variant="ghost" size="sm" onClick={() => void view.fetch()}>
        <RotateCw className="size-3" aria-hidden /> Try again
      </Button>
    </div>
  );
});
