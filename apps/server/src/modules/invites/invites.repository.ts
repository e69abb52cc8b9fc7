import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { courses } from '../courses/courses.table.js';
import { users } from '../users/users.table.js';
import { invites } from './invites.table.js';

export type InviteRow = typeof invites.$inferSelect;

/** Inserts one invite; answers its id. One INSERT … RETURNING. */
export async function insertInvite(db: Db, values: typeof invites.$inferInsert): Promise<number> {
  const [row] = await db.insert(invites).values(values).returning({ id: invites.id });
  return row!.id;
}

/**
 * The not-yet-joined invites of `inviteeId` in courses not deleted, by id, each as
 * `{ invite, courseName, displayName, inviterName }` (inviterName null when the inviter is gone). One SELECT.
 */
export async function listOpenInvitesOf(
  db: Db,
  inviteeId: number,
): Promise<{ invite: InviteRow; courseName: string; displayName: string | null; inviterName: string | null }[]> {
  return db
    .select({ invite: invites, courseName: courses.name, displayName: courses.displayName, inviterName: users.name })
    .from(invites)
    .innerJoin(courses, eq(courses.id, invites.courseId))
    .leftJoin(users, eq(users.id, invites.inviterId))
    .where(and(eq(invites.inviteeId, inviteeId), eq(invites.status, 'not_joined'), sql`${courses.deletedAt} is null`))
    .orderBy(invites.id);
}

/** The invite with its course's `deletedAt` as `{ invite, deletedAt }`, or undefined when there is no such invite. One SELECT. */
export async function findInviteWithCourseDeletedAt(db: Db, inviteId: number): Promise<{ invite: InviteRow; deletedAt: Date | null } | undefined> {
  const [row] = await db
    .select({ invite: invites, deletedAt: courses.deletedAt })
    .from(invites)
    .innerJoin(courses, eq(courses.id, invites.courseId))
    .where(eq(invites.id, inviteId));
  return row;
}

/** Marks the invite joined at `joinedAt`. One UPDATE. */
export async function markInviteJoined(db: Db, inviteId: number, joinedAt: Date): Promise<void> {
  await db.update(invites).set({ status: 'joined', joinedAt }).where(eq(invites.id, inviteId));
}
