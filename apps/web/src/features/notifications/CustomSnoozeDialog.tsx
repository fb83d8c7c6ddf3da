import { useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { Input } from '../../ui/Input.tsx';
import { snoozeUntil, toLocalInputValue } from './snooze.ts';

/** Picks the date and time a notification comes back (the snooze menu's "Custom"). */
export function CustomSnoozeDialog({
  open,
  onOpenChange,
  onSnooze,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSnooze: (until: Date) => void;
}) {
  const [value, setValue] = useState(() => toLocalInputValue(snoozeUntil(1)));
  const until = value ? new Date(value) : null;
  const error = until && until.getTime() <= Date.now() ? 'Pick a time in the future' : null;
  const submit = () => {
    if (!until || error) return;
    onSnooze(until);
    onOpenChange(false);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="sm"
      title="Snooze until"
      description="The notification leaves the inbox and comes back at this time."
      footer={
        <>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button variant="primary" disabled={!until || !!error} onClick={submit}>
            Snooze
          </Button>
        </>
      }
    >
      <Field label="Date and time" error={error}>
        {(control) => (
          <Input
            {...control}
            type="datetime-local"
            value={value}
            min={toLocalInputValue(new Date())}
            onChange={(event) => setValue(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') submit();
            }}
          />
        )}
      </Field>
    </Dialog>
  );
}
