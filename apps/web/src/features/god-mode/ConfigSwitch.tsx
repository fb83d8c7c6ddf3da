import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { Switch } from '../../ui/Switch.tsx';
import { toast, toastError } from '../../ui/toast.ts';
import { isOn } from './configValues.ts';
import type { InstanceSettingsStore } from './InstanceSettingsStore.ts';

interface ConfigSwitchProps {
  settings: InstanceSettingsStore;
  configKey: string;
  label: string;
  description: string;
  /** The value in effect while the key was never set (the server's default). */
  fallback: boolean;
  /** Shows the switch the other way round (a DISABLE_* key as "Allow …"). */
  inverted?: boolean;
}

/** One boolean configuration key as a labelled switch, saved as soon as it is flipped. */
export const ConfigSwitch = observer(function ConfigSwitch({
  settings,
  configKey,
  label,
  description,
  fallback,
  inverted = false,
}: ConfigSwitchProps) {
  const id = useId();
  const stored = isOn(settings.value(configKey), fallback);
  const shown = inverted ? !stored : stored;

  const change = async (next: boolean) => {
    try {
      await settings.saveConfig({ [configKey]: inverted ? !next : next });
      toast.success(`${label}: ${next ? 'on' : 'off'}`);
    } catch (error) {
      toastError(error, `${label} could not be changed`);
    }
  };

  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <div className="min-w-0">
        <p id={`${id}-label`} className="text-sm font-medium text-fg">
          {label}
        </p>
        <p id={`${id}-description`} className="text-xs text-fg-muted">
          {description}
        </p>
      </div>
      <Switch
        checked={shown}
        onCheckedChange={change}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-description`}
      />
    </div>
  );
});
