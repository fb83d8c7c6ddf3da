/**
 * Snoozing (notifications, intake items): the spec's presets (§9: 1 day, 3 days, 5 days, 1 week,
 * 2 weeks, or a custom time) and the custom time's half-hour slots, 12:00 to 11:30, AM or PM.
 */
export const SNOOZE_PRESETS = [
  { label: '1 day', days: 1 },
  { label: '3 days', days: 3 },
  { label: '5 days', days: 5 },
  { label: '1 week', days: 7 },
  { label: '2 weeks', days: 14 },
] as const;

/** The moment a preset ends the snooze: the same time of day, `days` later. */
export function snoozeUntil(days: number, now = new Date()): Date {
  const until = new Date(now);
  until.setDate(until.getDate() + days);
  return until;
}

export type Meridiem = 'AM' | 'PM';

/** The half-hour slots of a 12-hour clock, as the custom snooze lists them: 12:00, 12:30, 01:00 … 11:30. */
export const TIME_SLOTS: readonly string[] = Array.from({ length: 24 }, (_, i) => {
  const hour = Math.floor(i / 2) || 12;
  return `${String(hour).padStart(2, '0')}:${i % 2 ? '30' : '00'}`;
});

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD` in local time, the value of a date input. */
export function toLocalDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The local moment of a day (`YYYY-MM-DD`), a slot (`hh:mm`, 12-hour) and AM or PM; null if the day is not one. */
export function atSlot(day: string, slot: string, meridiem: Meridiem): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const time = /^(\d{2}):(\d{2})$/.exec(slot);
  if (!match || !time) return null;
  const hours = (Number(time[1]) % 12) + (meridiem === 'PM' ? 12 : 0);
  const at = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), hours, Number(time[2]));
  return Number.isNaN(at.getTime()) ? null : at;
}

/** The first half-hour slot at or after `date` (a custom snooze's starting choice). */
export function slotAtOrAfter(date: Date): { day: string; slot: string; meridiem: Meridiem } {
  const at = new Date(date);
  at.setSeconds(0, 0);
  const minutes = at.getMinutes();
  if (minutes !== 0 && minutes !== 30) at.setMinutes(minutes < 30 ? 30 : 60);
  const hours = at.getHours();
  return {
    day: toLocalDay(at),
    slot: `${pad(hours % 12 || 12)}:${pad(at.getMinutes())}`,
    meridiem: hours < 12 ? 'AM' : 'PM',
  };
}
