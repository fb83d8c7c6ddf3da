import type { Webhook, WebhookLog } from '@kite/shared/contracts';
import clsx from 'clsx';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { errorMessage } from '../../lib/api.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { PageLoader } from '../../ui/Spinner.tsx';

const ERROR_TEXT: Record<NonNullable<WebhookLog['error']>, string> = {
  timeout: 'Timed out',
  connection_error: 'Could not connect',
  blocked_destination: 'Destination not allowed',
  redirect: 'Redirected (not followed)',
  http_status: 'Error status',
};

/** One attempt's outcome in words: delivered, failed (why), and whether it will be retried. */
export function describeAttempt(log: WebhookLog): { text: string; ok: boolean } {
  const ok = log.error === null && log.response_status !== null && log.response_status < 300;
  if (ok) return { text: 'Delivered', ok };
  return { text: log.error ? ERROR_TEXT[log.error] : 'Failed', ok };
}

const time = (iso: string) => new Date(iso).toLocaleString();

/**
 * A webhook's delivery attempts, newest first (api.md §13.1 WebhookLog), on its page: status (and
 * the next retry), event, response code and time taken, attempt, when; a row opens the response
 * body. Older pages on demand, and a refresh.
 */
export const WebhookDeliveries = observer(function WebhookDeliveries({
  slug,
  webhook,
}: {
  slug: string;
  webhook: Webhook;
}) {
  const { webhooks } = useStores();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState<string | null>(null);

  const load = (more = false) => {
    setBusy(true);
    setFailure(null);
    webhooks
      .fetchLogs(slug, webhook.id, { more })
      .catch((error) => setFailure(errorMessage(error, 'The delivery log could not be loaded')))
      .finally(() => setBusy(false));
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads when another webhook is shown
  useEffect(() => {
    load();
  }, [webhook.id]);

  const page = webhooks.logsOf(webhook.id);

  return (
    <section id="deliveries" aria-labelledby="webhook-deliveries" className="flex flex-col gap-3">
      <div>
        <h3 id="webhook-deliveries" className="text-base font-semibold text-fg">
          Recent deliveries
        </h3>
        <p className="text-sm text-fg-muted">Every attempt to send a change to this URL, newest first.</p>
      </div>
      <div className="flex flex-col gap-3">
        {failure && <Alert tone="error">{failure}</Alert>}
        {!page ? (
          <PageLoader label="Loading deliveries" />
        ) : page.logs.length === 0 ? (
          <p className="py-6 text-center text-sm text-fg-muted">
            No deliveries yet. They appear here within seconds of a matching change.
          </p>
        ) : (
          <div className="overflow-auto rounded-lg border border-border">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Delivery attempts</caption>
              <thead className="sticky top-0 border-b border-border bg-surface text-xs text-fg-muted">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Status
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Event
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Response
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Attempt
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Time
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {page.logs.map((log) => {
                  const outcome = describeAttempt(log);
                  const expanded = open === log.id;
                  return (
                    <tr
                      key={log.id}
                      className="cursor-pointer align-top hover:bg-surface-2"
                      onClick={() => setOpen(expanded ? null : log.id)}
                    >
                      <td className="px-3 py-2">
                        <span className={clsx('font-medium', outcome.ok ? 'text-success' : 'text-danger')}>
                          {outcome.text}
                        </span>
                        {log.next_retry_at && (
                          <div className="text-xs text-fg-muted">Retry at {time(log.next_retry_at)}</div>
                        )}
                        {expanded && (
                          <pre className="mt-2 max-w-md overflow-auto whitespace-pre-wrap break-all rounded bg-surface-2 p-2 font-mono text-xs text-fg">
                            {log.response_body || '(empty response body)'}
                          </pre>
                        )}
                      </td>
                      <td className="px-3 py-2 whitespace-nowrap text-fg">
                        {log.event_type}.{log.action}
                      </td>
                      <td className="px-3 py-2 whitespace-nowrap font-mono text-xs text-fg">
                        {log.response_status ?? '—'}
                        <div className="text-fg-muted">{log.duration_ms} ms</div>
                      </td>
                      <td className="px-3 py-2 text-fg-muted">{log.attempt} of 5</td>
                      <td className="px-3 py-2 whitespace-nowrap text-fg-muted">{time(log.created_at)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        <div className="flex items-center justify-between gap-2">
          <span className="text-xs text-fg-muted">
            {page ? `${page.logs.length} of ${page.total} attempts` : ''}
          </span>
          <div className="flex gap-2">
            {page?.nextCursor && (
              <Button onClick={() => load(true)} disabled={busy}>
                Older
              </Button>
            )}
            <Button onClick={() => load()} disabled={busy}>
              Refresh
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
});
