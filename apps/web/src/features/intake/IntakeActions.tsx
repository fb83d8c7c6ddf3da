import type { IntakeIssue } from '@kite/shared/contracts';
import { INTAKE_STATUS } from '@kite/shared/domain';
import { AlarmClock, CircleCheck, CircleX, Copy, MoreHorizontal, Trash2 } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { Button, IconButton } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '../../ui/Menu.tsx';
import { SnoozeMenu } from '../../ui/SnoozeMenu.tsx';
import { toastSuccess } from '../../ui/toast.ts';
import { IssuePickerDialog } from '../issues/detail/IssuePickerDialog.tsx';
import type { IntakeAbilities } from './intakeAbilities.ts';

/**
 * The triage buttons of an open item (admins): Accept, Decline, Snooze (presets, a custom time,
 * or Unsnooze) and Mark as duplicate; and Delete (admins, or the submitter). Every change shows
 * at once; the store undoes it, with a toast, if the server refuses.
 */
export const IntakeActions = observer(function IntakeActions({
  slug,
  item,
  abilities,
  onDeleted,
}: {
  slug: string;
  item: IntakeIssue;
  abilities: IntakeAbilities;
  /** After the item left the screen (its deletion was sent). */
  onDeleted: (issueId: string) => void;
}) {
  const { intake } = useStores();
  const [declining, setDeclining] = useState(false);
  const [duplicating, setDuplicating] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const id = item.issue.id;
  const name = item.issue.name;
  const snoozed = item.status === INTAKE_STATUS.SNOOZED;
  const done = (message: string) => (ok: boolean) => {
    if (ok) toastSuccess(message);
  };

  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      {abilities.triage && (
        <>
          <Button
            size="sm"
            variant="primary"
            onClick={() => void intake.accept(slug, id).then(done('Work item accepted'))}
          >
            <CircleCheck className="size-3.5" aria-hidden /> Accept
          </Button>
          <Button size="sm" onClick={() => setDeclining(true)}>
            <CircleX className="size-3.5" aria-hidden /> Decline
          </Button>
          <SnoozeMenu
            snoozed={snoozed}
            onSnooze={(until) =>
              void intake.snooze(slug, id, until).then(done(until ? 'Work item snoozed' : 'Snooze ended'))
            }
            customDescription="The item waits as snoozed and returns to pending at this time."
            trigger={
              <Button size="sm">
                <AlarmClock className="size-3.5" aria-hidden /> {snoozed ? 'Snoozed' : 'Snooze'}
              </Button>
            }
          />
          <Button size="sm" onClick={() => setDuplicating(true)}>
            <Copy className="size-3.5" aria-hidden /> Mark as duplicate
          </Button>
        </>
      )}
      {abilities.remove && (
        <Menu modal={false}>
          <MenuTrigger asChild>
            <IconButton size="sm" label="More actions">
              <MoreHorizontal className="size-4" aria-hidden />
            </IconButton>
          </MenuTrigger>
          <MenuContent align="end">
            <MenuItem icon={<Trash2 className="size-3.5" />} tone="danger" onSelect={() => setDeleting(true)}>
              Delete
            </MenuItem>
          </MenuContent>
        </Menu>
      )}
      <ConfirmDialog
        open={declining}
        onOpenChange={setDeclining}
        title={`Decline “${name}”?`}
        description="It moves to the Closed tab and never joins the project's work items. A decision cannot be undone."
        confirmLabel="Decline"
        onConfirm={() => {
          void intake.decline(slug, id).then(done('Work item declined'));
        }}
      />
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={`Delete “${name}”?`}
        description={
          item.status === INTAKE_STATUS.ACCEPTED
            ? 'The intake record goes; the accepted work item stays in the project.'
            : 'The submission and its work item are deleted. This cannot be undone.'
        }
        confirmLabel="Delete"
        onConfirm={() => {
          onDeleted(id);
          void intake.remove(slug, id).then(done('Intake item deleted'));
        }}
      />
      {duplicating && (
        <IssuePickerDialog
          open={duplicating}
          onOpenChange={setDuplicating}
          title="Mark as duplicate of…"
          issue={{ slug, projectId: item.issue.project_id, issueId: id }}
          purpose="issue_relation"
          onSubmit={([original]) => {
            if (!original) return;
            void intake
              .markDuplicate(slug, id, {
                id: original.id,
                name: original.name,
                sequence_id: original.sequence_id,
                project_id: original.project_id,
              })
              .then(done('Work item marked as a duplicate'));
          }}
        />
      )}
    </div>
  );
});
