import {
  NOTIFICATION_KIND_NAMES,
  NOTIFICATION_KINDS,
  notificationDestination,
  type MarkNotificationsReadBody,
  type Notification,
  type NotificationKind,
  type NotificationList,
  type NotificationListQuery,
  type NotificationPreference,
  type NotificationType,
} from '@atrium/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../lib/deps.js';
import { offsetOf, toPage } from '../../lib/pagination.js';
import type { Actor } from '../../plugins/auth.js';
import { enqueueEmails, type OutgoingEmail } from '../outbox/outbox.service.js';
import {
  announcementOf,
  claimDigest,
  countUnread,
  findNotifications,
  insertDueSoon,
  insertForAudience,
  listNotificationsPage,
  listPreferences,
  markEmailed,
  markRead,
  notifyChannel,
  upsertPreferences,
  type Audience,
  type InsertedNotification,
  type NotificationDraft,
  type NotificationRow,
} from './notifications.repository.js';

/**
 * Notifications (issue 17 §1–2; spec §2 destinations, §3 Notification; decision 0100): the list,
 * marking read, preferences, and making notifications for an audience with their e-mail channel
 * (instant e-mails through the outbox, the daily digest) and their real-time announcement.
 */

/** A stored notification as its user reads it (`url` from spec §2's destination table). */
export function presentNotification(row: NotificationRow): Notification {
  const target = {
    type: row.type,
    course_id: row.courseId,
    activity_id: row.activityId,
    bulletin_id: row.bulletinId,
    topic_id: row.topicId,
    resource_id: row.resourceId,
    payload: row.payload,
  };
  return {
    id: row.id,
    type: row.type as NotificationType,
    kind: row.kind as NotificationKind,
    payload: row.payload ?? {},
    is_locked: row.isLocked,
    sender: row.senderId !== null ? { id: row.senderId, name: row.senderName ?? '' } : null,
    url: notificationDestination(target),
    course_id: row.courseId,
    activity_id: row.activityId,
    bulletin_id: row.bulletinId,
    topic_id: row.topicId,
    resource_id: row.resourceId,
    read_at: row.readAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** `GET /api/notifications`: the user's notifications, newest first, filtered by types and unread, with the unread count of all of them. Two statements. */
export async function listNotifications(deps: AppDeps, actor: Actor, query: NotificationListQuery): Promise<NotificationList> {
  const filter = { types: query.type, unread: query.unread };
  const [{ rows, total }, unread] = await Promise.all([
    listNotificationsPage(deps.db, actor.id, filter, query.page_size, offsetOf(query.page, query.page_size)),
    countUnread(deps.db, actor.id),
  ]);
  return { ...toPage(rows.map(presentNotification), total, query.page, query.page_size), unread_count: unread };
}

/** `GET /api/notifications/unread-count`: the bell's badge. */
export async function unreadCount(deps: AppDeps, actor: Actor): Promise<{ unread_count: number }> {
  return { unread_count: await countUnread(deps.db, actor.id) };
}

/**
 * `PUT /api/notifications/read` `{ ids }` or `{ all: true }`: marks the user's unread notifications
 * read, except locked ones (spec §3 is_locked); ids of other users' notifications change nothing.
 * The user's other streams (tabs, devices, instances) get `event: unread`. Answers how many changed
 * and the unread count left.
 */
export async function markNotificationsRead(deps: AppDeps, actor: Actor, body: MarkNotificationsReadBody): Promise<{ updated: number; unread_count: number }> {
  const which = 'all' in body ? 'all' : body.ids;
  const updated = await deps.db.transaction(async (tx) => {
    const n = await markRead(tx, actor.id, which, new Date());
    if (n > 0) await notifyChannel(tx, JSON.stringify({ read: [actor.id] }));
    return n;
  });
  return { updated, unread_count: await countUnread(deps.db, actor.id) };
}

/** Every kind's channels for the user: their choice, else the kind's defaults (in app on; e-mail as NOTIFICATION_KINDS says). */
export async function getPreferences(deps: AppDeps, actor: Actor): Promise<{ items: NotificationPreference[] }> {
  const stored = new Map((await listPreferences(deps.db, actor.id)).map((p) => [p.kind, p]));
  return {
    items: NOTIFICATION_KIND_NAMES.map((kind) => {
      const own = stored.get(kind);
      return { kind, in_app: own?.inApp ?? true, email: (own?.email ?? NOTIFICATION_KINDS[kind].email) as NotificationPreference['email'] };
    }),
  };
}

/** `PUT /api/notifications/preferences`: sets the listed kinds (others keep theirs); a kind listed twice is refused (400 `items`). Answers every kind. */
export async function putPreferences(deps: AppDeps, actor: Actor, items: NotificationPreference[]): Promise<{ items: NotificationPreference[] }> {
  const kinds = new Set(items.map((i) => i.kind));
  if (kinds.size !== items.length) throw AppError.field('items', 'Each kind may be listed once');
  await upsertPreferences(
    deps.db,
    actor.id,
    items.map((i) => ({ kind: i.kind, inApp: i.in_app, email: i.email })),
  );
  return getPreferences(deps, actor);
}

/** One notice's e-mail: subject and text (English, as the outbox's other e-mails), with a link to where it opens. */
export function notificationEmail(kind: string, payload: Notification['payload'], url: string, publicUrl: string): { subject: string; text: string } {
  const title = payload.title ?? payload.course_name ?? '';
  const course = payload.course_name ?? '';
  const subjects: Record<string, string> = {
    'course.invited': `You were invited to ${course}`,
    'course.published': `${course} is open`,
    'enrolment.created': `You joined ${course}`,
    'activity.published': `New in ${course}: ${title}`,
    'homework.assigned': `New homework in ${course}: ${title}`,
    'homework.due_soon': `Homework due soon: ${title}`,
    'homework.graded': `Your homework was graded: ${title}`,
    'exam.opened': `Exam open in ${course}: ${title}`,
    'scores.published': `Scores published: ${title}`,
    'bulletin.published': `Bulletin: ${title}`,
    'topic.replied': `New reply: ${title}`,
    'topic.mentioned': `You were mentioned: ${title}`,
    'topic.created': `New topic in ${course}: ${title}`,
    'question.answered': `Your question was answered: ${title}`,
    'plan.requested': `Plan change requested by ${title}`,
    'plan.request_approved': `Plan change approved for ${title}`,
    'plan.request_rejected': `Plan change rejected for ${title}`,
    'plan.expiring': `Your organisation’s plan ${title} ends on ${payload.at?.slice(0, 10) ?? ''}`,
    'storage.expiring': `Your organisation’s storage ends on ${payload.at?.slice(0, 10) ?? ''}`,
    'warning.students_flagged': `${payload.count ?? 0} ${payload.count === 1 ? 'student' : 'students'} newly flagged in ${course}`,
  };
  const subject = subjects[kind] ?? `Notification: ${title}`;
  const lines = [subject];
  if (payload.text) lines.push('', payload.text);
  if (payload.at) lines.push('', `When: ${payload.at}`);
  lines.push('', `Open ${publicUrl}${url}`);
  return { subject, text: `${lines.join('\n')}\n` };
}

/** Composes and queues the instant e-mails of rows just made (users whose preference or default is `instant`, with an address) and marks them e-mailed. */
async function emailInstantly(
  deps: AppDeps,
  db: Db,
  made: InsertedNotification[],
  draft: Pick<NotificationDraft, 'kind' | 'type' | 'payload' | 'courseId' | 'activityId' | 'bulletinId' | 'topicId' | 'resourceId'>,
): Promise<void> {
  const recipients = made.filter((m) => m.instantEmail);
  if (recipients.length === 0) return;
  const url = notificationDestination({
    type: draft.type,
    course_id: draft.courseId ?? null,
    activity_id: draft.activityId ?? null,
    bulletin_id: draft.bulletinId ?? null,
    topic_id: draft.topicId ?? null,
    resource_id: draft.resourceId ?? null,
    payload: draft.payload,
  });
  const { subject, text } = notificationEmail(draft.kind, draft.payload, url, deps.config.publicUrl);
  const emails: OutgoingEmail[] = recipients.map((r) => ({
    to: r.instantEmail!,
    subject,
    text: `Hello ${r.userName},\n\n${text}`,
    kind: `notification:${draft.kind}`,
  }));
  for (let i = 0; i < emails.length; i += 1_000) await enqueueEmails(db, emails.slice(i, i + 1_000));
  await markEmailed(
    db,
    recipients.map((r) => r.id),
    new Date(),
  );
}

/** Announces rows just made to every instance's streams (delivered when `db`'s transaction commits). */
async function announce(db: Db, made: InsertedNotification[]): Promise<void> {
  if (made.length === 0) return;
  await notifyChannel(
    db,
    announcementOf(
      made.map((m) => m.id),
      made.map((m) => m.userId),
    ),
  );
}

/** What a handler asks for: the notice, its kind's type and e-mail default filled in from NOTIFICATION_KINDS unless given. */
export type NoticeDraft = Omit<NotificationDraft, 'type' | 'defaultEmail'> & {
  kind: NotificationKind;
  type?: NotificationType;
  /** The kind's e-mail is already sent by another path (the invitation e-mail): no instant e-mail, no digest line. */
  isEmailedElsewhere?: boolean;
};

/**
 * Makes `draft` for every user of `audience` through `db` (a handler's transaction): users who
 * switched the kind off in the app get nothing; each user gets it once per dedupe key; users whose
 * e-mail delivery of the kind is `instant` get an e-mail through the outbox; the rows are announced
 * to the streams at commit. Answers how many were made. Three to five statements whatever the audience.
 */
export async function makeNotifications(deps: AppDeps, db: Db, audience: Audience, notice: NoticeDraft): Promise<number> {
  const spec = NOTIFICATION_KINDS[notice.kind];
  const draft: NotificationDraft = { ...notice, type: notice.type ?? spec.type, defaultEmail: spec.email };
  const made = await insertForAudience(db, audience, draft);
  if (notice.isEmailedElsewhere)
    await markEmailed(
      db,
      made.map((m) => m.id),
      new Date(),
    );
  else await emailInstantly(deps, db, made, draft);
  await announce(db, made);
  return made.length;
}

/**
 * The "homework due in 24 h" job (issue 17 §1; every 10 minutes): every student with nothing
 * handed in to a published homework due within 24 h of `now` is notified once per homework, in one
 * transaction with its e-mails and announcement. Answers how many notices it made.
 */
export async function notifyHomeworkDueSoon(deps: AppDeps, now = new Date()): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const made = await insertDueSoon(tx, now, NOTIFICATION_KINDS['homework.due_soon'].email);
    if (made.length === 0) return 0;
    const rows = await findNotifications(
      tx,
      made.map((m) => m.id),
    );
    const byId = new Map(made.map((m) => [m.id, m]));
    const emails: OutgoingEmail[] = [];
    const emailed: number[] = [];
    for (const row of rows) {
      const m = byId.get(row.id);
      if (!m?.instantEmail) continue;
      const { subject, text } = notificationEmail(row.kind, row.payload, presentNotification(row).url, deps.config.publicUrl);
      emails.push({ to: m.instantEmail, subject, text: `Hello ${m.userName},\n\n${text}`, kind: `notification:${row.kind}` });
      emailed.push(row.id);
    }
    for (let i = 0; i < emails.length; i += 1_000) await enqueueEmails(tx, emails.slice(i, i + 1_000));
    await markEmailed(tx, emailed, now);
    await announce(tx, made);
    return made.length;
  });
}

/** The kinds whose default e-mail delivery is the daily digest. */
const DAILY_KINDS = NOTIFICATION_KIND_NAMES.filter((k) => NOTIFICATION_KINDS[k].email === 'daily');

/**
 * The daily digest job (issue 17 §1; once a day): claims every notification not yet e-mailed whose
 * kind goes to its user in the digest (marking it e-mailed, so each is considered once) and sends
 * each user with an address one e-mail listing the unread ones. Answers how many e-mails it queued.
 */
export async function sendDailyDigests(deps: AppDeps, now = new Date()): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const claimed = await claimDigest(tx, DAILY_KINDS, now);
    const byUser = new Map<number, typeof claimed>();
    for (const line of claimed) {
      if (!line.email || !line.isUnread) continue;
      let list = byUser.get(line.userId);
      if (!list) byUser.set(line.userId, (list = []));
      list.push(line);
    }
    const emails: OutgoingEmail[] = [...byUser.values()].map((lines) => {
      const items = lines.map((l) => {
        const notice = presentNotification(l.row);
        const { subject } = notificationEmail(notice.kind, notice.payload, notice.url, deps.config.publicUrl);
        return `- ${subject}\n  ${deps.config.publicUrl}${notice.url}`;
      });
      return {
        to: lines[0]!.email!,
        subject: `Your Atrium digest: ${lines.length} new ${lines.length === 1 ? 'notification' : 'notifications'}`,
        text: `Hello ${lines[0]!.userName},\n\n${items.join('\n')}\n`,
        kind: 'notification:digest',
      };
    });
    for (let i = 0; i < emails.length; i += 1_000) await enqueueEmails(tx, emails.slice(i, i + 1_000));
    return emails.length;
  });
}
