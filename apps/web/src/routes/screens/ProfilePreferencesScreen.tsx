import { SettingsSection } from '../../features/app-shell/SettingsNav.tsx';
import { ThemePicker } from '../../features/user-settings/ThemePicker.tsx';
import { SettingsPageTitle } from './ProfileSettingsLayoutScreen.tsx';

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

export const profilePreferencesScreen = ProfilePreferences;
