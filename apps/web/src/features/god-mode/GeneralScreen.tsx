import { observer } from 'mobx-react-lite';
import { type FormEvent, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { ApiError } from '../../lib/api.ts';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { Input } from '../../ui/Input.tsx';
import { Switch } from '../../ui/Switch.tsx';
import { toast, toastError } from '../../ui/toast.ts';
import { SettingsSection } from '../app-shell/SettingsNav.tsx';
import { ConfigSwitch } from './ConfigSwitch.tsx';
import { ConsoleHeader, LoadState } from './ConsolePage.tsx';
import type { InstanceSettingsStore } from './InstanceSettingsStore.ts';
import { useInstanceSettings } from './useConsole.ts';

/** `/god-mode/general`: the instance's name, its admin, telemetry and what it is. */
export const GeneralScreen = observer(function GeneralScreen() {
  const settings = useInstanceSettings();
  return (
    <>
      <ConsoleHeader
        title="General"
        description="The name of this instance, its admin, telemetry and outgoing requests."
      />
      {settings.instance ? (
        <GeneralForm key={settings.instance.id} settings={settings} />
      ) : (
        <LoadState
          error={settings.loadError}
          label="Loading the instance"
          onRetry={() => settings.load(true).catch(() => undefined)}
        />
      )}
    </>
  );
});

const GeneralForm = observer(function GeneralForm({ settings }: { settings: InstanceSettingsStore }) {
  const { user } = useStores();
  const instance = settings.instance!;
  const [name, setName] = useState(instance.instance_name);
  const [nameError, setNameError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const dirty = name.trim() !== instance.instance_name;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameError('Name is required');
      return;
    }
    setBusy(true);
    try {
      await settings.updateInstance({ instance_name: name.trim() });
      toast.success('Instance name saved');
    } catch (error) {
      if (error instanceof ApiError && error.fields?.instance_name) setNameError(error.fields.instance_name);
      toastError(error, 'The name could not be saved');
    } finally {
      setBusy(false);
    }
  };

  const switchTelemetry = async (on: boolean) => {
    try {
      await settings.updateInstance({ is_telemetry_enabled: on });
      toast.success(on ? 'Telemetry turned on' : 'Telemetry turned off');
    } catch (error) {
      toastError(error, 'Telemetry could not be switched');
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <SettingsSection title="Instance" description="How this instance names itself, and who runs it.">
        <form onSubmit={save} noValidate className="flex flex-col gap-4">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <Field label="Instance name" error={nameError}>
              {(control) => (
                <Input
                  {...control}
                  value={name}
                  maxLength={255}
                  onChange={(e) => {
                    setName(e.target.value);
                    setNameError(null);
                  }}
                />
              )}
            </Field>
            <Field label="Admin email" hint="The instance admin signed in now.">
              {(control) => <Input {...control} value={user.user?.email ?? ''} readOnly />}
            </Field>
            <Field label="Instance ID">
              {(control) => (
                <Input {...control} value={instance.instance_id} readOnly className="font-mono" />
              )}
            </Field>
            <Field label="Version">
              {(control) => (
                <Input {...control} value={`${instance.current_version} (${instance.edition})`} readOnly />
              )}
            </Field>
          </div>
          <div className="flex justify-end">
            <Button type="submit" variant="primary" loading={busy} disabled={!dirty}>
              Save changes
            </Button>
          </div>
        </form>
      </SettingsSection>
      <SettingsSection title="Telemetry" description="Anonymous usage counts that help improve the app.">
        <div className="flex items-center justify-between gap-4">
          <p className="text-sm text-fg">
            Send anonymous usage data
            <span className="block text-xs text-fg-muted">
              Never work items, names or emails. Off unless you turn it on.
            </span>
          </p>
          <Switch
            checked={instance.is_telemetry_enabled}
            onCheckedChange={switchTelemetry}
            aria-label="Send anonymous usage data"
          />
        </div>
      </SettingsSection>
      <SettingsSection
        title="Outgoing requests"
        description="Where webhooks and GitHub sync may send requests from this server."
      >
        <ConfigSwitch
          settings={settings}
          configKey="WEBHOOK_ALLOW_PRIVATE"
          label="Allow private addresses"
          description="Let webhooks and GitHub sync reach loopback, private-network and other non-public addresses. Off keeps them to the public internet."
          fallback={false}
        />
      </SettingsSection>
    </div>
  );
});
