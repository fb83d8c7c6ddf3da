import { AlarmClock, AlarmClockOff, CalendarClock } from 'lucide-react';
import { type ReactElement, useState } from 'react';
import { SNOOZE_PRESETS, snoozeUntil } from '../lib/snooze.ts';
import { IconButton } from './Button.tsx';
import { CustomSnoozeDialog } from './CustomSnoozeDialog.tsx';
import { Menu, MenuContent, MenuItem, MenuLabel, MenuSeparator, MenuTrigger } from './Menu.tsx';
import { Tooltip } from './Tooltip.tsx';

/**
 * A snooze button (notifications, intake items): the presets, a custom time, or waking a snoozed
 * one. `null` means "unsnooze". The trigger is an icon button named "Snooze" unless one is given.
 */
export function SnoozeMenu({
  snoozed,
  onSnooze,
  trigger,
  customDescription,
  align = 'end',
}: {
  snoozed: boolean;
  onSnooze: (until: Date | null) => void;
  /** A button to open the menu with (forwarded props and ref, as Radix's asChild needs). */
  trigger?: ReactElement;
  /** What the custom time dialog says happens at the end. */
  customDescription?: string;
  align?: 'start' | 'center' | 'end';
}) {
  const [custom, setCustom] = useState(false);
  return (
    <>
      <Menu modal={false}>
        {trigger ? (
          <MenuTrigger asChild>{trigger}</MenuTrigger>
        ) : (
          <Tooltip content="Snooze">
            <MenuTrigger asChild>
              <IconButton label="Snooze" size="sm">
                <AlarmClock className="size-4" aria-hidden />
              </IconButton>
            </MenuTrigger>
          </Tooltip>
        )}
        <MenuContent align={align}>
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
      {custom && (
        <CustomSnoozeDialog
          open={custom}
          onOpenChange={setCustom}
          onSnooze={onSnooze}
          description={customDescription}
        />
      )}
    </>
  );
}
