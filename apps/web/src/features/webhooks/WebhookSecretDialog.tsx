import type { WebhookWithSecret } from '@kite/shared/contracts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { CopyOnceField } from '../../ui/CopyOnceField.tsx';
import { Dialog } from '../../ui/Dialog.tsx';

/** The one time a webhook's signing secret is shown in full (after create or regenerate). */
export function WebhookSecretDialog({
  shown,
  regenerated,
  onClose,
}: {
  shown: WebhookWithSecret | null;
  regenerated: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={shown !== null}
      onOpenChange={(open) => !open && onClose()}
      title={regenerated ? 'Copy the new signing secret' : 'Copy the signing secret'}
      description={shown?.url}
    >
      {shown && (
        <div className="flex flex-col gap-4">
          <Alert tone="warning">
            <strong className="font-semibold">This is the only time the secret is shown.</strong>{' '}
            {regenerated ? 'The old secret no longer signs deliveries. ' : ''}Your receiver uses it to check
            the <code className="font-mono">X-Plane-Signature</code> and{' '}
            <code className="font-mono">webhook-signature</code> headers.
          </Alert>
          <CopyOnceField label="Signing secret" value={shown.secret_key} noun="secret" />
          <div className="flex justify-end">
            <Button onClick={onClose}>Done</Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
