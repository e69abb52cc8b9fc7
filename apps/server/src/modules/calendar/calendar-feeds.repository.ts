import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../users/users.table.js';
import { calendarFeeds, calendarMeetings } from './calendar.table.js';
import { visibleMeetingsCondition, type MeetingRow } from './meetings.repository.js';

/** The feed owner as the feed reads the calendar: the fields of an actor. */
export interface FeedOwner {
  id: number;
  orgId: number;
  role: number;
  name: string;
  departmentId: number | null;
}

/** The feed token of user `userId`, or undefined when they have none (or revoked it). One SELECT. */
export async function findFeedToken(db: Db, userId: number): Promise<string | undefined> {
  const [row] = await db.select({ token: calendarFeeds.token }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return row?.token;
}

/** Removes the feed of user `userId` (its URL stops working), if any. One DELETE. */
export async function deleteFeedOfUser(db: Db, userId: number): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

/** Stores a feed of user `userId` with its token and the token's SHA-256 (hex). One INSERT. */
export async function insertFeed(db: Db, userId: number, token: string, tokenHash: string): Promise<void> {
  await db.insert(calendarFeeds).values({ userId, token, tokenHash });
}

/** The owner of the feed whose token hashes to `tokenHash` (SHA-256 hex), or undefined for an unknown or revoked token. One SELECT (feeds join users). */
export async function findFeedOwner(db: Db, tokenHash: string): Promise<FeedOwner | undefined> {
  const [row] = await db
    .select({ id: users.id, orgId: users.orgId, role: users.role, name: users.name, departmentId: users.departmentId })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.tokenHash, tokenHash));
  return row;
}

/** Meetings of any kind `actor` takes part in that overlap [from, to), unordered. One SELECT. */
export async function listVisibleMeetings(db: Db, actor: { id: number; orgId: number }, from: Date, to: Date): Promise<MeetingRow[]> {
  return db
    .select()
    .from(calendarMeetings)
    .where(and(lt(calendarMeetings.startTime, to), gt(calendarMeetings.endTime, from), visibleMeetingsCondition(actor)));
}
