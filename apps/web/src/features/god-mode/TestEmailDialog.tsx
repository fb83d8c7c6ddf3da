import { type FormEvent, useEffect, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { errorMessage } from '../../lib/api.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { Input } from '../../ui/Input.tsx';
import { useConsole } from './useConsole.ts';

type Outcome = { ok: true; text: string } | { ok: false; text: string } | null;

/** Sends a mail through the saved SMTP settings and shows the server's answer or its error. */
export function TestEmailDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { user } = useStores();
  const admin = useConsole();
  const [receiver, setReceiver] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [receiverError, setReceiverError] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      setReceiver(user.user?.email ?? '');
      setOutcome(null);
      setReceiverError(null);
    }
  }, [open, user]);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\S+@\S+\.\S+$/.test(receiver.trim())) {
      setReceiverError('Enter an email address');
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      const message = await admin.sendTestEmail(receiver.trim());
      setOutcome({ ok: true, text: message || 'The test email was sent.' });
    } catch (error) {
      setOutcome({ ok: false, text: errorMessage(error, 'The test email could not be sent') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title="Send a test email"
      description="Sends a short mail through the saved SMTP settings."
      size="sm"
    >
      <form onSubmit={send} noValidate className="flex flex-col gap-4">
        <Field label="Send to" error={receiverError}>
          {(control) => (
            <Input
              {...control}
              type="email"
              value={receiver}
              onChange={(e) => {
                setReceiver(e.target.value);
                setReceiverError(null);
              }}
              autoFocus
            />
          )}
        </Field>
        {outcome && (
          <Alert tone={outcome.ok ? 'success' : 'error'}>
            <span className="font-medium">{outcome.ok ? 'Sent. ' : 'Not sent. '}</span>
            <span className="break-words">{outcome.text}</span>
          </Alert>
        )}
        <div className="flex justify-end gap-2">
          <Button onClick={() => onOpenChange(false)} disabled={busy}>
            {outcome ? 'Done' : 'Cancel'}
          </Button>
          <Button type="submit" variant="primary" loading={busy}>
            Send
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
