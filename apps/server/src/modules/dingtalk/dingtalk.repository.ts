import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../users/users.table.js';
import { courseDingTalkChats, dingTalkUsers, orgDingTalk } from './dingtalk.table.js';

/** A stored DingTalk configuration. */
export type DingTalkConfigRow = typeof orgDingTalk.$inferSelect;
/** A stored course group. */
export type CourseChatRow = typeof courseDingTalkChats.$inferSelect;

/** The organisation's DingTalk configuration, or undefined. One SELECT. */
export async function findDingTalkConfig(db: Db, orgId: number): Promise<DingTalkConfigRow | undefined> {
  const [row] = await db.select().from(orgDingTalk).where(eq(orgDingTalk.orgId, orgId));
  return row;
}

/** Sets the organisation's DingTalk configuration (insert or replace); answers it as stored. */
export async function upsertDingTalkConfig(
  db: Db,
  orgId: number,
  values: { appKey: string; appSecret: string; apiBaseUrl: string },
): Promise<DingTalkConfigRow> {
  const [row] = await db
    .insert(orgDingTalk)
    .values({ orgId, ...values })
    .onConflictDoUpdate({ target: orgDingTalk.orgId, set: { ...values, updatedAt: new Date() } })
    .returning();
  return row!;
}

/** Removes the organisation's DingTalk configuration; answers whether there was one. */
export async function deleteDingTalkConfig(db: Db, orgId: number): Promise<boolean> {
  return (await db.delete(orgDingTalk).where(eq(orgDingTalk.orgId, orgId)).returning({ orgId: orgDingTalk.orgId })).length > 0;
}

/** Of `userIds`, those of organisation `orgId`: their bound mobile phone (null: none) and remembered DingTalk user id (null: none). One SELECT. */
export async function dingTalkIdentities(
  db: Db,
  orgId: number,
  userIds: readonly number[],
): Promise<{ id: number; mobilePhone: string | null; dingUserId: string | null; dingMobile: string | null }[]> {
  if (userIds.length === 0) return [];
  return db
    .select({ id: users.id, mobilePhone: users.mobilePhone, dingUserId: dingTalkUsers.dingUserId, dingMobile: dingTalkUsers.mobilePhone })
    .from(users)
    .leftJoin(dingTalkUsers, eq(dingTalkUsers.userId, users.id))
    .where(and(eq(users.orgId, orgId), inArray(users.id, [...userIds])));
}

/** Remembers users' DingTalk user ids (insert or replace). */
export async function rememberDingTalkUsers(db: Db, rows: readonly { userId: number; dingUserId: string; mobilePhone: string }[]): Promise<void> {
  for (const row of rows)
    await db
      .insert(dingTalkUsers)
      .values(row)
      .onConflictDoUpdate({ target: dingTalkUsers.userId, set: { dingUserId: row.dingUserId, mobilePhone: row.mobilePhone, resolvedAt: new Date() } });
}

/** The course's DingTalk group, or undefined. One SELECT. */
export async function findCourseChat(db: Db, courseId: number): Promise<CourseChatRow | undefined> {
  const [row] = await db.select().from(courseDingTalkChats).where(eq(courseDingTalkChats.courseId, courseId));
  return row;
}

/** Records the course's DingTalk group. */
export async function insertCourseChat(
  db: Db,
  values: { courseId: number; chatId: string; name: string; ownerDingUserId: string; createdBy: number },
): Promise<CourseChatRow> {
  const [row] = await db.insert(courseDingTalkChats).values(values).returning();
  return row!;
}
