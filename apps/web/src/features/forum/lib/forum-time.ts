import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(relativeTime);

/** "3 minutes ago" in the interface language (dayjs' locale follows it), for times within a week; the date after that. */
export function lastActivityText(instant: string, now = Date.now()): string {
  const at = dayjs(instant);
  if (!at.isValid()) return '';
  return now - at.valueOf() < 7 * 24 * 3600_000 ? at.from(now) : at.format('YYYY-MM-DD HH:mm');
}

/** The full time, for a title attribute. */
export function fullTime(instant: string): string {
  return dayjs(instant).format('YYYY-MM-DD HH:mm');
}
