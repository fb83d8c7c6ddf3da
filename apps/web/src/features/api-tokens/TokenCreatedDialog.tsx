import type { ApiTokenCreated } from '@kite/shared/contracts';
import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { Input } from '../../ui/Input.tsx';
import { toastError } from '../../ui/toast.ts';
import { describeExpiry } from './apiTokenDates.ts';

/** The one time a new token is shown in full: copy it now, it cannot be shown again. */
export function TokenCreatedDialog({
  created,
  onClose,
}: {
  created: ApiTokenCreated | null;
  onClose: () => void;
}) {
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.token);
      setCopied(true);
    } catch (error) {
      toastError(error, 'The token could not be copied: select it and copy it by hand');
    }
  };

  const close = () => {
    setCopied(false);
    onClose();
  };

  return (
    <Dialog
      open={created !== null}
      onOpenChange={(open) => !open && close()}
      title="Copy your new API token"
      description={created ? `${created.label} · ${describeExpiry(created, new Date())}` : undefined}
    >
      {created && (
        <div className="flex flex-col gap-4">
          <Alert tone="warning">
            <strong className="font-semibold">This is the only time the token is shown.</strong> Copy it now
            and keep it somewhere safe: Kite stores only a hash of it. If you lose it, delete it and make a
            new one.
          </Alert>
          <Field label="API token">
            {(control) => (
              <div className="flex gap-2">
                <Input
                  {...control}
                  readOnly
                  value={created.token}
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
          <p className="text-xs text-fg-muted">
            Send it in the <code className="font-mono">X-Api-Key</code> header to{' '}
            <code className="font-mono">/api/v1/</code>.
          </p>
          <div className="flex justify-end">
            <Button onClick={close}>Done</Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
