import type { Workspace } from '@kite/shared/contracts';
import { observer } from 'mobx-react-lite';
import { type FormEvent, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { Button } from '../../ui/Button.tsx';
import { toast, toastError } from '../../ui/toast.ts';
import {
  type EditableInviteRow,
  InviteRowsEditor,
  newInviteRow,
  validateInviteRows,
} from '../invitations/InviteRowsEditor.tsx';

interface InviteStepProps {
  workspace: Workspace;
  onFinish: () => Promise<void>;
}

/** Step 3: invite teammates (or skip); stores onboarding_step.workspace_invite, then finishes. */
export const InviteStep = observer(function InviteStep({ workspace, onFinish }: InviteStepProps) {
  const { invitations, user } = useStores();
  const [rows, setRows] = useState<EditableInviteRow[]>(() => [
    newInviteRow(),
    newInviteRow(),
    newInviteRow(),
  ]);
  const [busy, setBusy] = useState<'send' | 'skip' | null>(null);

  const complete = async () => {
    await user.updateProfile({ onboarding_step: { workspace_invite: true } });
    await onFinish();
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const { rows: checked, valid } = validateInviteRows(rows);
    setRows(checked);
    if (!valid) return;
    setBusy('send');
    try {
      if (valid.length > 0) {
        await invitations.invite(workspace.slug, valid);
        toast.success(valid.length === 1 ? 'Invitation sent' : `${valid.length} invitations sent`);
      }
      await complete();
    } catch (error) {
      toastError(error);
      setBusy(null);
    }
  };

  const skip = async () => {
    setBusy('skip');
    try {
      await complete();
    } catch (error) {
      toastError(error, 'Failed to finish user onboarding');
      setBusy(null);
    }
  };

  const anyEmail = rows.some((r) => r.email.trim());
  return (
    <form onSubmit={send} noValidate className="flex flex-col gap-5">
      <p className="text-sm text-fg-muted">
        Invite people to <span className="font-medium text-fg">{workspace.name}</span>. They get an email with
        a link to join.
      </p>
      <InviteRowsEditor rows={rows} onChange={setRows} disabled={busy !== null} />
      <div className="flex items-center justify-between gap-2 border-t border-border pt-4">
        <Button variant="ghost" onClick={skip} loading={busy === 'skip'} disabled={busy !== null}>
          Skip for now
        </Button>
        <Button
          type="submit"
          variant="primary"
          size="lg"
          loading={busy === 'send'}
          disabled={busy !== null || !anyEmail}
        >
          Send invitations
        </Button>
      </div>
    </form>
  );
});
