import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { courses } from '../courses/courses.table.js';
import { enrolments } from '../enrolments/enrolments.table.js';
import { uploads } from '../uploads/uploads.table.js';
import { users } from '../users/users.table.js';
import { bulletinReads, bulletins } from './bulletins.table.js';

/** Bulletins and who read them (issue 17 §3): the only door to these tables. */

export type BulletinRow = typeof bulletins.$inferSelect;

/** The upload parent type of a bulletin's attachments (upload-parents.ts). */
export const BULLETIN_PARENT = 'bulletin';

/**
 * What one reader's list covers: the organisation's bulletins, or those of some courses. Bulletins
 * not yet published (publish_at after `now`) are listed only where the reader manages them:
 * `manageAll` for the organisation's (an org admin), `managedCourseIds` for courses.
 */
export type BulletinScope =
  { type: 'org'; orgId: number; manageAll: boolean } | { type: 'course'; orgId: number; courseIds: readonly number[]; managedCourseIds: readonly number[] };

/** A bulletin with what its answer shows beside its row. */
export type BulletinViewRow = BulletinRow & { courseName: string | null; authorName: string | null; isRead: boolean };

/** The bulletin with this id, or undefined. One SELECT. */
export async function findBulletin(db: Db, id: number): Promise<BulletinRow | undefined> {
  const [row] = await db.select().from(bulletins).where(eq(bulletins.id, id));
  return row;
}

/** Locks one bulletin FOR UPDATE inside a transaction; undefined when it does not exist. One SELECT. */
export async function lockBulletin(tx: Db, id: number): Promise<BulletinRow | undefined> {
  const [row] = await tx.select().from(bulletins).where(eq(bulletins.id, id)).for('update');
  return row;
}

/** Inserts a bulletin and answers its row. One INSERT. */
export async function insertBulletin(tx: Db, values: typeof bulletins.$inferInsert): Promise<BulletinRow> {
  const [row] = await tx.insert(bulletins).values(values).returning();
  return row!;
}

/** Writes fields of one bulletin (updated_at now) and answers the row. One UPDATE. */
export async function updateBulletin(tx: Db, id: number, set: Partial<typeof bulletins.$inferInsert>): Promise<BulletinRow> {
  const [row] = await tx
    .update(bulletins)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(bulletins.id, id))
    .returning();
  return row!;
}

/** Deletes one bulletin (its read marks go with it). One DELETE. */
export async function deleteBulletin(tx: Db, id: number): Promise<void> {
  await tx.delete(bulletins).where(eq(bulletins.id, id));
}

/**
 * The live courses of organisation `orgId` the user is enrolled in, with their roles there (for
 * `type=course` without `course_id`). One SELECT.
 */
export async function listCoursesOfMember(db: Db, orgId: number, userId: number): Promise<{ courseId: number; role: string }[]> {
  return db
    .select({ courseId: enrolments.courseId, role: enrolments.role })
    .from(enrolments)
    .innerJoin(courses, eq(courses.id, enrolments.courseId))
    .where(and(eq(enrolments.userId, userId), eq(courses.orgId, orgId), isNull(courses.deletedAt)));
}

/** The bulletins of a scope the reader may see at `now` (published, or managed by them). */
function scopeWhere(scope: BulletinScope, now: Date): SQL | undefined {
  const published = lte(bulletins.publishAt, now);
  if (scope.type === 'org') {
    return and(eq(bulletins.orgId, scope.orgId), eq(bulletins.type, 'org'), scope.manageAll ? undefined : published);
  }
  if (scope.courseIds.length === 0) return undefined;
  const managed = scope.managedCourseIds.filter((id) => scope.courseIds.includes(id));
  return and(
    eq(bulletins.orgId, scope.orgId),
    eq(bulletins.type, 'course'),
    inArray(bulletins.courseId, [...scope.courseIds]),
    managed.length > 0 ? or(published, inArray(bulletins.courseId, managed)) : published,
  );
}

/** Whether a scope can hold nothing (a user in no course). */
function emptyScope(scope: BulletinScope): boolean {
  return scope.type === 'course' && scope.courseIds.length === 0;
}

export interface BulletinFilter {
  /** true: only published ones not read by the reader; false: only read ones. */
  unread?: boolean;
  showOnPopup?: boolean;
  keyword?: string;
}

const readByReader = (userId: number) => and(eq(bulletinReads.bulletinId, bulletins.id), eq(bulletinReads.userId, userId));

function filterWhere(filter: BulletinFilter, now: Date): SQL[] {
  const parts: SQL[] = [];
  if (filter.unread === true) parts.push(isNull(bulletinReads.readAt), lte(bulletins.publishAt, now));
  if (filter.unread === false) parts.push(isNotNull(bulletinReads.readAt));
  if (filter.showOnPopup !== undefined) parts.push(eq(bulletins.showOnPopup, filter.showOnPopup));
  if (filter.keyword?.trim()) {
    const like = `%${filter.keyword.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(or(ilike(bulletins.title, like), ilike(bulletins.content, like))!);
  }
  return parts;
}

/** Pinned first, then newest publish time, then newest id. */
const ORDER = [desc(bulletins.isPinned), desc(bulletins.publishAt), desc(bulletins.id)];

/**
 * One page of a scope's bulletins under the filter, as `userId` reads them (course name, author
 * name, read or not), and the total under the filter. One SELECT (two for a page past the end).
 */
export async function listBulletinsPage(
  db: Db,
  scope: BulletinScope,
  filter: BulletinFilter,
  reader: { userId: number; now: Date },
  page: { limit: number; offset: number },
): Promise<{ rows: BulletinViewRow[]; total: number }> {
  if (emptyScope(scope)) return { rows: [], total: 0 };
  const where = and(scopeWhere(scope, reader.now), ...filterWhere(filter, reader.now));
  const rows = await db
    .select({
      b: bulletins,
      courseName: courses.name,
      authorName: users.name,
      readAt: bulletinReads.readAt,
      // The total under the filter rides on every row (one statement instead of a page and a count).
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(bulletins)
    .leftJoin(bulletinReads, readByReader(reader.userId))
    .leftJoin(courses, eq(courses.id, bulletins.courseId))
    .leftJoin(users, eq(users.id, bulletins.authorId))
    .where(where)
    .orderBy(...ORDER)
    .limit(page.limit)
    .offset(page.offset);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page.offset > 0) {
    const [counted] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(bulletins)
      .leftJoin(bulletinReads, readByReader(reader.userId))
      .where(where);
    total = counted?.n ?? 0;
  }
  return {
    rows: rows.map((r) => ({ ...r.b, courseName: r.courseName, authorName: r.authorName, isRead: r.readAt !== null })),
    total,
  };
}

/** How many published bulletins of a scope `userId` has not read at `now`. One SELECT. */
export async function countUnread(db: Db, scope: BulletinScope, reader: { userId: number; now: Date }): Promise<number> {
  if (emptyScope(scope)) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bulletins)
    .leftJoin(bulletinReads, readByReader(reader.userId))
    .where(and(scopeWhere(scope, reader.now), lte(bulletins.publishAt, reader.now), isNull(bulletinReads.readAt)));
  return row?.n ?? 0;
}

/** One bulletin as `userId` reads it (course name, author name, read or not), or undefined. One SELECT. */
export async function findBulletinView(db: Db, id: number, userId: number): Promise<BulletinViewRow | undefined> {
  const [row] = await db
    .select({ b: bulletins, courseName: courses.name, authorName: users.name, readAt: bulletinReads.readAt })
    .from(bulletins)
    .leftJoin(bulletinReads, readByReader(userId))
    .leftJoin(courses, eq(courses.id, bulletins.courseId))
    .leftJoin(users, eq(users.id, bulletins.authorId))
    .where(eq(bulletins.id, id));
  return row ? { ...row.b, courseName: row.courseName, authorName: row.authorName, isRead: row.readAt !== null } : undefined;
}

/** An attachment of a bulletin: a live upload with parent type `bulletin`. */
export interface BulletinAttachmentRow {
  bulletinId: number;
  id: number;
  name: string;
  type: string;
  size: number;
}

/** The live attachments of these bulletins, oldest first. One SELECT. */
export async function listBulletinAttachments(db: Db, bulletinIds: readonly number[]): Promise<BulletinAttachmentRow[]> {
  if (bulletinIds.length === 0) return [];
  const rows = await db
    .select({ bulletinId: uploads.parentId, id: uploads.id, name: uploads.name, type: uploads.type, size: uploads.size })
    .from(uploads)
    .where(and(eq(uploads.parentType, BULLETIN_PARENT), inArray(uploads.parentId, [...bulletinIds]), isNull(uploads.deletedAt)))
    .orderBy(asc(uploads.id));
  return rows.map((r) => ({ ...r, bulletinId: r.bulletinId!, size: Number(r.size) }));
}

/** Marks one bulletin read by `userId` (the first time counts; idempotent). One INSERT. */
export async function markBulletinRead(db: Db, bulletinId: number, userId: number): Promise<void> {
  await db.insert(bulletinReads).values({ bulletinId, userId }).onConflictDoNothing();
}

/** Marks every published bulletin of a scope read by `userId`; answers how many were unread. Two statements. */
export async function markScopeRead(db: Db, scope: BulletinScope, reader: { userId: number; now: Date }): Promise<number> {
  if (emptyScope(scope)) return 0;
  const unread = await db
    .select({ id: bulletins.id })
    .from(bulletins)
    .leftJoin(bulletinReads, readByReader(reader.userId))
    .where(and(scopeWhere(scope, reader.now), lte(bulletins.publishAt, reader.now), isNull(bulletinReads.readAt)));
  if (unread.length === 0) return 0;
  const rows = await db
    .insert(bulletinReads)
    .values(unread.map((r) => ({ bulletinId: r.id, userId: reader.userId })))
    .onConflictDoNothing()
    .returning({ id: bulletinReads.bulletinId });
  return rows.length;
}

/**
 * Bulletins never announced whose publish time is at or before `now`, oldest first, at most
 * `limit`, locked FOR UPDATE SKIP LOCKED: another instance's job running at the same time takes
 * other rows (or none), so each is announced once. One SELECT.
 */
export async function lockDueUnannounced(tx: Db, now: Date, limit: number): Promise<BulletinRow[]> {
  return tx
    .select()
    .from(bulletins)
    .where(and(isNull(bulletins.announcedAt), lte(bulletins.publishAt, now)))
    .orderBy(asc(bulletins.publishAt), asc(bulletins.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Records that these bulletins were announced at `at`. One UPDATE. */
export async function markAnnounced(tx: Db, ids: readonly number[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(bulletins)
    .set({ announcedAt: at })
    .where(inArray(bulletins.id, [...ids]));
}
