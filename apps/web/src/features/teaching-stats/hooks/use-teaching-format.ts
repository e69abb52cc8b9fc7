import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { actionLabelKey, formatCount, formatHours, isKnownAction } from '../lib/format';

/** How the teaching statistics write their figures in the interface language. */
export interface TeachingFormat {
  /** Hours, or the "none" mark for null (nothing graded). */
  hours: (hours: number | null) => string;
  count: (value: number) => string;
  /** A teaching action's name: the interface's for the kinds the server forwards, else the action as stored. */
  action: (action: string) => string;
}

/** The formatters of the interface language in force (i18next). */
export function useTeachingFormat(): TeachingFormat {
  const { t, i18n } = useTranslation('teachingStats');
  const locale = i18n.language;
  return useMemo(
    () => ({
      hours: (hours) => (hours === null ? t('none') : formatHours(hours, locale)),
      count: (value) => formatCount(value, locale),
      action: (action) => (isKnownAction(action) ? t(actionLabelKey(action)) : action),
    }),
    [locale, t],
  );
}
