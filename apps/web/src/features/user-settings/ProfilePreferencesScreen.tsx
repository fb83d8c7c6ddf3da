import { SettingsSection } from '../app-shell/SettingsNav.tsx';
import { SettingsPageTitle } from './SettingsPageTitle.tsx';
import { ThemePicker } from './ThemePicker.tsx';

export function ProfilePreferencesScreen() {
  return (
    <>
      <SettingsPageTitle title="Preferences" description="How Kite looks for you." />
      <SettingsSection title="Appearance" description="Choose a theme. It is saved to your account.">
        <ThemePicker />
      </SettingsSection>
    </>
  );
}
