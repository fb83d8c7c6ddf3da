import { AlarmClock, AlarmClockOff, CalendarClock } from 'lucide-react';
import { useState } from 'react';
import { IconButton } from '../../ui/Button.tsx';
import { Menu, MenuContent, MenuItem, MenuLabel, MenuSeparator, MenuTrigger } from '../../ui/Menu.tsx';
import { Tooltip } from '../../ui/Tooltip.tsx';
import { CustomSnoozeDialog } from './CustomSnoozeDialog.tsx';
import { SNOOZE_PRESETS, snoozeUntil } from './snooze.ts';

/** A notification's snooze button: the presets, a custom time, or waking a snoozed one. */
export function SnoozeMenu({
  snoozed,
  onSnooze,
}: {
  snoozed: boolean;
  onSnooze: (until: Date | null) => void;
}) {
  const [custom, setCustom] = useState(false);
  return (
    <>
      <Menu modal={false}>
        <Tooltip content="Snooze">
          <MenuTrigger asChild>
            <IconButton label="Snooze" size="sm">
              <AlarmClock className="size-4" aria-hidden />
            </IconButton>
          </MenuTrigger>
        </Tooltip>
        <MenuContent align="end">
          <MenuLabel>Snooze for</MenuLabel>
          {SNOOZE_PRESETS.map((preset) => (
            <MenuItem key={preset.days} onSelect={() => onSnooze(snoozeUntil(preset.days))}>
              {preset.label}
            </MenuItem>
          ))}
          <MenuItem icon={<CalendarClock className="size-4" />} onSelect={() => setCustom(true)}>
            Custom…
          </MenuItem>
          {snoozed && (
            <>
              <MenuSeparator />
              <MenuItem icon={<AlarmClockOff className="size-4" />} onSelect={() => onSnooze(null)}>
                Unsnooze
              </MenuItem>
            </>
          )}
        </MenuContent>
      </Menu>
      {custom && <CustomSnoozeDialog open={custom} onOpenChange={setCustom} onSnooze={onSnooze} />}
    </>
  );
}
