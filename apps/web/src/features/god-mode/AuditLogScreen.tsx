import { ScrollText } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { describeAction, describeDetails } from './auditText.ts';
import { ConsoleHeader, ListFooter, LoadState } from './ConsolePage.tsx';
import { formatDayTime } from './formatWhen.ts';
import { useConsole } from './useConsole.ts';

/** `/god-mode/audit-log`: what instance admins changed, newest first. */
export const AuditLogScreen = observer(function AuditLogScreen() {
  const { audit } = useConsole();
  useEffect(() => {
    // Read again on every visit: the other sections add to it.
    void audit.load();
  }, [audit]);

  return (
    <>
      <ConsoleHeader
        title="Audit log"
        description="Every change made in this console, newest first. Secret values are never recorded."
        actions={
          <Button onClick={() => void audit.load()} loading={audit.loading && audit.loaded}>
            Refresh
          </Button>
        }
      />
      {!audit.loaded ? (
        <LoadState error={audit.error} label="Loading the audit log" onRetry={() => void audit.load()} />
      ) : audit.items.length === 0 ? (
        <EmptyState
          icon={<ScrollText className="size-5" />}
          title="Nothing recorded yet"
          description="Changes to settings, users and workspaces made here will be listed."
        />
      ) : (
        <>
          <ol
            aria-label="Audit log entries"
            className="divide-y divide-border rounded-lg border border-border"
          >
            {audit.items.map((entry) => {
              const details = describeDetails(entry.details, entry.target);
              return (
                <li key={entry.id} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:gap-4">
                  <time
                    dateTime={entry.created_at}
                    className="shrink-0 text-xs whitespace-nowrap text-fg-muted sm:w-40 sm:pt-0.5"
                  >
                    {formatDayTime(entry.created_at)}
                  </time>
                  <div className="min-w-0 flex-1">
                    <p className="text-sm text-fg">
                      <span className="font-medium">
                        {entry.actor ? entry.actor.display_name || entry.actor.email : 'System'}
                      </span>{' '}
                      <span className="text-fg-muted">·</span> {describeAction(entry.action)}
                      {entry.target && (
                        <>
                          {' '}
                          <code className="rounded bg-surface-2 px-1 py-0.5 font-mono text-xs text-fg">
                            {entry.target}
                          </code>
                        </>
                      )}
                    </p>
                    {details.length > 0 && (
                      <ul className="mt-1 flex flex-col gap-0.5 text-xs break-words text-fg-muted">
                        {details.map((line) => (
                          <li key={line}>{line}</li>
                        ))}
                      </ul>
                    )}
                  </div>
                </li>
              );
            })}
          </ol>
          <ListFooter list={audit} noun="entries" />
        </>
      )}
    </>
  );
});
