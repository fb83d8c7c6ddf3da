import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { SettingsSection } from '../app-shell/SettingsNav.tsx';
import { ConfigSwitch } from './ConfigSwitch.tsx';
import { ConsoleHeader, LoadState } from './ConsolePage.tsx';
import { isOn } from './configValues.ts';
import type { InstanceSettingsStore } from './InstanceSettingsStore.ts';
import { ProviderDialog } from './ProviderDialog.tsx';
import { PROVIDERS, type ProviderDefinition } from './providers.ts';
import { useInstanceSettings } from './useConsole.ts';

/** `/god-mode/authentication`: who may sign up, the built-in sign-in methods and the providers. */
export const AuthenticationScreen = observer(function AuthenticationScreen() {
  const settings = useInstanceSettings();
  return (
    <>
      <ConsoleHeader
        title="Authentication"
        description="Who may create an account, and the ways people sign in to this instance."
      />
      {settings.isLoaded && settings.config ? (
        <AuthenticationSettings settings={settings} />
      ) : (
        <LoadState
          error={settings.loadError}
          label="Loading the sign-in settings"
          onRetry={() => settings.load(true).catch(() => undefined)}
        />
      )}
    </>
  );
});

const AuthenticationSettings = observer(function AuthenticationSettings({
  settings,
}: {
  settings: InstanceSettingsStore;
}) {
  const config = settings.config!;
  const [configuring, setConfiguring] = useState<ProviderDefinition | null>(null);
  return (
    <div className="flex flex-col gap-6">
      <SettingsSection title="Sign-in methods" description="Each change applies to the sign-in page at once.">
        <div className="-my-3 divide-y divide-border">
          <ConfigSwitch
            settings={settings}
            configKey="ENABLE_SIGNUP"
            label="Allow sign-up"
            description="Anyone who can reach this instance may create an account. Off: only invited people."
            fallback={config.enable_signup}
          />
          <ConfigSwitch
            settings={settings}
            configKey="ENABLE_EMAIL_PASSWORD"
            label="Email and password"
            description="Sign in with an email address and a password."
            fallback={config.is_email_password_enabled}
          />
          <ConfigSwitch
            settings={settings}
            configKey="ENABLE_MAGIC_LINK_LOGIN"
            label="Magic code"
            description="Sign in with a one-time code sent by email (needs SMTP)."
            fallback={config.is_magic_login_enabled}
          />
        </div>
      </SettingsSection>
      <section aria-labelledby="providers-title">
        <h2 id="providers-title" className="text-sm font-semibold text-fg">
          Sign-in providers
        </h2>
        <p className="mt-1 text-sm text-fg-muted">
          A provider shows on the sign-in page once it is switched on and fully configured.
        </p>
        <ul className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2">
          {PROVIDERS.map((provider) => {
            const on = provider.isOn(config);
            const switchedOn = isOn(settings.value(provider.enableKey));
            const status = on ? 'On' : switchedOn ? 'Incomplete' : 'Off';
            return (
              <li
                key={provider.id}
                aria-label={provider.name}
                className="flex flex-col gap-3 rounded-lg border border-border bg-canvas p-4"
              >
                <div className="flex items-start justify-between gap-3">
                  <h3 className="text-sm font-semibold text-fg">{provider.name}</h3>
                  <StatusBadge status={status} />
                </div>
                <p className="flex-1 text-xs text-fg-muted">{provider.description}</p>
                <div>
                  <Button
                    size="sm"
                    onClick={() => setConfiguring(provider)}
                    aria-label={`Configure ${provider.name}`}
                  >
                    Configure
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      </section>
      <ProviderDialog provider={configuring} settings={settings} onClose={() => setConfiguring(null)} />
    </div>
  );
});

const BADGE = {
  On: 'bg-success-soft text-success',
  Incomplete: 'bg-warning-soft text-warning',
  Off: 'bg-surface-2 text-fg-muted',
};

function StatusBadge({ status }: { status: keyof typeof BADGE }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${BADGE[status]}`}>
      {status === 'Incomplete' ? 'On, incomplete' : status}
    </span>
  );
}
