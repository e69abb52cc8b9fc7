import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { formatInZone } from '../../../lib/zone-format';

// `lll`: each dayjs locale's own "date and time" (Nov 10, 2026 3:59 PM; 10 Nov 2026 15:59; 2026年11月10日 15:59).
dayjs.extend(localizedFormat);

const percentFormats = new Map<string, Intl.NumberFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/** A fraction 0–1 as `locale` writes a percentage, one decimal at most: 0.4567 → "45.7%". */
export function formatRate(rate: number, locale: string): string {
  let format = percentFormats.get(locale);
  if (!format) percentFormats.set(locale, (format = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 })));
  return format.format(rate);
}

/** A score or count as `locale` writes numbers, two decimals at most: 7.125 → "7.13". */
export function formatNumber(value: number, locale: string): string {
  let format = numberFormats.get(locale);
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 })));
  return format.format(value);
}

/** A UTC day `YYYY-MM-DD` as `locale` writes a date: `short` "Nov 3" (chart axes), `long` "Nov 3, 2026" (tables). */
export function formatDay(day: string, locale: string, style: 'short' | 'long' = 'long'): string {
  const options: Intl.DateTimeFormatOptions =
    style === 'short' ? { month: 'short', day: 'numeric', timeZone: 'UTC' } : { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(locale, options).format(new Date(`${day}T00:00:00Z`));
}

/** An instant as the interface language writes a date and time (dayjs `lll` of the locale in force), in `zone`'s wall-clock time. */
export function formatInstant(instant: string, zone: string): string {
  return formatInZone(instant, zone, 'lll');
}
