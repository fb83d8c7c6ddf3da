import type { ApiTokenCreated } from '@kite/shared/contracts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { CopyOnceField } from '../../ui/CopyOnceField.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { describeExpiry } from './apiTokenDates.ts';

/** The one time a new token is shown in full: copy it now, it cannot be shown again. */
export function TokenCreatedDialog({
  created,
  onClose,
}: {
  created: ApiTokenCreated | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={created !== null}
      onOpenChange={(open) => !open && onClose()}
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
          <CopyOnceField label="API token" value={created.token} noun="token" />
          <p className="text-xs text-fg-muted">
            Send it in the <code className="font-mono">X-Api-Key</code> header to{' '}
            <code className="font-mono">/api/v1/</code>.
          </p>
          <div className="flex justify-end">
            <Button onClick={onClose}>Done</Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
