import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { INCLASS_SUBJECT_TYPES } from '@atrium/contracts';
import type { Db } from '../../db/client.js';
import { activities } from '../activities/activities.table.js';
import { enrolments } from '../enrolments/enrolments.table.js';
import { examSubjects } from '../exams/exams.table.js';
import { users } from '../users/users.table.js';
import { inclassActions, inclassAnswers, inclassCheckins, inclassPicks, inclassPolls, inclassRollcalls, inclassSessions } from './inclass.table.js';

/** Queries of in-class mode (issue 24 item 2; decision 0155). */

export type InclassSessionRow = typeof inclassSessions.$inferSelect;
export type InclassRollcallRow = typeof inclassRollcalls.$inferSelect;
export type InclassPollRow = typeof inclassPolls.$inferSelect;
export interface PersonRow {
  userId: number;
  name: string;
  userNo: string;
}
export type CheckinRow = PersonRow & { rollcallId: number; checkedAt: Date; isLate: boolean };
export type AnswerRow = PersonRow & { pollId: number; answer: unknown; isCorrect: boolean | null; answeredAt: Date };

/** The channel a write announces in-class events on (payload `{"s": session id, "e": event, "d": data, "team": bool}`, at most 8000 bytes). */
export const INCLASS_CHANNEL = 'atrium_inclass';

/** Announces an in-class event; delivered to every instance's LISTEN when the transaction commits. */
export async function announceInclass(db: Db, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${INCLASS_CHANNEL}, ${payload})`);
}

export async function findSession(db: Db, id: number): Promise<InclassSessionRow | undefined> {
  const [row] = await db.select().from(inclassSessions).where(eq(inclassSessions.id, id));
  return row;
}

/** The course's running session (at most one: `inclass_sessions_running_key`). */
export async function findRunningSession(db: Db, courseId: number): Promise<InclassSessionRow | undefined> {
  const [row] = await db
    .select()
    .from(inclassSessions)
    .where(and(eq(inclassSessions.courseId, courseId), isNull(inclassSessions.endedAt)));
  return row;
}

/** Starts a session; undefined when the course already runs one (the partial unique index). */
export async function insertSession(
  db: Db,
  values: { courseId: number; activityId: number; startedBy: number; startedAt: Date; tracksActions: boolean },
): Promise<InclassSessionRow | undefined> {
  const [row] = await db.insert(inclassSessions).values(values).onConflictDoNothing().returning();
  return row;
}

/** Ends a session, its open roll call and poll with it. */
export async function endSession(db: Db, id: number, at: Date): Promise<void> {
  await db
    .update(inclassSessions)
    .set({ endedAt: at })
    .where(and(eq(inclassSessions.id, id), isNull(inclassSessions.endedAt)));
  await db
    .update(inclassRollcalls)
    .set({ closedAt: at })
    .where(and(eq(inclassRollcalls.sessionId, id), isNull(inclassRollcalls.closedAt)));
  await db
    .update(inclassPolls)
    .set({ closedAt: at })
    .where(and(eq(inclassPolls.sessionId, id), isNull(inclassPolls.closedAt)));
}

/** The live classroom activities of a course, by position. */
export async function listClassrooms(db: Db, courseId: number): Promise<{ id: number; title: string }[]> {
  return db
    .select({ id: activities.id, title: activities.title })
    .from(activities)
    .where(and(eq(activities.courseId, courseId), eq(activities.type, 'classroom'), isNull(activities.deletedAt)))
    .orderBy(asc(activities.sort), asc(activities.id));
}

export async function activityTitle(db: Db, activityId: number): Promise<string> {
  const [row] = await db.select({ title: activities.title }).from(activities).where(eq(activities.id, activityId));
  return row?.title ?? '';
}

const person = { userId: users.id, name: users.name, userNo: users.userNo };

/** The course's students (name, user number), by name. */
export async function listStudents(db: Db, courseId: number): Promise<PersonRow[]> {
  return db
    .select(person)
    .from(enrolments)
    .innerJoin(users, eq(users.id, enrolments.userId))
    .where(and(eq(enrolments.courseId, courseId), eq(enrolments.role, 'student')))
    .orderBy(asc(users.name), asc(users.id));
}

export async function countStudents(db: Db, courseId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(enrolments)
    .where(and(eq(enrolments.courseId, courseId), eq(enrolments.role, 'student')));
  return row?.n ?? 0;
}

export async function findPerson(db: Db, userId: number): Promise<PersonRow | undefined> {
  const [row] = await db.select(person).from(users).where(eq(users.id, userId));
  return row;
}

// ---------------------------------------------------------------- roll calls

export async function latestRollcall(db: Db, sessionId: number): Promise<InclassRollcallRow | undefined> {
  const [row] = await db.select().from(inclassRollcalls).where(eq(inclassRollcalls.sessionId, sessionId)).orderBy(desc(inclassRollcalls.id)).limit(1);
  return row;
}

export async function findRollcall(db: Db, id: number): Promise<InclassRollcallRow | undefined> {
  const [row] = await db.select().from(inclassRollcalls).where(eq(inclassRollcalls.id, id));
  return row;
}

/** Starts a roll call, closing the session's open one. */
export async function insertRollcall(
  db: Db,
  values: { sessionId: number; method: 'code' | 'qr'; code: string; startedAt: Date; lateAfter: Date | null },
): Promise<InclassRollcallRow> {
  await closeRollcalls(db, values.sessionId, values.startedAt);
  const [row] = await db.insert(inclassRollcalls).values(values).returning();
  return row!;
}

export async function closeRollcalls(db: Db, sessionId: number, at: Date, id?: number): Promise<number> {
  const rows = await db
    .update(inclassRollcalls)
    .set({ closedAt: at })
    .where(and(eq(inclassRollcalls.sessionId, sessionId), isNull(inclassRollcalls.closedAt), id === undefined ? undefined : eq(inclassRollcalls.id, id)))
    .returning({ id: inclassRollcalls.id });
  return rows.length;
}

/** Records a check-in once; undefined when the learner had checked in already. */
export async function insertCheckin(db: Db, values: { rollcallId: number; userId: number; checkedAt: Date; isLate: boolean }): Promise<boolean> {
  const rows = await db.insert(inclassCheckins).values(values).onConflictDoNothing().returning({ id: inclassCheckins.id });
  return rows.length > 0;
}

export async function findCheckin(db: Db, rollcallId: number, userId: number): Promise<{ checkedAt: Date; isLate: boolean } | undefined> {
  const [row] = await db
    .select({ checkedAt: inclassCheckins.checkedAt, isLate: inclassCheckins.isLate })
    .from(inclassCheckins)
    .where(and(eq(inclassCheckins.rollcallId, rollcallId), eq(inclassCheckins.userId, userId)));
  return row;
}

/** Check-ins of some roll calls with the learners' names, in order of arrival. */
export async function listCheckins(db: Db, rollcallIds: number[]): Promise<CheckinRow[]> {
  if (rollcallIds.length === 0) return [];
  return db
    .select({ ...person, rollcallId: inclassCheckins.rollcallId, checkedAt: inclassCheckins.checkedAt, isLate: inclassCheckins.isLate })
    .from(inclassCheckins)
    .innerJoin(users, eq(users.id, inclassCheckins.userId))
    .where(inArray(inclassCheckins.rollcallId, rollcallIds))
    .orderBy(asc(inclassCheckins.checkedAt), asc(inclassCheckins.id));
}

export async function listRollcalls(db: Db, sessionId: number): Promise<InclassRollcallRow[]> {
  return db.select().from(inclassRollcalls).where(eq(inclassRollcalls.sessionId, sessionId)).orderBy(asc(inclassRollcalls.id));
}

// ---------------------------------------------------------------- polls

export async function latestPoll(db: Db, sessionId: number): Promise<InclassPollRow | undefined> {
  const [row] = await db.select().from(inclassPolls).where(eq(inclassPolls.sessionId, sessionId)).orderBy(desc(inclassPolls.id)).limit(1);
  return row;
}

export async function findPoll(db: Db, id: number): Promise<InclassPollRow | undefined> {
  const [row] = await db.select().from(inclassPolls).where(eq(inclassPolls.id, id));
  return row;
}

export async function listPolls(db: Db, sessionId: number): Promise<InclassPollRow[]> {
  return db.select().from(inclassPolls).where(eq(inclassPolls.sessionId, sessionId)).orderBy(asc(inclassPolls.id));
}

/** Starts a poll, closing the session's open one. */
export async function insertPoll(
  db: Db,
  values: {
    sessionId: number;
    sourceSubjectId: number | null;
    type: string;
    description: string;
    score: number;
    data: Record<string, unknown>;
    startedAt: Date;
  },
): Promise<InclassPollRow> {
  await closePolls(db, values.sessionId, values.startedAt);
  const [row] = await db.insert(inclassPolls).values(values).returning();
  return row!;
}

export async function closePolls(db: Db, sessionId: number, at: Date, id?: number): Promise<number> {
  const rows = await db
    .update(inclassPolls)
    .set({ closedAt: at })
    .where(and(eq(inclassPolls.sessionId, sessionId), isNull(inclassPolls.closedAt), id === undefined ? undefined : eq(inclassPolls.id, id)))
    .returning({ id: inclassPolls.id });
  return rows.length;
}

/** Records (or replaces) a learner's answer. */
export async function upsertAnswer(
  db: Db,
  values: { pollId: number; userId: number; answer: unknown; isCorrect: boolean | null; answeredAt: Date },
): Promise<void> {
  await db
    .insert(inclassAnswers)
    .values(values)
    .onConflictDoUpdate({
      target: [inclassAnswers.pollId, inclassAnswers.userId],
      set: { answer: values.answer, isCorrect: values.isCorrect, answeredAt: values.answeredAt },
    });
}

/** Answers to some polls with the learners' names, in order of arrival. */
export async function listAnswers(db: Db, pollIds: number[]): Promise<AnswerRow[]> {
  if (pollIds.length === 0) return [];
  return db
    .select({
      ...person,
      pollId: inclassAnswers.pollId,
      answer: inclassAnswers.answer,
      isCorrect: inclassAnswers.isCorrect,
      answeredAt: inclassAnswers.answeredAt,
    })
    .from(inclassAnswers)
    .innerJoin(users, eq(users.id, inclassAnswers.userId))
    .where(inArray(inclassAnswers.pollId, pollIds))
    .orderBy(asc(inclassAnswers.answeredAt), asc(inclassAnswers.id));
}

// ---------------------------------------------------------------- picks and actions

export async function insertPick(db: Db, sessionId: number, userId: number, at: Date): Promise<void> {
  await db.insert(inclassPicks).values({ sessionId, userId, pickedAt: at });
}

export async function pickedUserIds(db: Db, sessionId: number): Promise<number[]> {
  const rows = await db.select({ userId: inclassPicks.userId }).from(inclassPicks).where(eq(inclassPicks.sessionId, sessionId));
  return rows.map((r) => r.userId);
}

export async function latestPick(db: Db, sessionId: number): Promise<(PersonRow & { pickedAt: Date }) | undefined> {
  const [row] = await db
    .select({ ...person, pickedAt: inclassPicks.pickedAt })
    .from(inclassPicks)
    .innerJoin(users, eq(users.id, inclassPicks.userId))
    .where(eq(inclassPicks.sessionId, sessionId))
    .orderBy(desc(inclassPicks.id))
    .limit(1);
  return row;
}

export async function insertAction(db: Db, values: { sessionId: number; userId: number; action: 'focus' | 'blur'; at: Date }): Promise<void> {
  await db.insert(inclassActions).values(values);
}

/** How many times each learner left the page in a session. */
export async function countBlurs(db: Db, sessionId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ userId: inclassActions.userId, n: count() })
    .from(inclassActions)
    .where(and(eq(inclassActions.sessionId, sessionId), eq(inclassActions.action, 'blur')))
    .groupBy(inclassActions.userId);
  return new Map(rows.map((r) => [r.userId, r.n]));
}

// ---------------------------------------------------------------- lists

export interface SessionSummaryRow extends InclassSessionRow {
  activityTitle: string;
  rollcallCount: number;
  pollCount: number;
}

const rollcallCount = sql<number>`(select count(*)::int from ${inclassRollcalls} where ${inclassRollcalls.sessionId} = ${inclassSessions.id})`;
const pollCount = sql<number>`(select count(*)::int from ${inclassPolls} where ${inclassPolls.sessionId} = ${inclassSessions.id})`;

/** One page of a course's sessions (of one classroom activity), newest first, with the total. */
export async function listSessionsPage(
  db: Db,
  courseId: number,
  activityId: number | undefined,
  page: number,
  pageSize: number,
): Promise<{ rows: SessionSummaryRow[]; total: number }> {
  const where = and(eq(inclassSessions.courseId, courseId), activityId === undefined ? undefined : eq(inclassSessions.activityId, activityId));
  const rows = await db
    .select({ session: inclassSessions, activityTitle: activities.title, rollcallCount, pollCount, total: sql<number>`count(*) over ()::int` })
    .from(inclassSessions)
    .innerJoin(activities, eq(activities.id, inclassSessions.activityId))
    .where(where)
    .orderBy(desc(inclassSessions.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    rows: rows.map((r) => ({ ...r.session, activityTitle: r.activityTitle, rollcallCount: r.rollcallCount, pollCount: r.pollCount })),
    total: rows[0]?.total ?? 0,
  };
}

/** One session with its summary counts. */
export async function findSessionSummary(db: Db, id: number): Promise<SessionSummaryRow | undefined> {
  const [row] = await db
    .select({ session: inclassSessions, activityTitle: activities.title, rollcallCount, pollCount })
    .from(inclassSessions)
    .innerJoin(activities, eq(activities.id, inclassSessions.activityId))
    .where(eq(inclassSessions.id, id));
  return row ? { ...row.session, activityTitle: row.activityTitle, rollcallCount: row.rollcallCount, pollCount: row.pollCount } : undefined;
}

/** One page of the course's exam and bank subjects of the in-class types, matching `keyword` in their text. */
export async function listCourseSubjectsPage(
  db: Db,
  courseId: number,
  keyword: string | undefined,
  page: number,
  pageSize: number,
): Promise<{ rows: { id: number; type: string; description: string; examTitle: string | null }[]; total: number }> {
  const ofCourse = or(eq(examSubjects.courseId, courseId), and(eq(activities.courseId, courseId), isNull(activities.deletedAt)));
  const rows = await db
    .select({
      id: examSubjects.id,
      type: examSubjects.type,
      description: examSubjects.description,
      examTitle: activities.title,
      total: sql<number>`count(*) over ()::int`,
    })
    .from(examSubjects)
    .leftJoin(activities, eq(activities.id, examSubjects.activityId))
    .where(
      and(
        ofCourse,
        inArray(examSubjects.type, [...INCLASS_SUBJECT_TYPES]),
        keyword ? ilike(examSubjects.description, `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
      ),
    )
    .orderBy(desc(examSubjects.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows: rows.map(({ total: _t, ...r }) => r), total: rows[0]?.total ?? 0 };
}
