import { createRoute } from '@tanstack/react-router';
import { SettingsSection } from '../features/app-shell/SettingsNav.tsx';
import { ThemePicker } from '../features/user-settings/ThemePicker.tsx';
import { profileSettingsRoute, SettingsPageTitle } from './ProfileSettingsLayoutRoute.tsx';

export const profilePreferencesRoute = createRoute({
  getParentRoute: () => profileSettingsRoute,
  path: 'preferences',
  component: ProfilePreferences,
});

function ProfilePreferences() {
  return (
    <>
      <SettingsPageTitle title="Preferences" description="How Kite looks for you." />
      <SettingsSection title="Appearance" description="Choose a theme. It is saved to your account.">
        <ThemePicker />
      </SettingsSection>
    </>
  );
}
