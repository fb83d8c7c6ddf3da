import type { Role } from '@kite/shared/domain';
import { type FormEvent, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { toast, toastError } from '../../ui/toast.ts';
import {
  type EditableInviteRow,
  InviteRowsEditor,
  newInviteRow,
  validateInviteRows,
} from './InviteRowsEditor.tsx';

interface AddMemberDialogProps {
  slug: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  maxRole: Role;
}

/** Invite several people at once, each with a role. */
export function AddMemberDialog({ slug, open, onOpenChange, maxRole }: AddMemberDialogProps) {
  const { invitations } = useStores();
  const [rows, setRows] = useState<EditableInviteRow[]>(() => [newInviteRow()]);
  const [busy, setBusy] = useState(false);

  const close = (next: boolean) => {
    if (busy) return;
    if (!next) setRows([newInviteRow()]);
    onOpenChange(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { rows: checked, valid } = validateInviteRows(rows);
    setRows(checked);
    if (!valid) return;
    if (valid.length === 0) {
      setRows(checked.map((row, i) => (i === 0 ? { ...row, error: 'Enter an email' } : row)));
      return;
    }
    setBusy(true);
    try {
      await invitations.invite(slug, valid);
      toast.success(
        valid.length === 1 ? `Invitation sent to ${valid[0]?.email}` : `${valid.length} invitations sent`,
      );
      setBusy(false);
      setRows([newInviteRow()]);
      onOpenChange(false);
    } catch (error) {
      toastError(error);
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Add members"
      description="They get an email with a link to join this workspace."
    >
      <form id="add-members-form" onSubmit={submit} noValidate className="flex flex-col gap-5">
        <InviteRowsEditor rows={rows} onChange={setRows} maxRole={maxRole} disabled={busy} />
        <div className="flex justify-end gap-2 border-t border-border pt-4">
          <Button onClick={() => close(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" loading={busy}>
            Send invitations
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
