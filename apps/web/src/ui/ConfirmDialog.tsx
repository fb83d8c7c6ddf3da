import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from './Button.tsx';
import { Dialog } from './Dialog.tsx';
import { Field } from './Field.tsx';
import { Input } from './Input.tsx';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel: string;
  /** When set, the user must type this text exactly before confirming. */
  confirmText?: string;
  tone?: 'danger' | 'primary';
  /** May reject; the dialog then stays open (the caller shows the error). */
  onConfirm: () => Promise<unknown> | unknown;
}

/** Asks before a destructive or important action; busy while the action runs. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  confirmText,
  tone = 'danger',
  onConfirm,
}: ConfirmDialogProps) {
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const matches = !confirmText || typed.trim() === confirmText;

  const close = (next: boolean) => {
    if (busy) return;
    if (!next) setTyped('');
    onOpenChange(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!matches || busy) return;
    setBusy(true);
    try {
      await onConfirm();
      setTyped('');
      onOpenChange(false);
    } catch {
      // The caller reported the failure; keep the dialog open so the user can retry.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={close} title={title} description={description} size="sm">
      <form onSubmit={submit} className="flex flex-col gap-4">
        {confirmText && (
          <Field
            label={
              <>
                Type <span className="font-semibold">{confirmText}</span> to confirm
              </>
            }
          >
            {(control) => (
              <Input
                {...control}
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
                autoComplete="off"
                autoFocus
              />
            )}
          </Field>
        )}
        <div className="flex justify-end gap-2">
          <Button onClick={() => close(false)} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant={tone === 'danger' ? 'danger' : 'primary'}
            disabled={!matches}
            loading={busy}
          >
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
