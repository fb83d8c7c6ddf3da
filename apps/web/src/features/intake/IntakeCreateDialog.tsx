import type { IntakeIssue } from '@kite/shared/contracts';
import { type FormEvent, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { Input, Select, Textarea } from '../../ui/Input.tsx';
import { toastSuccess } from '../../ui/toast.ts';
import { PRIORITY_ORDER } from '../issues/store/displayFilters.ts';
import { PRIORITY_LABELS } from '../public-board/PriorityIcon.tsx';
import { intakeErrorMessage } from './IntakeStore.ts';
import { textToHtml } from './intakeFormat.ts';

type Priority = (typeof PRIORITY_ORDER)[number];

/**
 * Submits a request to the project's intake (anyone in the project, guests too): a title, a
 * description and a priority. It waits in the Open tab until an admin triages it.
 */
export function IntakeCreateDialog({
  slug,
  projectId,
  open,
  onOpenChange,
  onCreated,
}: {
  slug: string;
  projectId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (item: IntakeIssue) => void;
}) {
  const { intake } = useStores();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [priority, setPriority] = useState<Priority>('none');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = (next: boolean) => {
    if (busy) return;
    if (!next) {
      setName('');
      setDescription('');
      setPriority('none');
      setError(null);
      setFailure(null);
    }
    onOpenChange(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const title = name.trim();
    if (!title) {
      setError('Title is required');
      return;
    }
    if (title.length > 255) {
      setError('Title cannot exceed 255 characters');
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const html = textToHtml(description);
      const item = await intake.create(slug, projectId, {
        name: title,
        priority,
        ...(html ? { description_html: html } : {}),
      });
      setBusy(false);
      toastSuccess('Submitted to intake');
      close(false);
      onCreated(item);
    } catch (e) {
      setBusy(false);
      setFailure(intakeErrorMessage(e, 'The work item could not be submitted'));
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="New intake item"
      description="It waits in the project's intake until a project admin accepts or declines it."
      size="lg"
    >
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <Field label="Title" error={error}>
          {(control) => (
            <Input
              {...control}
              value={name}
              maxLength={255}
              autoFocus
              placeholder="What should the team look at?"
              onChange={(e) => {
                setName(e.target.value);
                setError(null);
              }}
            />
          )}
        </Field>
        <Field label="Description" optional>
          {(control) => (
            <Textarea
              {...control}
              rows={5}
              value={description}
              placeholder="Click to add description"
              onChange={(e) => setDescription(e.target.value)}
            />
          )}
        </Field>
        <Field label="Priority" className="max-w-56">
          {(control) => (
            <Select {...control} value={priority} onChange={(e) => setPriority(e.target.value as Priority)}>
              {PRIORITY_ORDER.map((p) => (
                <option key={p} value={p}>
                  {PRIORITY_LABELS[p]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {failure && (
          <p role="alert" className="text-sm font-medium text-danger">
            {failure}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button onClick={() => close(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" loading={busy}>
            Submit
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
