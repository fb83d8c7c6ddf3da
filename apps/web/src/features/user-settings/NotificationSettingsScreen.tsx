import type { NotificationPreferences } from '@kite/shared/contracts';
import { createLazyRoute } from '@tanstack/react-router';
import { observer } from 'mobx-react-lite';
import { useStores } from '../../app/StoresContext.tsx';
import { PageLoader } from '../../ui/Spinner.tsx';
import { Switch } from '../../ui/Switch.tsx';
import { SettingsSection } from '../app-shell/SettingsNav.tsx';
import { SettingsPageTitle } from './SettingsPageTitle.tsx';

const PREFERENCES: { key: keyof NotificationPreferences; label: string; description: string }[] = [
  {
    key: 'property_change',
    label: 'Property changes',
    description: 'When the assignees, priority, dates, labels or other properties of a work item change.',
  },
  { key: 'state_change', label: 'State changes', description: 'When a work item moves to another state.' },
  {
    key: 'issue_completed',
    label: 'Work item completed',
    description: 'When a work item is completed, even with state changes off.',
  },
  { key: 'comment', label: 'Comments', description: 'When someone comments on a work item.' },
  {
    key: 'mention',
    label: 'Mentions',
    description: 'When someone mentions you in a description or a comment.',
  },
];

/** Which changes to work items the user is notified of (`/settings/profile/notifications`). */
export const NotificationSettingsScreen = observer(function NotificationSettingsScreen() {
  const { notificationPreferences } = useStores();
  const preferences = notificationPreferences.preferences;
  return (
    <>
      <SettingsPageTitle
        title="Notifications"
        description="What you hear about the work items you created, are assigned to or subscribe to."
      />
      <SettingsSection title="Notify me about" description="Each change is saved at once.">
        {!preferences ? (
          <PageLoader label="Loading notification settings" />
        ) : (
          <ul className="-my-3 divide-y divide-border">
            {PREFERENCES.map(({ key, label, description }) => (
              <li key={key} className="flex items-center justify-between gap-4 py-3">
                <div>
                  <p id={`preference-${key}`} className="text-sm font-medium text-fg">
                    {label}
                  </p>
                  <p id={`preference-${key}-description`} className="text-sm text-fg-muted">
                    {description}
                  </p>
                </div>
                <Switch
                  checked={preferences[key]}
                  onCheckedChange={(on) => void notificationPreferences.set(key, on)}
                  aria-labelledby={`preference-${key}`}
                  aria-describedby={`preference-${key}-description`}
                />
              </li>
            ))}
          </ul>
        )}
      </SettingsSection>
    </>
  );
});

/** The lazily loaded half of the route in routes/ProfileNotificationsRoute.tsx. */
export const NotificationSettingsLazyRoute = createLazyRoute('/authed/settings/profile/notifications')({
  component: NotificationSettingsScreen,
});
