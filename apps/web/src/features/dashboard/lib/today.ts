import { Temporal } from 'temporal-polyfill';

/** Today in `zone` as instants: from its midnight to the next (23 or 25 hours on a daylight-saving change), ISO 8601 UTC. */
export function todayWindow(zone: string, now = Date.now()): { start: string; end: string } {
  const today = Temporal.Instant.fromEpochMilliseconds(now).toZonedDateTimeISO(zone).startOfDay();
  const tomorrow = today.add({ days: 1 }).startOfDay();
  return { start: new Date(today.epochMilliseconds).toISOString(), end: new Date(tomorrow.epochMilliseconds).toISOString() };
}

/** An instant as `pattern` in `zone`: 'time' HH:mm, 'datetime' YYYY.MM.DD HH:mm (spec §9 time display format). */
export function formatInZone(instant: string, zone: string, pattern: 'time' | 'datetime'): string {
  const z = Temporal.Instant.fromEpochMilliseconds(Date.parse(instant)).toZonedDateTimeISO(zone);
  const two = (n: number) => String(n).padStart(2, '0');
  const time = `${two(z.hour)}:${two(z.minute)}`;
  return pattern === 'time' ? time : `${z.year}.${two(z.month)}.${two(z.day)} ${time}`;
}
