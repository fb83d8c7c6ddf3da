import { observer } from 'mobx-react-lite';
import { type FormEvent, useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { Input, PasswordInput } from '../../ui/Input.tsx';
import { Switch } from '../../ui/Switch.tsx';
import { toast, toastError } from '../../ui/toast.ts';
import { CallbackUrlField } from './CallbackUrlField.tsx';
import { configPatch, type FormValues, formValuesOf, SECRET_MASK } from './configValues.ts';
import type { InstanceSettingsStore } from './InstanceSettingsStore.ts';
import { callbackUrl, type ProviderDefinition, providerFieldKinds } from './providers.ts';

interface ProviderDialogProps {
  provider: ProviderDefinition | null;
  settings: InstanceSettingsStore;
  onClose: () => void;
}

/** Configures one sign-in provider: its client, its server where it has one, and the switch. */
export function ProviderDialog({ provider, settings, onClose }: ProviderDialogProps) {
  return (
    <Dialog
      open={provider !== null}
      onOpenChange={(open) => !open && onClose()}
      title={provider ? `Configure ${provider.name}` : ''}
      description={provider?.description}
      size="lg"
    >
      {provider && (
        <ProviderForm key={provider.id} provider={provider} settings={settings} onDone={onClose} />
      )}
    </Dialog>
  );
}

const ProviderForm = observer(function ProviderForm({
  provider,
  settings,
  onDone,
}: {
  provider: ProviderDefinition;
  settings: InstanceSettingsStore;
  onDone: () => void;
}) {
  const kinds = providerFieldKinds(provider);
  const [initial] = useState<FormValues>(() => formValuesOf(settings.rows ?? [], kinds, provider.defaults));
  const [values, setValues] = useState<FormValues>(initial);
  const [busy, setBusy] = useState(false);
  const patch = configPatch(initial, values, kinds);
  const dirty = Object.keys(patch).length > 0;
  const set = (key: string, value: string | boolean) => setValues((v) => ({ ...v, [key]: value }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await settings.saveConfig(patch);
      toast.success(`${provider.name} settings saved`);
      onDone();
    } catch (error) {
      toastError(error, `The ${provider.name} settings could not be saved`);
      setBusy(false);
    }
  };

  return (
    <form onSubmit={save} noValidate className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-4 rounded-md border border-border px-3 py-2.5">
        <p id={`${provider.id}-enable`} className="text-sm font-medium text-fg">
          Allow sign-in with {provider.name}
        </p>
        <Switch
          checked={values[provider.enableKey] === true}
          onCheckedChange={(on) => set(provider.enableKey, on)}
          aria-labelledby={`${provider.id}-enable`}
        />
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {provider.fields.map((field) => (
          <Field key={field.key} label={field.label} hint={field.hint} optional={field.optional}>
            {(control) =>
              field.kind === 'secret' ? (
                <PasswordInput
                  {...control}
                  value={String(values[field.key] ?? '')}
                  onChange={(e) => set(field.key, e.target.value)}
                  onFocus={(e) => {
                    if (e.currentTarget.value === SECRET_MASK) e.currentTarget.select();
                  }}
                  autoComplete="new-password"
                  spellCheck={false}
                />
              ) : (
                <Input
                  {...control}
                  value={String(values[field.key] ?? '')}
                  onChange={(e) => set(field.key, e.target.value)}
                  placeholder={field.placeholder}
                  autoComplete="off"
                  spellCheck={false}
                />
              )
            }
          </Field>
        ))}
      </div>
      <CallbackUrlField
        label="Callback URL"
        url={callbackUrl(window.location.origin, provider.id)}
        hint={`Register this URL as the redirect URI of the ${provider.name} client.`}
      />
      <div className="flex justify-end gap-2 border-t border-border pt-4">
        <Button onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" loading={busy} disabled={!dirty}>
          Save
        </Button>
      </div>
    </form>
  );
});
