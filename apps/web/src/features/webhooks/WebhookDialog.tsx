import { WEBHOOK_EVENTS, type Webhook, type WebhookWithSecret } from '@kite/shared/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { Input } from '../../ui/Input.tsx';
import { ALL_EVENTS, EVENT_LABELS, type EventFlags, flagsOf } from './webhookEvents.ts';

interface WebhookDialogProps {
  slug: string;
  open: boolean;
  /** The webhook being edited; none: a new one. */
  webhook: Webhook | null;
  onOpenChange: (open: boolean) => void;
  /** A new webhook, with its secret for the one time it can be shown. */
  onCreated: (created: WebhookWithSecret) => void;
}

/** URL and events of a new or existing webhook (api.md §13.1). */
export function WebhookDialog({ slug, open, webhook, onOpenChange, onCreated }: WebhookDialogProps) {
  const { webhooks } = useStores();
  const [url, setUrl] = useState('');
  const [mode, setMode] = useState<'all' | 'some'>('all');
  const [flags, setFlags] = useState<EventFlags>(ALL_EVENTS);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    const current = webhook ? flagsOf(webhook) : ALL_EVENTS;
    setUrl(webhook?.url ?? '');
    setFlags(current);
    setMode(WEBHOOK_EVENTS.every((e) => current[e]) ? 'all' : 'some');
    setErrors({});
    setFailure(null);
  }, [open, webhook]);

  const close = (next: boolean) => {
    if (!busy) onOpenChange(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const chosen = mode === 'all' ? ALL_EVENTS : flags;
    const found: Record<string, string> = {};
    if (!/^https?:\/\/\S+$/i.test(url.trim())) found.url = 'Enter an http:// or https:// URL';
    if (!WEBHOOK_EVENTS.some((e) => chosen[e])) found.events = 'Pick at least one event';
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      if (webhook) {
        await webhooks.update(slug, webhook.id, { url: url.trim(), ...chosen });
        onOpenChange(false);
      } else {
        const created = await webhooks.create(slug, { url: url.trim(), ...chosen });
        onOpenChange(false);
        onCreated(created);
      }
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      else setFailure(errorMessage(error, 'The webhook could not be saved'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={webhook ? 'Edit webhook' : 'Add webhook'}
      description="Kite POSTs a signed JSON payload to this URL when the chosen events happen in the workspace."
    >
      <form id="webhook-form" onSubmit={submit} className="flex flex-col gap-4" noValidate>
        {failure && <Alert tone="error">{failure}</Alert>}
        <Field label="Payload URL" error={errors.url}>
          {(control) => (
            <Input
              {...control}
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              placeholder="https://example.com/kite-webhook"
              maxLength={1024}
              inputMode="url"
              autoFocus
            />
          )}
        </Field>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-fg">Events</legend>
          <label className="flex items-center gap-2 text-sm text-fg">
            <input type="radio" name="events" checked={mode === 'all'} onChange={() => setMode('all')} />
            All events
          </label>
          <label className="flex items-center gap-2 text-sm text-fg">
            <input type="radio" name="events" checked={mode === 'some'} onChange={() => setMode('some')} />
            Individual events
          </label>
          {mode === 'some' && (
            <div className="ml-6 grid gap-2 sm:grid-cols-2">
              {WEBHOOK_EVENTS.map((event) => (
                <label key={event} className="flex items-start gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="mt-0.5"
                    checked={flags[event]}
                    onChange={(e) => setFlags({ ...flags, [event]: e.target.checked })}
                  />
                  <span>
                    <span className="block text-fg">{EVENT_LABELS[event].label}</span>
                    <span className="block text-xs text-fg-muted">{EVENT_LABELS[event].hint}</span>
                  </span>
                </label>
              ))}
            </div>
          )}
          {errors.events && (
            <p role="alert" className="text-xs text-danger">
              {errors.events}
            </p>
          )}
        </fieldset>
        <div className="flex justify-end gap-2">
          <Button onClick={() => close(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={busy}>
            {webhook ? 'Save' : 'Add webhook'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
