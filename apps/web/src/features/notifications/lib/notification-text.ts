import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import type { TFunction } from 'i18next';
import { notificationDestination, type Notification } from '@atrium/contracts';

dayjs.extend(relativeTime);

/**
 * A notification's one-line title from its kind and payload (`notifications:kinds.*`), e.g.
 * "Homework graded: Essay 1 — 87". Kinds with a score or a date have a second wording for when the
 * payload carries one; a count (early warning's students) picks the plural form; an unknown kind reads as its
 * payload's title.
 */
export function notificationTitle(t: TFunction, notification: Pick<Notification, 'kind' | 'payload'>): string {
  const { payload } = notification;
  const title = payload.title ?? payload.course_name ?? '';
  const values = { title, course: payload.course_name ?? title, score: payload.score, date: payload.at ? dayjs(payload.at).format('YYYY-MM-DD HH:mm') : '' };
  const key = `notifications:kinds.${notification.kind.replace('.', '_')}`;
  if (payload.score !== undefined && notification.kind === 'homework.graded') return t('notifications:kinds.homework_graded_score', values);
  // Early warning (issue 25 item 4): "3 students newly flagged in Biology", plural by the count.
  if (notification.kind === 'warning.students_flagged') return t('notifications:kinds.warning_students_flagged', { ...values, count: payload.count ?? 0 });
  if (payload.at && (notification.kind === 'plan.expiring' || notification.kind === 'storage.expiring' || notification.kind === 'meeting.starting'))
    return t(`${key}_at`, values);
  return t(key, { ...values, defaultValue: title || t('notifications:kinds.other') });
}

/** When it arrived, relative to now in the interface language ("3 minutes ago"). */
export function relativeTimeOf(instant: string): string {
  return dayjs(instant).fromNow();
}

/**
 * Where a click goes: the notification's `url` (the server fills it from notificationDestination,
 * spec §2) when it is an app path, else the destination worked out here.
 */
export function destinationOf(notification: Notification): string {
  const url = notification.url?.trim();
  if (url && url.startsWith('/') && !url.startsWith('//')) return url;
  return notificationDestination(notification);
}
