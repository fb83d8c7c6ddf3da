import type { Webhook, WebhookWithSecret } from '@kite/shared/contracts';
import { type ReactNode, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { toast, toastError } from '../../ui/toast.ts';
import { WebhookDialog } from './WebhookDialog.tsx';
import { WebhookSecretDialog } from './WebhookSecretDialog.tsx';

export interface WebhookActions {
  add: () => void;
  edit: (webhook: Webhook) => void;
  /** Switches it on or off at once (put back, with a toast, if the server refuses). */
  toggle: (webhook: Webhook, on: boolean) => Promise<void>;
  /** Asks first; the new secret is then shown once. */
  regenerate: (webhook: Webhook) => void;
  /** Asks first. */
  remove: (webhook: Webhook) => void;
  /** The webhook whose deletion was confirmed (the store has dropped it; its page is leaving). */
  removingId: string | null;
  /** The dialogs these open: render them once, beside the buttons. */
  dialogs: ReactNode;
}

/**
 * What can be done to a workspace's webhooks, with the dialogs it takes — add and edit, the
 * secret shown once after create or regenerate, the confirmations — shared by the list and a
 * webhook's own page.
 */
export function useWebhookActions(
  slug: string,
  { onDeleted }: { onDeleted?: (webhook: Webhook) => void } = {},
): WebhookActions {
  const { webhooks } = useStores();
  const [editing, setEditing] = useState<Webhook | null | 'new'>(null);
  const [secret, setSecret] = useState<{ shown: WebhookWithSecret; regenerated: boolean } | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [regenerating, setRegenerating] = useState<Webhook | null>(null);
  const [removingId, setRemovingId] = useState<string | null>(null);

  const toggle = async (webhook: Webhook, on: boolean) => {
    try {
      await webhooks.update(slug, webhook.id, { is_active: on });
    } catch (error) {
      toastError(error, 'The webhook could not be switched');
    }
  };

  const confirmRemove = async () => {
    if (!deleting) return;
    setRemovingId(deleting.id);
    try {
      await webhooks.remove(slug, deleting.id);
      toast.success('The webhook was deleted');
      onDeleted?.(deleting);
    } catch (error) {
      setRemovingId(null);
      toastError(error, 'The webhook could not be deleted');
      throw error;
    }
  };

  const confirmRegenerate = async () => {
    if (!regenerating) return;
    try {
      const shown = await webhooks.regenerate(slug, regenerating.id);
      setSecret({ shown, regenerated: true });
    } catch (error) {
      toastError(error, 'The secret could not be regenerated');
      throw error;
    }
  };

  const dialogs = (
    <>
      <WebhookDialog
        slug={slug}
        open={editing !== null}
        webhook={editing === 'new' ? null : editing}
        onOpenChange={(open) => !open && setEditing(null)}
        onCreated={(shown) => setSecret({ shown, regenerated: false })}
      />
      <WebhookSecretDialog
        shown={secret?.shown ?? null}
        regenerated={secret?.regenerated ?? false}
        onClose={() => setSecret(null)}
      />
      <ConfirmDialog
        open={regenerating !== null}
        onOpenChange={(open) => !open && setRegenerating(null)}
        title="Regenerate the signing secret?"
        description="The current secret stops signing deliveries at once: update your receiver with the new one."
        confirmLabel="Regenerate"
        onConfirm={confirmRegenerate}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this webhook?"
        description={`${deleting?.url ?? ''} gets no more deliveries, and its delivery log is deleted. This cannot be undone.`}
        confirmLabel="Delete webhook"
        onConfirm={confirmRemove}
      />
    </>
  );

  return {
    add: () => setEditing('new'),
    edit: setEditing,
    toggle,
    regenerate: setRegenerating,
    remove: setDeleting,
    removingId,
    dialogs,
  };
}
