import type { Cycle } from '@kite/shared/contracts';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { errorMessage } from '../../lib/api.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { FieldError } from '../../ui/Field.tsx';
import { toastSuccess } from '../../ui/toast.ts';
import { formatRange } from './cycleFormat.ts';

/** Moves the unfinished items of a completed cycle into a cycle still open. */
export const TransferDialog = observer(function TransferDialog({
  slug,
  cycle,
  onClose,
  onDone,
}: {
  slug: string;
  cycle: Cycle;
  onClose: () => void;
  onDone: () => void;
}) {
  const { cycles } = useStores();
  const targets = cycles.openCyclesOf(cycle.project_id).filter((c) => c.id !== cycle.id);
  const [target, setTarget] = useState<string | null>(targets[0]?.id ?? null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const unfinished = cycle.backlog_issues + cycle.unstarted_issues + cycle.started_issues;

  async function transfer() {
    if (!target) return;
    setBusy(true);
    setError(null);
    try {
      const moved = await cycles.transfer(slug, cycle.project_id, cycle.id, target);
      toastSuccess(`${moved.length} work item${moved.length === 1 ? '' : 's'} transferred`);
      onDone();
      onClose();
    } catch (failure) {
      setError(errorMessage(failure, 'The work items could not be transferred'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      title="Transfer work items"
      description={`${unfinished} unfinished work item${unfinished === 1 ? '' : 's'} of “${cycle.name}” move to the cycle you pick.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant="primary" onClick={() => void transfer()} disabled={busy || !target}>
            {busy ? 'Transferring…' : 'Transfer'}
          </Button>
        </>
      }
    >
      <div className="px-5 pt-4 pb-2">
        {targets.length === 0 ? (
          <p className="text-sm text-fg-muted">
            No cycle is open to take them: create an upcoming cycle first.
          </p>
        ) : (
          <fieldset aria-label="Target cycle" className="flex flex-col gap-1">
            {targets.map((c) => (
              <label
                key={c.id}
                className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-1.5 hover:bg-surface-2"
              >
                <input
                  type="radio"
                  name="target-cycle"
                  checked={target === c.id}
                  onChange={() => setTarget(c.id)}
                />
                <span className="flex-1 text-sm text-fg">{c.name}</span>
                <span className="text-xs text-fg-muted">{formatRange(c)}</span>
              </label>
            ))}
          </fieldset>
        )}
        <FieldError message={error} />
      </div>
    </Dialog>
  );
});
