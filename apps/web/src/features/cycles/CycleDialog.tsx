import type { Cycle } from '@kite/shared/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { type DateRange, DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import { useStores } from '../../app/StoresContext.tsx';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Field, FieldError } from '../../ui/Field.tsx';
import { Input, Textarea } from '../../ui/Input.tsx';
import { toastSuccess } from '../../ui/toast.ts';
import { formatRange } from './cycleFormat.ts';
import './day-picker.css';

/** `YYYY-MM-DD` of a picked day (the picker's dates are local midnights). */
export function toDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function fromDay(day: string | null): Date | undefined {
  if (!day) return undefined;
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d!);
}

/**
 * Create or edit a cycle: name, description and a date range picked on a two-month calendar. A
 * range is checked against the project's other cycles as soon as both ends are picked.
 */
export function CycleDialog({
  slug,
  projectId,
  cycle,
  onClose,
}: {
  slug: string;
  projectId: string;
  cycle: Cycle | null;
  onClose: () => void;
}) {
  const { cycles } = useStores();
  const [name, setName] = useState(cycle?.name ?? '');
  const [description, setDescription] = useState(cycle?.description ?? '');
  const [range, setRange] = useState<DateRange | undefined>(
    cycle?.start_date ? { from: fromDay(cycle.start_date), to: fromDay(cycle.end_date) } : undefined,
  );
  const [errors, setErrors] = useState<{ name?: string; dates?: string; form?: string }>({});
  const [conflict, setConflict] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const start = range?.from ? toDay(range.from) : null;
  const end = range?.to ? toDay(range.to) : null;

  useEffect(() => {
    setConflict(null);
    if (!start || !end) return;
    let current = true;
    const timer = setTimeout(() => {
      void cycles
        .dateConflict(slug, projectId, {
          start_date: start,
          end_date: end,
          ...(cycle && { cycle_id: cycle.id }),
        })
        .then((message) => current && setConflict(message));
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [cycles, slug, projectId, cycle, start, end]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next: typeof errors = {};
    if (!name.trim()) next.name = 'Name is required';
    if (start && !end) next.dates = 'Pick the end date too, or clear the dates';
    setErrors(next);
    if (Object.keys(next).length > 0 || conflict) return;
    setBusy(true);
    const body = { name: name.trim(), description, start_date: start, end_date: end };
    try {
      if (cycle) await cycles.update(slug, projectId, cycle.id, body);
      else await cycles.create(slug, projectId, body);
      toastSuccess(cycle ? 'Cycle updated' : 'Cycle created');
      onClose();
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : undefined;
      setErrors({
        name: fields?.name,
        dates: fields?.end_date ?? fields?.start_date,
        form: fields ? undefined : errorMessage(error),
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      title={cycle ? 'Edit cycle' : 'New cycle'}
      size="lg"
    >
      <form id="cycle-form" onSubmit={submit} className="flex flex-col gap-4 px-5 pt-4 pb-5">
        <Field label="Name" error={errors.name}>
          {(control) => (
            <Input
              {...control}
              value={name}
              maxLength={255}
              autoFocus
              onChange={(e) => setName(e.target.value)}
            />
          )}
        </Field>
        <Field label="Description" optional>
          {(control) => (
            <Textarea
              {...control}
              rows={2}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />
          )}
        </Field>
        <fieldset className="flex flex-col gap-1.5">
          <legend className="text-sm font-medium text-fg">Dates</legend>
          <div className="flex items-center justify-between gap-2 text-sm text-fg-muted">
            <span aria-live="polite">
              {start && end
                ? formatRange({ start_date: start, end_date: end })
                : start
                  ? 'Pick the end date'
                  : 'No dates: the cycle stays a draft'}
            </span>
            {range && (
              <Button type="button" variant="ghost" size="sm" onClick={() => setRange(undefined)}>
                Clear dates
              </Button>
            )}
          </div>
          <DayPicker
            className="kite-day-picker"
            mode="range"
            numberOfMonths={2}
            selected={range}
            onSelect={setRange}
            defaultMonth={range?.from ?? new Date()}
            weekStartsOn={0}
          />
          <FieldError message={conflict ?? errors.dates} />
        </fieldset>
        <FieldError message={errors.form} />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={busy || !!conflict}>
            {busy ? 'Saving…' : cycle ? 'Save changes' : 'Create cycle'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
