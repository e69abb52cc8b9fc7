import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { formatBytes, PLAN_FEATURES, type PlanChanges } from '@atrium/contracts';

/**
 * The lines a request's changes read as (`plans:changes.*`), in a fixed order: seats, storage, each feature named
 * (included or left out), the plan's end and the storage's end (a date, or "no end").
 */
export function describeChanges(t: TFunction, changes: PlanChanges): string[] {
  const lines: string[] = [];
  const day = (v: string | null) => (v === null ? t('plans:changes.noEnd') : dayjs(v).format('YYYY-MM-DD'));
  if (changes.seats !== undefined) lines.push(t('plans:changes.seats', { n: changes.seats }));
  if (changes.storage_bytes !== undefined) lines.push(t('plans:changes.storage', { size: formatBytes(changes.storage_bytes) }));
  for (const feature of PLAN_FEATURES) {
    const on = changes.features?.[feature];
    if (on === undefined) continue;
    lines.push(t(on ? 'plans:changes.featureOn' : 'plans:changes.featureOff', { feature: t(`plans:features.${feature}`) }));
  }
  if (changes.expires_at !== undefined) lines.push(t('plans:changes.expiresAt', { date: day(changes.expires_at) }));
  if (changes.storage_expires_at !== undefined) lines.push(t('plans:changes.storageExpiresAt', { date: day(changes.storage_expires_at) }));
  return lines;
}
