import type { Bulletin, BulletinBody, BulletinList, BulletinListQuery, BulletinReadAllAnswer, BulletinReadAllBody } from '@atrium/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../lib/deps.js';
import { sanitizeRichText } from '../../lib/sanitize-html.js';
import type { Actor } from '../../plugins/auth.js';
import { authorize } from '../access/authorize.js';
import { emit, transaction } from '../events/events.service.js';
import { markDeleted } from '../uploads/uploads.repository.js';
import { takeOverFiles } from '../uploads/take-over.js';
import {
  BULLETIN_PARENT,
  countUnread,
  deleteBulletin as deleteBulletinRow,
  findBulletinView,
  insertBulletin,
  listBulletinAttachments,
  listBulletinsPage,
  lockBulletin,
  lockDueUnannounced,
  markAnnounced,
  markBulletinRead,
  markScopeRead,
  updateBulletin as updateBulletinRow,
  type BulletinAttachmentRow,
  type BulletinRow,
  type BulletinViewRow,
} from './bulletins.repository.js';

/**
 * Bulletins (issue 17 §3; spec §2 `/bulletin-list/?type=org|course`, the unread organisation
 * bulletin popup, §7 organisation bulletins fetched with `unread` and `show_on_popup`, page size
 * 100). Organisation bulletins are written by org admins, course bulletins by the course team
 * (bulletins.policy.ts). Content is sanitised rich text (lib/sanitize-html.ts, the allow-list every
 * stored rich text goes through); attachments are the author's own uploads, taken over with parent
 * type `bulletin`. A bulletin is announced once — `bulletin.published`, emitted in the write's
 * transaction, with `announced_at` set — when it is created or edited with a publish time now or
 * past, else by `announceDueBulletins` (the `bulletins-announce` job, every minute) once its
 * publish time passes. Editing an announced bulletin never announces it again. `now` for tests.
 */

function present(row: BulletinViewRow, attachments: readonly BulletinAttachmentRow[], now: Date): Bulletin {
  return {
    id: row.id,
    type: row.type as Bulletin['type'],
    org_id: row.orgId,
    course_id: row.courseId,
    course_name: row.courseName,
    title: row.title,
    content: row.content,
    show_on_popup: row.showOnPopup,
    is_pinned: row.isPinned,
    publish_at: row.publishAt.toISOString(),
    is_published: row.publishAt.getTime() <= now.getTime(),
    is_read: row.isRead,
    author: row.authorId !== null ? { id: row.authorId, name: row.authorName ?? '' } : null,
    attachments: attachments.filter((a) => a.bulletinId === row.id).map(({ id, name, type, size }) => ({ id, name, type, size })),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** One bulletin as `actor` reads it. Two statements. */
async function presentOne(deps: AppDeps, actor: Actor, id: number, now: Date): Promise<Bulletin> {
  const [row, attachments] = await Promise.all([findBulletinView(deps.db, id, actor.id), listBulletinAttachments(deps.db, [id])]);
  if (!row) throw new AppError('BULLETIN_NOT_FOUND', 'This bulletin does not exist or was deleted');
  return present(row, attachments, now);
}

/**
 * Gives a bulletin exactly the files `ids` (in the write's transaction): the author's own uploads
 * are taken over, dropped ones go back to their owners' personal files (uploads/take-over.ts);
 * 400 naming `upload_ids` for anything else.
 */
async function attachFiles(tx: Db, actor: Actor, bulletinId: number, ids: readonly number[]): Promise<void> {
  const current = (await listBulletinAttachments(tx, [bulletinId])).map((a) => a.id);
  await takeOverFiles(tx, actor, { type: BULLETIN_PARENT, id: bulletinId }, ids, current);
}

/** Emits `bulletin.published` for a bulletin being announced (inside the write's transaction). */
async function announce(deps: AppDeps, tx: Db, row: BulletinRow, actorId: number | null): Promise<void> {
  await emit(deps, tx, {
    type: 'bulletin.published',
    payload: {
      bulletin_id: row.id,
      type: row.type as 'org' | 'course',
      org_id: row.orgId,
      course_id: row.courseId,
      actor_id: actorId,
      title: row.title,
      show_on_popup: row.showOnPopup,
    },
  });
}

/**
 * `POST /api/bulletins`: an org admin's organisation bulletin or the course team's course
 * bulletin, with sanitised content and the author's own uploads as attachments. Announced at once
 * (`bulletin.published`) unless `publish_at` is ahead; read by its author. Throws FORBIDDEN (not an org admin / not on
 * the course team), COURSE_NOT_FOUND naming `course_id`, 400 naming `upload_ids`; nothing is
 * written on refusal.
 */
export async function createBulletin(deps: AppDeps, actor: Actor, body: BulletinBody, now = new Date()): Promise<Bulletin> {
  const target = await authorize(deps, actor, 'bulletin.create', { type: body.type, courseId: body.course_id });
  const publishAt = body.publish_at ? new Date(body.publish_at) : now;
  const due = publishAt.getTime() <= now.getTime();
  const row = await transaction(deps, async (tx) => {
    const inserted = await insertBulletin(tx, {
      orgId: target.orgId,
      courseId: target.courseId,
      type: body.type,
      title: body.title,
      content: sanitizeRichText(body.content),
      showOnPopup: body.show_on_popup,
      isPinned: body.is_pinned,
      publishAt,
      announcedAt: due ? now : null,
      authorId: actor.id,
    });
    await attachFiles(tx, actor, inserted.id, body.upload_ids);
    // Its author has read it: their own popup and badge do not show it to them.
    await markBulletinRead(tx, inserted.id, actor.id);
    if (due) await announce(deps, tx, inserted, actor.id);
    return inserted;
  });
  return presentOne(deps, actor, row.id, now);
}

/**
 * `GET /api/bulletins`: a page of the organisation's bulletins or of course bulletins (one course,
 * or every course the user is in), pinned first then newest, with the filters of
 * BulletinListQuerySchema and the scope's unread count. 403/404 as bulletin.list; three to four
 * statements after the scope.
 */
export async function listBulletins(deps: AppDeps, actor: Actor, query: BulletinListQuery, now = new Date()): Promise<BulletinList> {
  const scope = await authorize(deps, actor, 'bulletin.list', { type: query.type, courseId: query.course_id });
  const reader = { userId: actor.id, now };
  const filter = {
    ...(query.unread !== undefined ? { unread: query.unread === 'true' } : {}),
    ...(query.show_on_popup !== undefined ? { showOnPopup: query.show_on_popup === 'true' } : {}),
    ...(query.keyword ? { keyword: query.keyword } : {}),
  };
  const [{ rows, total }, unread] = await Promise.all([
    listBulletinsPage(deps.db, scope, filter, reader, { limit: query.page_size, offset: (query.page - 1) * query.page_size }),
    countUnread(deps.db, scope, reader),
  ]);
  const attachments = await listBulletinAttachments(
    deps.db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => present(r, attachments, now)),
    page: query.page,
    page_size: query.page_size,
    pages: Math.max(1, Math.ceil(total / query.page_size)),
    total,
    unread_count: unread,
  };
}

/** `GET /api/bulletins/{id}`: one bulletin (not marked read: `PUT …/read` does that). BULLETIN_NOT_FOUND to anyone who may not read it. */
export async function getBulletin(deps: AppDeps, actor: Actor, bulletinId: number, now = new Date()): Promise<Bulletin> {
  await authorize(deps, actor, 'bulletin.read', { bulletinId, now });
  return presentOne(deps, actor, bulletinId, now);
}

/**
 * `PUT /api/bulletins/{id}` (its managers), with every field of the body: title, content,
 * popup, pin, publish time (absent: kept when already past, else now) and attachments (files
 * left out go back to their owners' personal files). Type and course cannot change (400 naming
 * `type` / `course_id`). A bulletin not announced yet is announced when its publish time is now
 * past; an announced one is never announced again.
 */
export async function updateBulletin(deps: AppDeps, actor: Actor, bulletinId: number, body: BulletinBody, now = new Date()): Promise<Bulletin> {
  await authorize(deps, actor, 'bulletin.manage', { bulletinId });
  await transaction(deps, async (tx) => {
    const locked = await lockBulletin(tx, bulletinId);
    if (!locked) throw new AppError('BULLETIN_NOT_FOUND', 'This bulletin does not exist or was deleted');
    if (body.type !== locked.type) throw AppError.field('type', 'A bulletin’s type cannot change');
    if ((body.course_id ?? null) !== locked.courseId) throw AppError.field('course_id', 'A bulletin cannot move to another course');
    const publishAt = body.publish_at ? new Date(body.publish_at) : locked.publishAt.getTime() <= now.getTime() ? locked.publishAt : now;
    const due = locked.announcedAt === null && publishAt.getTime() <= now.getTime();
    const updated = await updateBulletinRow(tx, bulletinId, {
      title: body.title,
      content: sanitizeRichText(body.content),
      showOnPopup: body.show_on_popup,
      isPinned: body.is_pinned,
      publishAt,
      ...(due ? { announcedAt: now } : {}),
    });
    await attachFiles(tx, actor, bulletinId, body.upload_ids);
    if (due) await announce(deps, tx, updated, actor.id);
  });
  return presentOne(deps, actor, bulletinId, now);
}

/** `DELETE /api/bulletins/{id}` (its managers): the bulletin, its read marks and its attachments (soft-deleted as uploads are). */
export async function deleteBulletin(deps: AppDeps, actor: Actor, bulletinId: number): Promise<void> {
  await authorize(deps, actor, 'bulletin.manage', { bulletinId });
  await transaction(deps, async (tx) => {
    const locked = await lockBulletin(tx, bulletinId);
    if (!locked) return;
    for (const file of await listBulletinAttachments(tx, [bulletinId])) await markDeleted(tx, file.id);
    await deleteBulletinRow(tx, bulletinId);
  });
}

/** `PUT /api/bulletins/{id}/read`: marks one bulletin read by the actor (idempotent) and answers it. BULLETIN_NOT_FOUND to anyone who may not read it. */
export async function markRead(deps: AppDeps, actor: Actor, bulletinId: number, now = new Date()): Promise<Bulletin> {
  await authorize(deps, actor, 'bulletin.read', { bulletinId, now });
  await transaction(deps, async (tx) => {
    await markBulletinRead(tx, bulletinId, actor.id);
    await emit(deps, tx, { type: 'bulletin.read', payload: { user_id: actor.id, bulletin_id: bulletinId } });
  });
  return presentOne(deps, actor, bulletinId, now);
}

/** `PUT /api/bulletins/read`: marks every published bulletin of a scope (as the list's `type` / `course_id`) read by the actor. */
export async function markAllRead(deps: AppDeps, actor: Actor, body: BulletinReadAllBody, now = new Date()): Promise<BulletinReadAllAnswer> {
  const scope = await authorize(deps, actor, 'bulletin.list', { type: body.type, courseId: body.course_id });
  const reader = { userId: actor.id, now };
  const marked = await transaction(deps, async (tx) => {
    const n = await markScopeRead(tx, scope, reader);
    if (n > 0) await emit(deps, tx, { type: 'bulletin.read', payload: { user_id: actor.id, bulletin_id: null } });
    return n;
  });
  return { marked, unread_count: await countUnread(deps.db, scope, reader) };
}

/**
 * The `bulletins-announce` job (every minute on the job queue, any instance): announces every
 * bulletin whose publish time is at or before `now` and that was never announced — `announced_at`
 * set and `bulletin.published` emitted in one transaction per batch of 100. Rows are taken FOR
 * UPDATE SKIP LOCKED, so two instances running it at once announce each bulletin once. Answers
 * how many it announced.
 */
export async function announceDueBulletins(deps: AppDeps, now = new Date()): Promise<number> {
  const BATCH = 100;
  let announced = 0;
  for (;;) {
    const count = await transaction(deps, async (tx) => {
      const rows = await lockDueUnannounced(tx, now, BATCH);
      await markAnnounced(
        tx,
        rows.map((r) => r.id),
        now,
      );
      for (const row of rows) await announce(deps, tx, row, row.authorId);
      return rows.length;
    });
    announced += count;
    if (count < BATCH) return announced;
  }
}
