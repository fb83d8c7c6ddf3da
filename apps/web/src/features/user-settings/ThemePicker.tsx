import clsx from 'clsx';
import { Monitor, Moon, Sun } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useStores } from '../../app/StoresContext.tsx';
import type { ThemeName } from '../../lib/theme.ts';
import { toastError } from '../../ui/toast.ts';

const OPTIONS: { value: ThemeName; label: string; description: string; icon: typeof Sun }[] = [
  { value: 'light', label: 'Light', description: 'Bright surfaces, dark text.', icon: Sun },
  { value: 'dark', label: 'Dark', description: 'Easy on the eyes at night.', icon: Moon },
  { value: 'system', label: 'System', description: 'Follows your device setting.', icon: Monitor },
];

/** Light / dark / system; applied at once and saved to the profile (rolled back if saving fails). */
export const ThemePicker = observer(function ThemePicker() {
  const { user } = useStores();
  const current = user.theme;

  const choose = (theme: ThemeName) => {
    if (theme === current) return;
    user.setTheme(theme).catch((error) => toastError(error, 'Failed to update user profile theme'));
  };

  return (
    <fieldset>
      <legend className="mb-3 text-sm font-medium text-fg">Theme</legend>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {OPTIONS.map((option) => {
          const Icon = option.icon;
          const checked = current === option.value;
          return (
            <label
              key={option.value}
              className={clsx(
                'relative flex cursor-pointer flex-col gap-2 rounded-lg border p-4 transition-colors',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus',
                checked ? 'border-primary bg-primary-soft' : 'border-border hover:border-border-strong',
              )}
            >
              <input
                type="radio"
                name="theme"
                value={option.value}
                checked={checked}
                onChange={() => choose(option.value)}
                aria-label={option.label}
                aria-describedby={`theme-${option.value}-description`}
                // Invisible but covering the card, so the whole card is the radio's hit area.
                className="absolute inset-0 m-0 size-full cursor-pointer appearance-none opacity-0"
              />
              <span className="flex items-center gap-2 text-sm font-medium text-fg">
                <Icon className={clsx('size-4', checked ? 'text-link' : 'text-fg-muted')} aria-hidden />
                {option.label}
              </span>
              <span id={`theme-${option.value}-description`} className="text-xs text-fg-muted">
                {option.description}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
});
