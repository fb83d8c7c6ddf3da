import { Send } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { type FormEvent, useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { Input, PasswordInput, Select } from '../../ui/Input.tsx';
import { toast, toastError } from '../../ui/toast.ts';
import { SettingsSection } from '../app-shell/SettingsNav.tsx';
import { ConsoleHeader, LoadState } from './ConsolePage.tsx';
import { configPatch, type FieldKind, type FormValues, formValuesOf, SECRET_MASK } from './configValues.ts';
import type { InstanceSettingsStore } from './InstanceSettingsStore.ts';
import { TestEmailDialog } from './TestEmailDialog.tsx';
import { useInstanceSettings } from './useConsole.ts';

export const SMTP_FIELDS: Record<string, FieldKind> = {
  EMAIL_HOST: 'text',
  EMAIL_PORT: 'text',
  EMAIL_HOST_USER: 'text',
  EMAIL_HOST_PASSWORD: 'secret',
  EMAIL_USE_SSL: 'bool',
  EMAIL_FROM: 'text',
};

/** `/god-mode/email`: the SMTP server the instance sends its mail through, and a test mail. */
export const EmailScreen = observer(function EmailScreen() {
  const settings = useInstanceSettings();
  return (
    <>
      <ConsoleHeader
        title="Email"
        description="The SMTP server for invitations, magic codes, password resets and notifications."
      />
      {settings.isLoaded ? (
        <SmtpForm settings={settings} />
      ) : (
        <LoadState
          error={settings.loadError}
          label="Loading the email settings"
          onRetry={() => settings.load(true).catch(() => undefined)}
        />
      )}
    </>
  );
});

const SmtpForm = observer(function SmtpForm({ settings }: { settings: InstanceSettingsStore }) {
  const [initial, setInitial] = useState<FormValues>(() => formValuesOf(settings.rows ?? [], SMTP_FIELDS));
  const [values, setValues] = useState<FormValues>(initial);
  const [busy, setBusy] = useState(false);
  const [testing, setTesting] = useState(false);
  const [hostError, setHostError] = useState<string | null>(null);
  const patch = configPatch(initial, values, SMTP_FIELDS);
  const dirty = Object.keys(patch).length > 0;
  const text = (key: string) => String(values[key] ?? '');
  const set = (key: string, value: string | boolean) => setValues((v) => ({ ...v, [key]: value }));
  const configured = settings.config?.is_smtp_configured ?? false;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!text('EMAIL_HOST').trim() && (text('EMAIL_PORT').trim() || text('EMAIL_FROM').trim())) {
      setHostError('A host is needed to send mail');
      return;
    }
    setBusy(true);
    try {
      await settings.saveConfig(patch);
      const saved = formValuesOf(settings.rows ?? [], SMTP_FIELDS);
      setInitial(saved);
      setValues(saved);
      toast.success('Email settings saved');
    } catch (error) {
      toastError(error, 'The email settings could not be saved');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <SettingsSection
        title="SMTP server"
        description={
          configured
            ? 'Mail is sent through this server.'
            : 'No SMTP server yet: mail is written to the server log instead of being sent.'
        }
      >
        <form onSubmit={save} noValidate className="flex flex-col gap-4">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <Field label="Host" error={hostError}>
              {(control) => (
                <Input
                  {...control}
                  value={text('EMAIL_HOST')}
                  onChange={(e) => {
                    set('EMAIL_HOST', e.target.value);
                    setHostError(null);
                  }}
                  placeholder="smtp.example.com"
                  autoComplete="off"
                  spellCheck={false}
                />
              )}
            </Field>
            <Field label="Port" hint="Usually 587 (STARTTLS) or 465 (SSL).">
              {(control) => (
                <Input
                  {...control}
                  value={text('EMAIL_PORT')}
                  onChange={(e) => set('EMAIL_PORT', e.target.value.replace(/\D/g, ''))}
                  placeholder="587"
                  inputMode="numeric"
                  maxLength={5}
                />
              )}
            </Field>
            <Field label="Username" optional>
              {(control) => (
                <Input
                  {...control}
                  value={text('EMAIL_HOST_USER')}
                  onChange={(e) => set('EMAIL_HOST_USER', e.target.value)}
                  autoComplete="off"
                  spellCheck={false}
                />
              )}
            </Field>
            <Field label="Password" optional hint="Left as shown, the saved password is kept.">
              {(control) => (
                <PasswordInput
                  {...control}
                  value={text('EMAIL_HOST_PASSWORD')}
                  onChange={(e) => set('EMAIL_HOST_PASSWORD', e.target.value)}
                  onFocus={(e) => {
                    if (e.currentTarget.value === SECRET_MASK) e.currentTarget.select();
                  }}
                  autoComplete="new-password"
                />
              )}
            </Field>
            <Field label="Security">
              {(control) => (
                <Select
                  {...control}
                  value={values.EMAIL_USE_SSL ? 'ssl' : 'none'}
                  onChange={(e) => set('EMAIL_USE_SSL', e.target.value === 'ssl')}
                >
                  <option value="none">None (STARTTLS when offered)</option>
                  <option value="ssl">SSL/TLS</option>
                </Select>
              )}
            </Field>
            <Field label="Sender address" hint="The From of every mail, e.g. Kite <kite@example.com>.">
              {(control) => (
                <Input
                  {...control}
                  value={text('EMAIL_FROM')}
                  onChange={(e) => set('EMAIL_FROM', e.target.value)}
                  placeholder="kite@example.com"
                  autoComplete="off"
                />
              )}
            </Field>
          </div>
          <div className="flex flex-wrap items-center justify-end gap-2">
            <Button onClick={() => setTesting(true)} disabled={dirty || busy}>
              <Send className="size-4" aria-hidden /> Send test email
            </Button>
            <Button type="submit" variant="primary" loading={busy} disabled={!dirty}>
              Save changes
            </Button>
          </div>
          {dirty && (
            <p className="text-right text-xs text-fg-muted">Save the changes before sending a test.</p>
          )}
        </form>
      </SettingsSection>
      <TestEmailDialog open={testing} onOpenChange={setTesting} />
    </div>
  );
});
