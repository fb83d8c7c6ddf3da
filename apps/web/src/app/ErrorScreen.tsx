import type { ErrorComponentProps } from '@tanstack/react-router';
import { errorMessage } from '../lib/api.ts';
import { Button } from '../ui/Button.tsx';

/** Shown when a screen could not load at all (e.g. the server is unreachable). */
export function ErrorScreen({ error, reset }: ErrorComponentProps) {
  return (
    <main className="flex min-h-full flex-col items-center justify-center gap-4 bg-canvas px-6 text-center">
      <h1 className="text-xl font-semibold text-fg">Something went wrong</h1>
      <p className="max-w-md text-sm text-fg-muted">{errorMessage(error)}</p>
      <div className="flex gap-2">
        <Button variant="primary" onClick={() => window.location.reload()}>
          Reload
        </Button>
        <Button onClick={reset}>Try again</Button>
      </div>
    </main>
  );
}
