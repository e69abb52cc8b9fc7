import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { formatInZone } from '../../../lib/zone-format';

// `lll` is each dayjs locale's own "date and time" (Nov 10, 2026 3:59 PM; 10 Nov 2026 15:59; 2026年11月10日 15:59).
dayjs.extend(localizedFormat);

/** An instant as the reader's language writes a date and time (dayjs `lll` of the locale in force), in `zone`'s wall-clock time. */
export function formatWarningTime(instant: string, zone: string): string {
  return formatInZone(instant, zone, 'lll');
}

/** Percent points (0..100, one decimal at most) as `locale` writes a percentage: 66 → "66%". */
export function formatPercent(points: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(points / 100);
}
