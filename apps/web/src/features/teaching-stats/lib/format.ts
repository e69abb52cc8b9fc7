import { TEACHING_ACTION_KINDS, type TeachingActionKind } from '@atrium/contracts';

const hourFormats = new Map<string, Intl.NumberFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/** Hours as `locale` writes a duration in hours, one decimal at most: 13.25 → "13.3 hr" (en-US), "13.3小时" (zh-CN). */
export function formatHours(hours: number, locale: string): string {
  let format = hourFormats.get(locale);
  if (!format)
    hourFormats.set(locale, (format = new Intl.NumberFormat(locale, { style: 'unit', unit: 'hour', unitDisplay: 'short', maximumFractionDigits: 1 })));
  return format.format(hours);
}

/** A count as `locale` writes whole numbers: 1234 → "1,234". */
export function formatCount(value: number, locale: string): string {
  let format = numberFormats.get(locale);
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 })));
  return format.format(value);
}

/** Whether a teaching action is one the main server forwards (contracts TEACHING_ACTION_KINDS), which the interface names. */
export function isKnownAction(action: string): action is TeachingActionKind {
  return (TEACHING_ACTION_KINDS as readonly string[]).includes(action);
}

/** The key of a known action's label in the teachingStats namespace (`exam.graded` → `actions.exam_graded`): i18next splits keys at dots. */
export function actionLabelKey(action: TeachingActionKind): `actions.${string}` {
  return `actions.${action.replace('.', '_')}`;
}
