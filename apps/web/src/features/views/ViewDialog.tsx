import { type CreateViewBody, VIEW_ACCESS, type View, type ViewAccess } from '@kite/shared/contracts';
import { observer } from 'mobx-react-lite';
import { type FormEvent, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Field, FieldError } from '../../ui/Field.tsx';
import { Input, Textarea } from '../../ui/Input.tsx';
import { toastSuccess } from '../../ui/toast.ts';
import type { ViewPlace } from './ViewStore.ts';

/** The saved settings a new view starts from (the list's current ones for "Save as view"). */
export type ViewSettingsBody = Pick<CreateViewBody, 'filters' | 'display_filters' | 'display_properties'>;

const ACCESS_OPTIONS: { value: ViewAccess; label: string; description: string }[] = [
  { value: VIEW_ACCESS.PUBLIC, label: 'Public', description: 'Everyone who can see the work items' },
  { value: VIEW_ACCESS.PRIVATE, label: 'Private', description: 'Only you' },
];

/**
 * Creates a view (name, description, access; the settings come from the caller), or edits the
 * name and description of `view`. A blank name is saved as "Untitled" by the server.
 */
export const ViewDialog = observer(function ViewDialog({
  place,
  view,
  settings,
  title,
  onClose,
  onSaved,
}: {
  place: ViewPlace;
  view?: View;
  settings?: ViewSettingsBody;
  title?: string;
  onClose: () => void;
  onSaved?: (view: View) => void;
}) {
  const { views } = useStores();
  const [name, setName] = useState(view?.name ?? '');
  const [description, setDescription] = useState(view?.description ?? '');
  const [access, setAccess] = useState<ViewAccess>(VIEW_ACCESS.PUBLIC);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const saved = view
        ? await views.update(place, view.id, { name, description })
        : await views.create(place, { name, description, access, ...settings });
      toastSuccess(view ? 'View updated' : 'View created');
      onClose();
      onSaved?.(saved);
    } catch (error) {
      const fields = (error instanceof ApiError && error.fields) || {};
      setErrors({ name: fields.name, description: fields.description, form: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      title={title ?? (view ? 'Edit view' : 'New view')}
    >
      <form onSubmit={submit} className="flex flex-col gap-4">
        <Field label="Name" error={errors.name}>
          {(control) => (
            <Input
              {...control}
              value={name}
              maxLength={255}
              placeholder="Untitled"
              autoFocus
              onChange={(e) => setName(e.target.value)}
            />
          )}
        </Field>
        <Field label="Description" optional error={errors.description}>
          {(control) => (
            <Textarea
              {...control}
              rows={2}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />
          )}
        </Field>
        {!view && (
          <fieldset className="flex flex-col gap-1.5">
            <legend className="mb-1.5 text-sm font-medium text-fg">Access</legend>
            {ACCESS_OPTIONS.map((option) => (
              <label key={option.value} className="flex cursor-pointer items-center gap-2 text-sm text-fg">
                <input
                  type="radio"
                  name="view-access"
                  checked={access === option.value}
                  onChange={() => setAccess(option.value)}
                />
                {option.label}
                <span className="text-xs text-fg-muted">{option.description}</span>
              </label>
            ))}
          </fieldset>
        )}
        <FieldError message={errors.name || errors.description ? undefined : errors.form} />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" loading={busy}>
            {view ? 'Save changes' : 'Create view'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
});
