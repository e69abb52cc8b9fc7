import dayjs from 'dayjs';

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(zone: string): Intl.DateTimeFormat {
  let formatter = partsFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormatters.set(zone, formatter);
  }
  return formatter;
}

/**
 * An instant (ISO 8601 string or Date) as the wall-clock time of the IANA `zone`, written in a
 * dayjs `format` (e.g. `YYYY.MM.DD HH:mm`): 01:00Z in Asia/Shanghai is 09:00 whatever the
 * browser's zone. Uses Intl only (no Temporal), so any page may call it. Throws RangeError for
 * an unknown zone, as Intl does.
 */
export function formatInZone(instant: string | Date, zone: string, format: string): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  const parts: Record<string, number> = {};
  for (const part of partsFormatter(zone).formatToParts(date)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const wall = new Date(parts.year ?? 0, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0);
  return dayjs(wall).format(format);
}
