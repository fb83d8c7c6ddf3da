import type { ApiTokenCreated } from '@kite/shared/contracts';
import { type FormEvent, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { Input, Select, Textarea } from '../../ui/Input.tsx';
import { EXPIRY_PRESETS, type ExpiryPreset, expiryFor, localDate } from './apiTokenDates.ts';

interface CreateApiTokenDialogProps {
  slug: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The new token, full, for the one time it can be shown. */
  onCreated: (created: ApiTokenCreated) => void;
}

const EMPTY = { label: '', description: '', preset: '1m' as ExpiryPreset, customDate: '' };

/** Label, description and expiry of a new API token (api.md §14). */
export function CreateApiTokenDialog({ slug, open, onOpenChange, onCreated }: CreateApiTokenDialogProps) {
  const { apiTokens } = useStores();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = (next: boolean) => {
    if (busy) return;
    if (!next) {
      setForm(EMPTY);
      setErrors({});
      setFailure(null);
    }
    onOpenChange(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const label = form.label.trim();
    const expiredAt = expiryFor(form.preset, new Date(), form.customDate);
    const found: Record<string, string> = {};
    if (!label) found.label = 'Give the token a label';
    if (expiredAt === undefined) found.expired_at = 'Pick a date after today';
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const created = await apiTokens.create(slug, {
        label,
        description: form.description.trim(),
        expired_at: expiredAt,
      });
      setForm(EMPTY);
      onOpenChange(false);
      onCreated(created);
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      else setFailure(errorMessage(error, 'The token could not be created'));
    } finally {
      setBusy(false);
    }
  };

  const tomorrow = localDate(new Date(Date.now() + 86_400_000));

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Add API token"
      description="Scripts and SDKs use a token to call the API as you, with your role in this workspace."
    >
      <form id="create-api-token" onSubmit={submit} className="flex flex-col gap-4" noValidate>
        {failure && <Alert tone="error">{failure}</Alert>}
        <Field label="Label" error={errors.label}>
          {(control) => (
            <Input
              {...control}
              value={form.label}
              onChange={(e) => setForm({ ...form, label: e.target.value })}
              placeholder="CI deploys"
              maxLength={255}
              autoFocus
            />
          )}
        </Field>
        <Field label="Description" optional error={errors.description}>
          {(control) => (
            <Textarea
              {...control}
              value={form.description}
              onChange={(e) => setForm({ ...form, description: e.target.value })}
              placeholder="What uses this token"
              maxLength={2000}
              rows={2}
            />
          )}
        </Field>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Field
            label="Expiry"
            className="sm:w-44"
            error={form.preset === 'custom' ? null : errors.expired_at}
          >
            {(control) => (
              <Select
                {...control}
                value={form.preset}
                onChange={(e) => setForm({ ...form, preset: e.target.value as ExpiryPreset })}
              >
                {EXPIRY_PRESETS.map((preset) => (
                  <option key={preset.value} value={preset.value}>
                    {preset.label}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          {form.preset === 'custom' && (
            <Field label="Expires on" className="flex-1" error={errors.expired_at}>
              {(control) => (
                <Input
                  {...control}
                  type="date"
                  min={tomorrow}
                  value={form.customDate}
                  onChange={(e) => setForm({ ...form, customDate: e.target.value })}
                />
              )}
            </Field>
          )}
        </div>
        <div className="flex justify-end gap-2">
          <Button onClick={() => close(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" loading={busy}>
            Create token
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
