import type { Profile, User } from '@kite/shared/contracts';
import { observer } from 'mobx-react-lite';
import { type FormEvent, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { ApiError } from '../../lib/api.ts';
import { listTimezones } from '../../lib/timezones.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { Input, Select } from '../../ui/Input.tsx';
import { toast, toastError } from '../../ui/toast.ts';
import { SettingsSection } from '../app-shell/SettingsNav.tsx';
import { SettingsPageTitle } from './SettingsPageTitle.tsx';

export const ProfileGeneralScreen = observer(function ProfileGeneralScreen() {
  const { user } = useStores();
  if (!user.user || !user.profile) return null;
  return (
    <>
      <SettingsPageTitle title="General" description="Your name and how others see you." />
      <ProfileForm key={user.user.id} account={user.user} profile={user.profile} />
    </>
  );
});

const ProfileForm = observer(function ProfileForm({ account, profile }: { account: User; profile: Profile }) {
  const { user } = useStores();
  const [firstName, setFirstName] = useState(account.first_name);
  const [lastName, setLastName] = useState(account.last_name);
  const [displayName, setDisplayName] = useState(account.display_name);
  const [timezone, setTimezone] = useState(account.user_timezone);
  const [jobTitle, setJobTitle] = useState(profile.role ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [timezones] = useState(listTimezones);

  const accountChanged =
    firstName.trim() !== account.first_name ||
    lastName.trim() !== account.last_name ||
    displayName.trim() !== account.display_name ||
    timezone !== account.user_timezone;
  const roleChanged = jobTitle.trim() !== (profile.role ?? '');

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!displayName.trim()) {
      setErrors({ display_name: 'Display name is required' });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      if (accountChanged) {
        await user.updateMe({
          first_name: firstName.trim(),
          last_name: lastName.trim(),
          display_name: displayName.trim(),
          user_timezone: timezone,
        });
      }
      if (roleChanged) await user.updateProfile({ role: jobTitle.trim() || null });
      toast.success('Profile updated');
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      toastError(error, 'Failed to update current user');
    } finally {
      setBusy(false);
    }
  };

  const name = `${firstName} ${lastName}`.trim() || displayName || account.email;
  return (
    <SettingsSection title="Profile">
      <form onSubmit={save} noValidate className="flex flex-col gap-5">
        <div className="flex items-center gap-3">
          <Avatar name={name} src={account.avatar_url} size="lg" />
          <div className="min-w-0">
            <p className="truncate font-medium text-fg">{name}</p>
            <p className="truncate text-sm text-fg-muted">{account.email}</p>
          </div>
        </div>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field label="First name" error={errors.first_name}>
            {(control) => (
              <Input
                {...control}
                value={firstName}
                onChange={(e) => setFirstName(e.target.value)}
                autoComplete="given-name"
              />
            )}
          </Field>
          <Field label="Last name" error={errors.last_name}>
            {(control) => (
              <Input
                {...control}
                value={lastName}
                onChange={(e) => setLastName(e.target.value)}
                autoComplete="family-name"
              />
            )}
          </Field>
          <Field label="Display name" error={errors.display_name} hint="Shown in mentions and lists.">
            {(control) => (
              <Input {...control} value={displayName} onChange={(e) => setDisplayName(e.target.value)} />
            )}
          </Field>
          <Field label="Email" hint="Your sign-in address.">
            {(control) => <Input {...control} value={account.email} readOnly />}
          </Field>
          <Field label="Job title" optional>
            {(control) => (
              <Input
                {...control}
                value={jobTitle}
                onChange={(e) => setJobTitle(e.target.value)}
                autoComplete="organization-title"
              />
            )}
          </Field>
          <Field label="Time zone" error={errors.user_timezone}>
            {(control) => (
              <Select {...control} value={timezone} onChange={(e) => setTimezone(e.target.value)}>
                {!timezones.includes(timezone) && <option value={timezone}>{timezone}</option>}
                {timezones.map((zone) => (
                  <option key={zone} value={zone}>
                    {zone}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
        <div className="flex justify-end">
          <Button type="submit" variant="primary" loading={busy} disabled={!accountChanged && !roleChanged}>
            Save changes
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
});
