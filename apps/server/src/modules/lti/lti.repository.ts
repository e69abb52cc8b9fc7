import { and, asc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { CourseRole } from '@atrium/contracts';
import type { Db } from '../../db/client.js';
import { activities } from '../activities/activities.table.js';
import type { ActivityRow } from '../activities/activities.repository.js';
import { enrolments } from '../enrolments/enrolments.table.js';
import { users } from '../users/users.table.js';
import { ltiLaunches, ltiPlatformKeys, ltiScores } from './lti.table.js';

export type LtiPlatformKeyRow = typeof ltiPlatformKeys.$inferSelect;
export type LtiLaunchRow = typeof ltiLaunches.$inferSelect;
export type LtiScoreRow = typeof ltiScores.$inferSelect;

/** The platform's signing key in use: the oldest kept one, or undefined before the first. One SELECT. */
export async function findPlatformKey(db: Db): Promise<LtiPlatformKeyRow | undefined> {
  const [row] = await db.select().from(ltiPlatformKeys).orderBy(asc(ltiPlatformKeys.id)).limit(1);
  return row;
}

/** Keeps a new platform key pair (two instances racing both insert; findPlatformKey picks the oldest). One INSERT. */
export async function insertPlatformKey(db: Db, values: Pick<LtiPlatformKeyRow, 'kid' | 'publicJwk' | 'privateJwk'>): Promise<void> {
  await db.insert(ltiPlatformKeys).values(values).onConflictDoNothing();
}

/** Records a started launch (its id is the lti_message_hint). One INSERT. */
export async function insertLaunch(db: Db, values: Pick<LtiLaunchRow, 'id' | 'activityId' | 'userId' | 'messageType' | 'roles' | 'expiresAt'>): Promise<void> {
  await db.insert(ltiLaunches).values(values);
}

/** Spends a launch: marks it used when unused and not expired at `now`, answering it; undefined otherwise. One UPDATE … RETURNING. */
export async function spendLaunch(db: Db, id: string, now: Date): Promise<LtiLaunchRow | undefined> {
  const [row] = await db
    .update(ltiLaunches)
    .set({ usedAt: now })
    .where(and(eq(ltiLaunches.id, id), isNull(ltiLaunches.usedAt), gt(ltiLaunches.expiresAt, now)))
    .returning();
  return row;
}

/** A launch by id (spent or not). One SELECT. */
export async function findLaunch(db: Db, id: string): Promise<LtiLaunchRow | undefined> {
  const [row] = await db.select().from(ltiLaunches).where(eq(ltiLaunches.id, id));
  return row;
}

/** Closes a deep linking launch once its response came back (used for the return as well): sets its expiry to `now`. Answers whether it was still open. */
export async function closeLaunch(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(ltiLaunches)
    .set({ expiresAt: now })
    .where(and(eq(ltiLaunches.id, id), gt(ltiLaunches.expiresAt, now)))
    .returning({ id: ltiLaunches.id });
  return rows.length > 0;
}

/**
 * Keeps a learner's score of an activity unless a later one is kept already (AGS 2.0 §3.4.6: a
 * score older than the last one is ignored). Answers whether it was written. One INSERT … ON CONFLICT DO UPDATE … WHERE.
 */
export async function upsertScore(
  db: Db,
  values: Pick<LtiScoreRow, 'activityId' | 'userId' | 'scoreGiven' | 'scoreMaximum' | 'comment' | 'activityProgress' | 'gradingProgress' | 'scoredAt'>,
): Promise<boolean> {
  const rows = await db
    .insert(ltiScores)
    .values({ ...values, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: [ltiScores.activityId, ltiScores.userId],
      set: {
        scoreGiven: sql`excluded.score_given`,
        scoreMaximum: sql`excluded.score_maximum`,
        comment: sql`excluded.comment`,
        activityProgress: sql`excluded.activity_progress`,
        gradingProgress: sql`excluded.grading_progress`,
        scoredAt: sql`excluded.scored_at`,
        updatedAt: sql`excluded.updated_at`,
      },
      setWhere: lte(ltiScores.scoredAt, sql`excluded.scored_at`),
    })
    .returning({ id: ltiScores.id });
  return rows.length > 0;
}

/** The kept scores of an activity (of one user when given), by user id. One SELECT. */
export async function listScores(db: Db, activityId: number, userId?: number): Promise<LtiScoreRow[]> {
  return db
    .select()
    .from(ltiScores)
    .where(and(eq(ltiScores.activityId, activityId), userId === undefined ? undefined : eq(ltiScores.userId, userId)))
    .orderBy(asc(ltiScores.userId));
}

/** A course member for the names and roles service: one row per enrolment (a user may hold several roles). */
export interface LtiMemberRow {
  userId: number;
  name: string;
  email: string | null;
  role: CourseRole;
}

/** Every enrolment of a course with its user's name and e-mail, by user id then role. One SELECT. */
export async function listCourseMembers(db: Db, courseId: number): Promise<LtiMemberRow[]> {
  return db
    .select({ userId: users.id, name: users.name, email: users.email, role: enrolments.role })
    .from(enrolments)
    .innerJoin(users, eq(users.id, enrolments.userId))
    .where(eq(enrolments.courseId, courseId))
    .orderBy(asc(users.id), asc(enrolments.role));
}

/** A user's name and e-mail for the id_token's claims. One SELECT. */
export async function findLaunchUser(db: Db, userId: number): Promise<{ id: number; name: string; email: string | null } | undefined> {
  const [row] = await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
  return row;
}

/** The first live `lti` activity registered with `clientId` (the tool a client assertion names), by id. One SELECT. */
export async function findActivityByClientId(db: Db, clientId: string): Promise<ActivityRow | undefined> {
  const [row] = await db
    .select()
    .from(activities)
    .where(and(eq(activities.type, 'lti'), isNull(activities.deletedAt), sql`${activities.data}->>'client_id' = ${clientId}`))
    .orderBy(asc(activities.id))
    .limit(1);
  return row;
}
