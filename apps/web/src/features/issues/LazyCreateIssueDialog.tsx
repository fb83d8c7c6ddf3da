import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useState } from 'react';
import type { IssueView } from './IssueView.ts';

/** Loaded when first opened (C, the button, the command palette): not needed for the first paint. */
const CreateIssueDialog = lazy(() =>
  import('./CreateIssueDialog.tsx').then((m) => ({ default: m.CreateIssueDialog })),
);

/** The create dialog of a list's view, mounted from its first opening on (so that closing still animates). */
export const LazyCreateIssueDialog = observer(function LazyCreateIssueDialog({ view }: { view: IssueView }) {
  const [mounted, setMounted] = useState(false);
  if (view.createOpen && !mounted) setMounted(true);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <CreateIssueDialog view={view} />
    </Suspense>
  );
});
