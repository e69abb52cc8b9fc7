import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserZone } from '../../gradebook/hooks/use-user-zone';
import { formatDay, formatInstant, formatNumber, formatRate } from '../lib/format';

/** How the learning statistics write their figures in the interface language: rates, numbers, UTC days, and instants in the user's zone. */
export interface LearningFormat {
  rate: (rate: number) => string;
  number: (value: number) => string;
  day: (day: string) => string;
  shortDay: (day: string) => string;
  instant: (instant: string) => string;
}

/** The formatters of the interface language in force (i18next) and the signed-in user's zone. */
export function useLearningFormat(): LearningFormat {
  const { i18n } = useTranslation();
  const zone = useUserZone();
  const locale = i18n.language;
  return useMemo(
    () => ({
      rate: (rate) => formatRate(rate, locale),
      number: (value) => formatNumber(value, locale),
      day: (day) => formatDay(day, locale, 'long'),
      shortDay: (day) => formatDay(day, locale, 'short'),
      instant: (instant) => formatInstant(instant, zone),
    }),
    [locale, zone],
  );
}
