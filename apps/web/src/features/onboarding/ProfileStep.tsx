import { observer } from 'mobx-react-lite';
import { type FormEvent, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { browserTimezone } from '../../lib/timezones.ts';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { Input } from '../../ui/Input.tsx';
import { toastError } from '../../ui/toast.ts';

export const JOB_TITLES = [
  'Engineer',
  'Engineering manager',
  'Product manager',
  'Designer',
  'Founder / executive',
  'Marketing',
  'Operations',
  'Student',
  'Other',
];

/** Step 1: name and role; stores onboarding_step.profile_complete. */
export const ProfileStep = observer(function ProfileStep() {
  const { user } = useStores();
  const [firstName, setFirstName] = useState(user.user?.first_name ?? '');
  const [lastName, setLastName] = useState(user.user?.last_name ?? '');
  const [role, setRole] = useState(user.profile?.role ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!firstName.trim()) {
      setError('First name is required');
      return;
    }
    setBusy(true);
    try {
      const tz = user.user?.user_timezone;
      await user.updateMe({
        first_name: firstName.trim(),
        last_name: lastName.trim(),
        // A new account starts on UTC; take the browser's zone unless the user chose one.
        ...(!tz || tz === 'UTC' ? { user_timezone: browserTimezone() } : {}),
      });
      await user.updateProfile({ role: role.trim() || null, onboarding_step: { profile_complete: true } });
    } catch (err) {
      toastError(err, 'Failed to update user profile');
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field label="First name" error={error}>
          {(control) => (
            <Input
              {...control}
              value={firstName}
              onChange={(e) => {
                setFirstName(e.target.value);
                setError(null);
              }}
              autoComplete="given-name"
              autoFocus
            />
          )}
        </Field>
        <Field label="Last name" optional>
          {(control) => (
            <Input
              {...control}
              value={lastName}
              onChange={(e) => setLastName(e.target.value)}
              autoComplete="family-name"
            />
          )}
        </Field>
      </div>
      <Field label="What is your role?" optional hint="Pick one or type your own job title.">
        {(control) => (
          <>
            <Input
              {...control}
              value={role}
              onChange={(e) => setRole(e.target.value)}
              list="onboarding-job-titles"
              placeholder="e.g. Product manager"
              autoComplete="organization-title"
            />
            <datalist id="onboarding-job-titles">
              {JOB_TITLES.map((title) => (
                <option key={title} value={title} />
              ))}
            </datalist>
          </>
        )}
      </Field>
      <Button type="submit" variant="primary" size="lg" loading={busy}>
        Continue
      </Button>
    </form>
  );
});
