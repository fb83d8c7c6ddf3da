import { describe, expect, it } from 'vitest';
import { atSlot, SNOOZE_PRESETS, slotAtOrAfter, snoozeUntil, TIME_SLOTS } from './snooze.ts';

describe('snooze times', () => {
  it('offers the spec’s presets and half-hour slots from 12:00 to 11:30', () => {
    expect(SNOOZE_PRESETS.map((p) => p.label)).toEqual(['1 day', '3 days', '5 days', '1 week', '2 weeks']);
    expect(TIME_SLOTS).toHaveLength(24);
    expect(TIME_SLOTS.slice(0, 3)).toEqual(['12:00', '12:30', '01:00']);
    expect(TIME_SLOTS.at(-1)).toBe('11:30');
  });

  it('keeps the time of day for a preset', () => {
    const now = new Date(2026, 4, 19, 8, 15);
    expect(snoozeUntil(7, now)).toEqual(new Date(2026, 4, 26, 8, 15));
  });

  it('reads a day, a slot and AM or PM as a local time (12 AM is midnight, 12 PM noon)', () => {
    expect(atSlot('2026-05-19', '12:00', 'AM')).toEqual(new Date(2026, 4, 19, 0, 0));
    expect(atSlot('2026-05-19', '12:30', 'PM')).toEqual(new Date(2026, 4, 19, 12, 30));
    expect(atSlot('2026-05-19', '09:30', 'PM')).toEqual(new Date(2026, 4, 19, 21, 30));
    expect(atSlot('', '09:30', 'AM')).toBeNull();
  });

  it('starts a custom snooze at the next half hour', () => {
    expect(slotAtOrAfter(new Date(2026, 4, 19, 8, 15))).toEqual({
      day: '2026-05-19',
      slot: '08:30',
      meridiem: 'AM',
    });
    expect(slotAtOrAfter(new Date(2026, 4, 19, 23, 45))).toEqual({
      day: '2026-05-20',
      slot: '12:00',
      meridiem: 'AM',
    });
    expect(slotAtOrAfter(new Date(2026, 4, 19, 13, 30))).toEqual({
      day: '2026-05-19',
      slot: '01:30',
      meridiem: 'PM',
    });
  });
});
