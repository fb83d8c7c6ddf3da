import { useSearch } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';

// The panel (and everything in it) loads the first time a work item is peeked.
const IssuePeekPanel = lazy(() => import('./IssuePeekPanel.tsx'));

export interface IssuePeekProps {
  slug: string;
  projectId: string;
  /** The list's route the peek opens over (the project's work items unless told). */
  route?: string;
  /** The board's work items in display order, for j/k and ↑/↓ in the peek. */
  ids?: () => readonly string[];
  /** Told when the peek moves to another item (the board follows with its focus). */
  onMove?: (issueId: string) => void;
}

/** The work-item peek over the project board, shown while `?peekId=` is in the URL. */
export function IssuePeek(props: IssuePeekProps) {
  const { peekId } = useSearch({ strict: false }) as { peekId?: string };
  if (!peekId) return null;
  return (
    <Suspense fallback={null}>
      <IssuePeekPanel {...props} issueId={peekId} />
    </Suspense>
  );
}
