import type { WebhookWithSecret } from '@kite/shared/contracts';
import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { Input } from '../../ui/Input.tsx';
import { toastError } from '../../ui/toast.ts';

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
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    if (!shown) return;
    try {
      await navigator.clipboard.writeText(shown.secret_key);
      setCopied(true);
    } catch (error) {
      toastError(error, 'The secret could not be copied: select it and copy it by hand');
    }
  };

  const close = () => {
    setCopied(false);
    onClose();
  };

  return (
    <Dialog
      open={shown !== null}
      onOpenChange={(open) => !open && close()}
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
          <Field label="Signing secret">
            {(control) => (
              <div className="flex gap-2">
                <Input
                  {...control}
                  readOnly
                  value={shown.secret_key}
                  className="font-mono text-xs"
                  onFocus={(e) => e.currentTarget.select()}
                />
                <Button variant="primary" onClick={copy} aria-live="polite">
                  {copied ? (
                    <Check className="size-4" aria-hidden />
                  ) : (
                    <Copy className="size-4" aria-hidden />
                  )}
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              </div>
            )}
          </Field>
          <div className="flex justify-end">
            <Button onClick={close}>Done</Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
