import { useState } from 'react';
import { atSlot, type Meridiem, slotAtOrAfter, snoozeUntil, TIME_SLOTS, toLocalDay } from '../lib/snooze.ts';
import { Button } from './Button.tsx';
import { Dialog } from './Dialog.tsx';
import { Field } from './Field.tsx';
import { Input, Select } from './Input.tsx';

/**
 * Picks when a snooze ends (the snooze menu's "Custom"): a date and a half-hour time slot, 12:00
 * to 11:30, AM or PM (spec §9). Starts at this time tomorrow, rounded up to the half hour.
 */
export function CustomSnoozeDialog({
  open,
  onOpenChange,
  onSnooze,
  description = 'It comes back at this time.',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSnooze: (until: Date) => void;
  description?: string;
}) {
  const [start] = useState(() => slotAtOrAfter(snoozeUntil(1)));
  const [day, setDay] = useState(start.day);
  const [slot, setSlot] = useState(start.slot);
  const [meridiem, setMeridiem] = useState<Meridiem>(start.meridiem);
  const until = atSlot(day, slot, meridiem);
  const error = !until ? 'Pick a date' : until.getTime() <= Date.now() ? 'Pick a time in the future' : null;
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
      description={description}
      footer={
        <>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button variant="primary" disabled={!!error} onClick={submit}>
            Snooze
          </Button>
        </>
      }
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Field label="Date" error={error}>
          {(control) => (
            <Input
              {...control}
              type="date"
              value={day}
              min={toLocalDay(new Date())}
              onChange={(event) => setDay(event.target.value)}
            />
          )}
        </Field>
        <div className="grid grid-cols-[minmax(0,1fr)_6rem] gap-3">
          <Field label="Time">
            {(control) => (
              <Select {...control} value={slot} onChange={(event) => setSlot(event.target.value)}>
                {TIME_SLOTS.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="AM or PM">
            {(control) => (
              <Select
                {...control}
                value={meridiem}
                onChange={(event) => setMeridiem(event.target.value as Meridiem)}
              >
                <option value="AM">AM</option>
                <option value="PM">PM</option>
              </Select>
            )}
          </Field>
        </div>
        {/* Enter in a field submits. */}
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}
