import { Temporal } from 'temporal-polyfill';
import dayjs, { type Dayjs } from 'dayjs';
import { createContext, useContext } from 'react';

/** The browser's own IANA zone (what dayjs and the date pickers use). */
export const BROWSER_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The calendar's zone (decision 0020: the user's own, else the organisation's). The calendar
 * page provides it; pickers show and read wall-clock times in it. Default: the browser's.
 */
export const CalendarZoneContext = createContext<string>(BROWSER_TIME_ZONE);

/** The calendar's IANA zone. */
export function useCalendarZone(): string {
  return useContext(CalendarZoneContext);
}

/**
 * An instant as the wall-clock time of `zone`, held in a browser-local Dayjs (what antd's
 * pickers show): 09:00 in Asia/Taipei shows as 09:00 whatever the browser's zone.
 */
export function toZoneWall(instant: string | Date, zone: string): Dayjs {
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  const z = Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(zone);
  return dayjs(new Date(z.year, z.month - 1, z.day, z.hour, z.minute, z.second, z.millisecond));
}

/** The instant (ISO 8601, UTC) of a picker's wall-clock time read in `zone`; the inverse of toZoneWall (a time in a spring-forward gap moves forward). */
export function fromZoneWall(wall: Dayjs, zone: string): string {
  const plain = new Temporal.PlainDateTime(wall.year(), wall.month() + 1, wall.date(), wall.hour(), wall.minute(), wall.second(), wall.millisecond());
  return new Date(plain.toZonedDateTime(zone, { disambiguation: 'compatible' }).epochMilliseconds).toISOString();
}
