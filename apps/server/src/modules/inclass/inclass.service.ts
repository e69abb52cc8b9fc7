import { randomInt } from 'node:crypto';
import {
  INCLASS_POLL_TYPES,
  INCLASS_SUBJECT_TYPES,
  type CheckinResponse,
  type InclassAnswer,
  type InclassOverview,
  type InclassPoll,
  type InclassReport,
  type InclassRollcall,
  type InclassSession,
  type InclassSessionList,
  type InclassSubjectList,
  type StartPollBody,
  type StartRollcallBody,
} from '@atrium/contracts';
import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../lib/deps.js';
import type { Db } from '../../db/client.js';
import { textOfSanitised } from '../../lib/html-text.js';
import { newWorkbook, spreadsheetFile, type SpreadsheetFile } from '../../lib/spreadsheet.js';
import type { Actor } from '../../plugins/auth.js';
import { authorize } from '../access/authorize.js';
import { findActivity, recordRead } from '../activities/activities.repository.js';
import { courseFor, may } from '../courses/courses.policy.js';
import { emit, transaction } from '../events/events.service.js';
import { findExamSubject } from '../exams/exams.repository.js';
import { grade } from '../exams/grading.js';
import { keyOf, presentAttemptSubject, subjectValues } from '../exams/subjects.js';
import { findOrgSettings } from '../orgs/orgs.repository.js';
import type { InclassGrant } from './inclass.policy.js';
import {
  activityTitle,
  announceInclass,
  closePolls,
  closeRollcalls,
  countBlurs,
  countStudents,
  endSession,
  findCheckin,
  findPerson,
  findRunningSession,
  findSessionSummary,
  insertAction,
  insertCheckin,
  insertPick,
  insertPoll,
  insertRollcall,
  insertSession,
  latestPick,
  latestPoll,
  latestRollcall,
  listAnswers,
  listCheckins,
  listClassrooms,
  listCourseSubjectsPage,
  listPolls,
  listRollcalls,
  listSessionsPage,
  listStudents,
  pickedUserIds,
  upsertAnswer,
  type AnswerRow,
  type CheckinRow,
  type InclassPollRow,
  type InclassRollcallRow,
  type InclassSessionRow,
  type PersonRow,
  type SessionSummaryRow,
} from './inclass.repository.js';

/**
 * In-class mode (issue 24 item 2; spec §2 `/inclass/courses/{courseId}`, §6 `inclass.user_action_track`, §7
 * `POST /api/course/{id}/inclass-report`; decision 0155). Every write that the room hears announces itself on
 * the in-class channel inside its transaction (inclass.stream.ts).
 */

const iso = (d: Date | null) => (d === null ? null : d.toISOString());
const personOf = (p: PersonRow) => ({ user_id: p.userId, name: p.name, user_no: p.userNo });

/** Announces an event to the session's streams (`team`: the course team's only). */
async function announce(db: Db, sessionId: number, event: string, data: unknown, team: boolean): Promise<void> {
  await announceInclass(db, JSON.stringify({ s: sessionId, e: event, d: data, team }));
}

const announceState = (db: Db, sessionId: number, reason: string) => announce(db, sessionId, 'state', { reason }, false);

function assertRunning(session: InclassSessionRow): void {
  if (session.endedAt) throw new AppError('INCLASS_SESSION_ENDED', 'This in-class session has ended');
}

function assertStudent(grant: InclassGrant, message: string): void {
  if (!grant.isStudent) throw new AppError('FORBIDDEN', message);
}

// ---------------------------------------------------------------- presenting

function presentCheckin(c: CheckinRow) {
  return { ...personOf(c), rollcall_id: c.rollcallId, checked_at: c.checkedAt.toISOString(), is_late: c.isLate };
}

function presentAnswer(a: AnswerRow): InclassAnswer {
  return { ...personOf(a), poll_id: a.pollId, answer: a.answer, is_correct: a.isCorrect, answered_at: a.answeredAt.toISOString() };
}

async function presentRollcall(db: Db, rollcall: InclassRollcallRow, grant: Pick<InclassGrant, 'isTeam'>, actorId: number): Promise<InclassRollcall> {
  const checkins = await listCheckins(db, [rollcall.id]);
  const mine = grant.isTeam ? undefined : checkins.find((c) => c.userId === actorId);
  return {
    id: rollcall.id,
    method: rollcall.method,
    code: grant.isTeam ? rollcall.code : null,
    started_at: rollcall.startedAt.toISOString(),
    late_after: iso(rollcall.lateAfter),
    closed_at: iso(rollcall.closedAt),
    present_count: checkins.filter((c) => !c.isLate).length,
    late_count: checkins.filter((c) => c.isLate).length,
    checkins: grant.isTeam ? checkins.map(presentCheckin) : [],
    my_status: grant.isTeam ? null : mine ? (mine.isLate ? 'late' : 'present') : 'absent',
  };
}

/** A poll row as an exam subject row (the stored form is the same). */
function subjectRowOf(poll: InclassPollRow) {
  return {
    id: poll.id,
    activityId: null,
    sort: 0,
    type: poll.type,
    description: poll.description,
    data: poll.data,
    uploadIds: [] as number[],
    score: poll.score,
    isPlayLimited: false,
    playLimitTimes: 0,
  };
}

const isPollKind = (poll: InclassPollRow) => poll.data.inclass_kind === 'poll';

/** The tally key(s) of an answer: option ids, or 'true'/'false'. */
function tallyKeys(answer: unknown): string[] {
  if (typeof answer === 'string') return [answer];
  if (typeof answer === 'boolean') return [String(answer)];
  if (Array.isArray(answer)) return answer.filter((x): x is string => typeof x === 'string');
  return [];
}

async function presentPoll(db: Db, poll: InclassPollRow, grant: Pick<InclassGrant, 'isTeam'>, actorId: number): Promise<InclassPoll> {
  const row = subjectRowOf(poll);
  const answers = await listAnswers(db, [poll.id]);
  const tally: Record<string, number> = {};
  const choiceType = ['single_selection', 'multiple_selection', 'true_or_false'].includes(poll.type);
  if (choiceType) for (const a of answers) for (const k of tallyKeys(a.answer)) tally[k] = (tally[k] ?? 0) + 1;
  const key = keyOf(row);
  const mine = grant.isTeam ? undefined : answers.find((a) => a.userId === actorId);
  return {
    id: poll.id,
    kind: isPollKind(poll) ? 'poll' : 'question',
    subject: presentAttemptSubject(row, undefined),
    ...(grant.isTeam && key.options.length > 0 ? { options: key.options.map((o) => ({ id: o.id, content: o.content, is_answer: o.isAnswer })) } : {}),
    started_at: poll.startedAt.toISOString(),
    closed_at: iso(poll.closedAt),
    answer_count: answers.length,
    correct_count: answers.filter((a) => a.isCorrect === true).length,
    tally,
    answers: grant.isTeam ? answers.map(presentAnswer) : [],
    ...(mine ? { my_answer: mine.answer } : {}),
  };
}

async function presentSession(deps: AppDeps, session: InclassSessionRow, grant: Pick<InclassGrant, 'isTeam'>, actorId: number): Promise<InclassSession> {
  const db = deps.db;
  const [title, students, rollcall, poll, pick] = [
    await activityTitle(db, session.activityId),
    await countStudents(db, session.courseId),
    await latestRollcall(db, session.id),
    await latestPoll(db, session.id),
    grant.isTeam ? await latestPick(db, session.id) : undefined,
  ];
  return {
    id: session.id,
    course_id: session.courseId,
    activity_id: session.activityId,
    activity_title: title,
    started_at: session.startedAt.toISOString(),
    ended_at: iso(session.endedAt),
    tracks_actions: session.tracksActions,
    is_team: grant.isTeam,
    student_count: students,
    rollcall: rollcall ? await presentRollcall(db, rollcall, grant, actorId) : null,
    poll: poll ? await presentPoll(db, poll, grant, actorId) : null,
    pick: pick ? { ...personOf(pick), picked_at: pick.pickedAt.toISOString() } : null,
  };
}

// ---------------------------------------------------------------- sessions

/**
 * `GET /api/courses/{id}/inclass` (course members): the course, whether the caller runs in-class mode (the team),
 * the team's classroom activities, and the running session as the caller may see it (null when none).
 * Throws COURSE_NOT_FOUND, FORBIDDEN.
 */
export async function inclassOverview(deps: AppDeps, actor: Actor, courseId: number): Promise<InclassOverview> {
  const access = await courseFor(deps, actor, courseId, 'view');
  const isTeam = may(access.kinds, 'manage_content');
  const running = await findRunningSession(deps.db, courseId);
  return {
    course_id: courseId,
    course_name: access.course.name,
    can_run: isTeam,
    classrooms: isTeam ? await listClassrooms(deps.db, courseId) : [],
    session: running ? await presentSession(deps, running, { isTeam }, actor.id) : null,
  };
}

/**
 * `POST /api/activities/{id}/inclass-sessions` (course team): starts a session of a classroom activity, recording
 * learners' actions when the organisation's `inclass.user_action_track` is on. Throws ACTIVITY_NOT_FOUND,
 * COURSE_NOT_FOUND, FORBIDDEN, 409 NOT_A_CLASSROOM, 409 INCLASS_SESSION_RUNNING (body `session_id`) while the
 * course runs one.
 */
export async function startSession(deps: AppDeps, actor: Actor, activityId: number, now = new Date()): Promise<InclassSession> {
  const activity = await findActivity(deps.db, activityId);
  if (!activity || activity.deletedAt) throw new AppError('ACTIVITY_NOT_FOUND', 'This activity does not exist or was deleted');
  const access = await authorize(deps, actor, 'course.manage_content', { courseId: activity.courseId });
  if (activity.type !== 'classroom') throw new AppError('NOT_A_CLASSROOM', 'In-class mode runs classroom activities only');
  const tracksActions = (await findOrgSettings(deps.db, access.course.orgId))?.inclassUserActionTrack === true;
  const session = await insertSession(deps.db, { courseId: activity.courseId, activityId, startedBy: actor.id, startedAt: now, tracksActions });
  if (!session) {
    const running = await findRunningSession(deps.db, activity.courseId);
    throw new AppError('INCLASS_SESSION_RUNNING', 'This course runs an in-class session already: end it first', undefined, { session_id: running?.id ?? null });
  }
  return presentSession(deps, session, { isTeam: true }, actor.id);
}

/** `GET /api/inclass-sessions/{id}` (course members): the session as the caller may see it. */
export async function getSession(deps: AppDeps, actor: Actor, sessionId: number): Promise<InclassSession> {
  const grant = await authorize(deps, actor, 'inclass.take', { sessionId });
  return presentSession(deps, grant.session, grant, actor.id);
}

/** `POST /api/inclass-sessions/{id}/end` (course team): ends it, its open roll call and poll; the room hears `ended`. 409 INCLASS_SESSION_ENDED when it had. */
export async function finishSession(deps: AppDeps, actor: Actor, sessionId: number, now = new Date()): Promise<InclassSession> {
  const grant = await authorize(deps, actor, 'inclass.run', { sessionId });
  assertRunning(grant.session);
  await transaction(deps, async (tx) => {
    await endSession(tx, sessionId, now);
    await announceState(tx, sessionId, 'ended');
  });
  return presentSession(deps, { ...grant.session, endedAt: now }, grant, actor.id);
}

/**
 * `GET /api/courses/{id}/inclass-sessions?activity_id=&page=&page_size=` (course team): the course's sessions,
 * newest first, with how many roll calls and polls each held. Throws COURSE_NOT_FOUND, FORBIDDEN.
 */
export async function listSessions(
  deps: AppDeps,
  actor: Actor,
  courseId: number,
  query: { activity_id?: number; page: number; page_size: number },
): Promise<InclassSessionList> {
  await authorize(deps, actor, 'course.manage_content', { courseId });
  const { rows, total } = await listSessionsPage(deps.db, courseId, query.activity_id, query.page, query.page_size);
  return { items: rows.map(presentSummary), total };
}

function presentSummary(r: SessionSummaryRow) {
  return {
    id: r.id,
    activity_id: r.activityId,
    activity_title: r.activityTitle,
    started_at: r.startedAt.toISOString(),
    ended_at: iso(r.endedAt),
    rollcall_count: r.rollcallCount,
    poll_count: r.pollCount,
  };
}

// ---------------------------------------------------------------- roll call

/** A 4-digit code (1000–9999), drawn with the platform's CSPRNG. */
const newCode = () => String(randomInt(1000, 10_000));

/**
 * `POST /api/inclass-sessions/{id}/rollcalls` (course team): a new roll call (the open one closes), its code
 * shown to the room (or inside a QR code); check-ins more than `late_after_minutes` after the start are late
 * (0: none is). The room hears `rollcall_started`. Throws INCLASS_SESSION_NOT_FOUND, FORBIDDEN, INCLASS_SESSION_ENDED.
 */
export async function startRollcall(deps: AppDeps, actor: Actor, sessionId: number, body: StartRollcallBody, now = new Date()): Promise<InclassRollcall> {
  const grant = await authorize(deps, actor, 'inclass.run', { sessionId });
  assertRunning(grant.session);
  const lateAfter = body.late_after_minutes > 0 ? new Date(now.getTime() + body.late_after_minutes * 60_000) : null;
  const rollcall = await transaction(deps, async (tx) => {
    const row = await insertRollcall(tx, { sessionId, method: body.method, code: newCode(), startedAt: now, lateAfter });
    await announceState(tx, sessionId, 'rollcall_started');
    return row;
  });
  return presentRollcall(deps.db, rollcall, grant, actor.id);
}

/** `POST /api/inclass-rollcalls/{id}/close` (course team): no more check-ins; the room hears `rollcall_closed`. Closing a closed one changes nothing. */
export async function closeRollcall(deps: AppDeps, actor: Actor, rollcallId: number, now = new Date()): Promise<InclassRollcall> {
  const grant = await authorize(deps, actor, 'inclass.run', { rollcallId });
  const rollcall = grant.rollcall!;
  if (rollcall.closedAt) return presentRollcall(deps.db, rollcall, grant, actor.id);
  await transaction(deps, async (tx) => {
    await closeRollcalls(tx, rollcall.sessionId, now, rollcall.id);
    await announceState(tx, rollcall.sessionId, 'rollcall_closed');
  });
  return presentRollcall(deps.db, { ...rollcall, closedAt: now }, grant, actor.id);
}

/**
 * `POST /api/inclass-sessions/{id}/checkin` `{code}` (the course's students): checks in to the open roll call,
 * `late` after its late rule; a second check-in answers the first. A visit of the classroom activity is recorded
 * (`activity.read`: a `viewed` classroom completes), and the team's screen hears `checkin`. Throws
 * INCLASS_SESSION_NOT_FOUND, FORBIDDEN (the team, non-members), INCLASS_SESSION_ENDED, INCLASS_NO_ROLLCALL,
 * 400 naming `code` for a wrong code. Nothing is written on any of them.
 */
export async function checkIn(deps: AppDeps, actor: Actor, sessionId: number, code: string, now = new Date()): Promise<CheckinResponse> {
  const grant = await authorize(deps, actor, 'inclass.take', { sessionId });
  assertStudent(grant, 'Only the course’s students check in');
  assertRunning(grant.session);
  const rollcall = await latestRollcall(deps.db, sessionId);
  if (!rollcall || rollcall.closedAt) throw new AppError('INCLASS_NO_ROLLCALL', 'No roll call is open');
  const had = await findCheckin(deps.db, rollcall.id, actor.id);
  if (had) return { rollcall_id: rollcall.id, status: had.isLate ? 'late' : 'present', checked_at: had.checkedAt.toISOString() };
  if (code !== rollcall.code) throw AppError.field('code', 'This is not the roll call’s code');
  const isLate = rollcall.lateAfter !== null && now > rollcall.lateAfter;
  const me = (await findPerson(deps.db, actor.id))!;
  await transaction(deps, async (tx) => {
    if (!(await insertCheckin(tx, { rollcallId: rollcall.id, userId: actor.id, checkedAt: now, isLate }))) return;
    await recordRead(tx, grant.session.activityId, actor.id, 0, undefined);
    await emit(deps, tx, {
      type: 'activity.read',
      payload: { course_id: grant.session.courseId, activity_id: grant.session.activityId, user_id: actor.id, upload_id: 0 },
    });
    await announce(tx, sessionId, 'checkin', presentCheckin({ ...me, rollcallId: rollcall.id, checkedAt: now, isLate }), true);
  });
  const stored = await findCheckin(deps.db, rollcall.id, actor.id);
  return { rollcall_id: rollcall.id, status: stored?.isLate ? 'late' : 'present', checked_at: (stored?.checkedAt ?? now).toISOString() };
}

// ---------------------------------------------------------------- polls

/**
 * The stored subject of a new poll: a copy of one of the course's exam subjects of an in-class type, or the
 * body's subject (validated as an exam subject; a poll's options are validated with a provisional key, then
 * stored without one). 400 naming `subject_id` / `subject` / the subject's field.
 */
async function pollSubject(deps: AppDeps, courseId: number, body: StartPollBody) {
  if ((body.subject_id === undefined) === (body.subject === undefined)) throw AppError.field('subject', 'Give either subject_id or subject');
  if (body.subject_id !== undefined) {
    const row = await findExamSubject(deps.db, body.subject_id);
    const exam = row?.activityId ? await findActivity(deps.db, row.activityId) : undefined;
    const ofCourse = row && (row.courseId === courseId || (exam && !exam.deletedAt && exam.courseId === courseId));
    if (!row || !ofCourse) throw AppError.field('subject_id', 'This subject is not one of the course’s');
    if (!(INCLASS_SUBJECT_TYPES as readonly string[]).includes(row.type)) throw AppError.field('subject_id', 'This subject cannot be asked in class');
    const data: Record<string, unknown> = { ...row.data, inclass_kind: body.kind };
    if (body.kind === 'poll') data.options = keyOf(row).options.map((o) => ({ id: o.id, content: o.content, is_answer: false }));
    return { sourceSubjectId: row.id, type: row.type, description: row.description, data };
  }
  const subject = body.subject!;
  const allowed: readonly string[] = body.kind === 'poll' ? INCLASS_POLL_TYPES : INCLASS_SUBJECT_TYPES;
  if (!allowed.includes(subject.type))
    throw AppError.field(
      'subject.type',
      body.kind === 'poll' ? 'A poll is a single or multiple choice' : 'A quick question is a choice, true or false, a short answer, blanks or a number',
    );
  const provisional =
    body.kind === 'poll'
      ? { ...subject, options: (subject.options ?? []).map((o, i) => ({ ...o, is_answer: subject.type === 'multiple_selection' || i === 0 })) }
      : subject;
  const values = subjectValues({ ...provisional, score: 1 });
  const data: Record<string, unknown> = { ...values.data, inclass_kind: body.kind };
  if (body.kind === 'poll') data.options = (data.options as { id: string; content: string }[]).map((o) => ({ ...o, is_answer: false }));
  return { sourceSubjectId: null, type: values.type, description: values.description, data };
}

/**
 * `POST /api/inclass-sessions/{id}/polls` (course team): asks a quick question or a poll (the open one closes);
 * the room hears `poll_started` and reads it. Throws INCLASS_SESSION_NOT_FOUND, FORBIDDEN, INCLASS_SESSION_ENDED,
 * 400 naming the subject's field.
 */
export async function startPoll(deps: AppDeps, actor: Actor, sessionId: number, body: StartPollBody, now = new Date()): Promise<InclassPoll> {
  const grant = await authorize(deps, actor, 'inclass.run', { sessionId });
  assertRunning(grant.session);
  const subject = await pollSubject(deps, grant.session.courseId, body);
  const poll = await transaction(deps, async (tx) => {
    const row = await insertPoll(tx, { sessionId, ...subject, score: 1, startedAt: now });
    await announceState(tx, sessionId, 'poll_started');
    return row;
  });
  return presentPoll(deps.db, poll, grant, actor.id);
}

/** `POST /api/inclass-polls/{id}/close` (course team): no more answers; the room hears `poll_closed`. Closing a closed one changes nothing. */
export async function closePoll(deps: AppDeps, actor: Actor, pollId: number, now = new Date()): Promise<InclassPoll> {
  const grant = await authorize(deps, actor, 'inclass.run', { pollId });
  const poll = grant.poll!;
  if (poll.closedAt) return presentPoll(deps.db, poll, grant, actor.id);
  await transaction(deps, async (tx) => {
    await closePolls(tx, poll.sessionId, now, poll.id);
    await announceState(tx, poll.sessionId, 'poll_closed');
  });
  return presentPoll(deps.db, { ...poll, closedAt: now }, grant, actor.id);
}

/** The answer checked against the subject's type: an option id, option ids, a boolean, a text, texts per blank, a number. 400 naming `answer`. */
function checkedAnswer(poll: InclassPollRow, answer: unknown): unknown {
  const key = keyOf(subjectRowOf(poll));
  const optionIds = new Set(key.options.map((o) => o.id));
  const refuseAnswer = (message: string) => AppError.field('answer', message);
  switch (poll.type) {
    case 'single_selection':
      if (typeof answer !== 'string' || !optionIds.has(answer)) throw refuseAnswer('Choose one of the options');
      return answer;
    case 'multiple_selection':
      if (!Array.isArray(answer) || answer.length === 0 || !answer.every((a) => typeof a === 'string' && optionIds.has(a)))
        throw refuseAnswer('Choose one or more of the options');
      return [...new Set(answer as string[])];
    case 'true_or_false':
      if (typeof answer !== 'boolean') throw refuseAnswer('Answer true or false');
      return answer;
    case 'short_answer':
      if (typeof answer !== 'string' || answer.trim() === '' || answer.length > 500) throw refuseAnswer('Write an answer of at most 500 characters');
      return answer.trim();
    case 'fill_in_blank':
      if (!Array.isArray(answer) || answer.length === 0 || answer.length > 50 || !answer.every((a) => typeof a === 'string' && a.length <= 500))
        throw refuseAnswer('Fill in the blanks');
      return answer;
    case 'numerical':
      if (!(typeof answer === 'number' && Number.isFinite(answer)) && !(typeof answer === 'string' && answer.trim() !== '' && answer.length <= 100))
        throw refuseAnswer('Give a number');
      return answer;
    default:
      throw refuseAnswer('This question takes no answer');
  }
}

/** Whether an answer is right: null for a poll or a subject the team grades (a short answer without accepted answers). */
function correctness(poll: InclassPollRow, answer: unknown): boolean | null {
  if (isPollKind(poll)) return null;
  const points = grade({ ...keyOf(subjectRowOf(poll)), score: 1 }, answer);
  return points === null ? null : points >= 1;
}

/**
 * `POST /api/inclass-polls/{id}/answers` `{answer}` (the course's students): answers the open poll (a new answer
 * replaces the learner's last); the team's screen hears `answer` with the learner's name and whether it is right.
 * Throws INCLASS_POLL_NOT_FOUND, FORBIDDEN (the team, non-members), INCLASS_SESSION_ENDED, INCLASS_POLL_CLOSED,
 * 400 naming `answer`. Nothing is written on any of them.
 */
export async function answerPoll(
  deps: AppDeps,
  actor: Actor,
  pollId: number,
  raw: unknown,
  now = new Date(),
): Promise<{ poll_id: number; answered_at: string }> {
  const grant = await authorize(deps, actor, 'inclass.take', { pollId });
  assertStudent(grant, 'Only the course’s students answer');
  assertRunning(grant.session);
  const poll = grant.poll!;
  if (poll.closedAt) throw new AppError('INCLASS_POLL_CLOSED', 'This question is closed');
  const answer = checkedAnswer(poll, raw);
  const isCorrect = correctness(poll, answer);
  const me = (await findPerson(deps.db, actor.id))!;
  await transaction(deps, async (tx) => {
    await upsertAnswer(tx, { pollId, userId: actor.id, answer, isCorrect, answeredAt: now });
    await announce(tx, poll.sessionId, 'answer', presentAnswer({ ...me, pollId, answer, isCorrect, answeredAt: now }), true);
  });
  return { poll_id: pollId, answered_at: now.toISOString() };
}

// ---------------------------------------------------------------- random pick, actions

/**
 * `POST /api/inclass-sessions/{id}/picks` `{among}` (course team): a learner drawn uniformly (CSPRNG) among those
 * checked in to the latest roll call (`present`, late ones too) or all the course's students, leaving out who was
 * picked already in this session until everyone has been. The room hears `picked`. Throws
 * INCLASS_SESSION_NOT_FOUND, FORBIDDEN, INCLASS_SESSION_ENDED, INCLASS_NOBODY_TO_PICK.
 */
export async function pickStudent(deps: AppDeps, actor: Actor, sessionId: number, among: 'present' | 'all', now = new Date()) {
  const grant = await authorize(deps, actor, 'inclass.run', { sessionId });
  assertRunning(grant.session);
  let pool: PersonRow[];
  if (among === 'present') {
    const rollcall = await latestRollcall(deps.db, sessionId);
    pool = rollcall ? await listCheckins(deps.db, [rollcall.id]) : [];
  } else pool = await listStudents(deps.db, grant.session.courseId);
  if (pool.length === 0) throw new AppError('INCLASS_NOBODY_TO_PICK', among === 'present' ? 'Nobody has checked in yet' : 'The course has no students');
  const picked = new Set(await pickedUserIds(deps.db, sessionId));
  const fresh = pool.filter((p) => !picked.has(p.userId));
  const from = fresh.length > 0 ? fresh : pool;
  const chosen = from[randomInt(from.length)]!;
  await transaction(deps, async (tx) => {
    await insertPick(tx, sessionId, chosen.userId, now);
    await announceState(tx, sessionId, 'picked');
  });
  return { ...personOf(chosen), picked_at: now.toISOString() };
}

/**
 * `POST /api/inclass-sessions/{id}/actions` `{action}` (the course's students, spec §6 `inclass.user_action_track`):
 * records that the learner left the in-class page (`blur`) or came back (`focus`); the team's screen hears `action`.
 * Throws INCLASS_SESSION_NOT_FOUND, FORBIDDEN, INCLASS_SESSION_ENDED, 409 INCLASS_TRACKING_OFF when the session
 * does not track actions.
 */
export async function recordAction(deps: AppDeps, actor: Actor, sessionId: number, action: 'focus' | 'blur', now = new Date()): Promise<void> {
  const grant = await authorize(deps, actor, 'inclass.take', { sessionId });
  assertStudent(grant, 'Only the course’s students’ actions are recorded');
  assertRunning(grant.session);
  if (!grant.session.tracksActions) throw new AppError('INCLASS_TRACKING_OFF', 'This session does not record actions');
  const me = (await findPerson(deps.db, actor.id))!;
  await transaction(deps, async (tx) => {
    await insertAction(tx, { sessionId, userId: actor.id, action, at: now });
    await announce(tx, sessionId, 'action', { ...personOf(me), action, at: now.toISOString() }, true);
  });
}

// ---------------------------------------------------------------- subjects, report

/**
 * `GET /api/courses/{id}/inclass-subjects?keyword=&page=&page_size=` (course team): the course's exam and bank
 * subjects of the in-class types, newest first, their text plain (at most 200 characters).
 */
export async function listInclassSubjects(
  deps: AppDeps,
  actor: Actor,
  courseId: number,
  query: { keyword?: string; page: number; page_size: number },
): Promise<InclassSubjectList> {
  await authorize(deps, actor, 'course.manage_content', { courseId });
  const { rows, total } = await listCourseSubjectsPage(deps.db, courseId, query.keyword || undefined, query.page, query.page_size);
  return {
    items: rows.map((r) => ({
      id: r.id,
      type: r.type as (typeof INCLASS_SUBJECT_TYPES)[number],
      description: textOfSanitised(r.description).slice(0, 200),
      exam_title: r.examTitle,
    })),
    total,
  };
}

/** An answer as a report cell: option contents for choices, true/false, the text(s) given. */
function answerText(poll: InclassPollRow, answer: unknown): string {
  if (answer === undefined || answer === null) return '';
  const options = new Map(keyOf(subjectRowOf(poll)).options.map((o) => [o.id, textOfSanitised(o.content)]));
  if (poll.type === 'single_selection' || poll.type === 'multiple_selection')
    return tallyKeys(answer)
      .map((id) => options.get(id) ?? id)
      .join('; ');
  if (Array.isArray(answer)) return answer.map(String).join('; ');
  return String(answer);
}

/**
 * The in-class report of one session (`POST /api/course/{id}/inclass-report`, course team): every student of the
 * course with their attendance at each roll call, their answer to each poll and whether it was right, and (with
 * action tracking) how many times they left the page. Throws COURSE_NOT_FOUND, FORBIDDEN,
 * INCLASS_SESSION_NOT_FOUND (also for a session of another course).
 */
export async function inclassReport(deps: AppDeps, actor: Actor, courseId: number, sessionId: number): Promise<InclassReport> {
  await authorize(deps, actor, 'course.manage_content', { courseId });
  const db = deps.db;
  const summary = await findSessionSummary(db, sessionId);
  if (!summary || summary.courseId !== courseId) throw new AppError('INCLASS_SESSION_NOT_FOUND', 'This in-class session does not exist');
  const [students, rollcalls, polls, blurs] = [
    await listStudents(db, courseId),
    await listRollcalls(db, sessionId),
    await listPolls(db, sessionId),
    await countBlurs(db, sessionId),
  ];
  const checkins = await listCheckins(
    db,
    rollcalls.map((r) => r.id),
  );
  const answers = await listAnswers(
    db,
    polls.map((p) => p.id),
  );
  const checkinOf = new Map(checkins.map((c) => [`${c.rollcallId}:${c.userId}`, c]));
  const answerOf = new Map(answers.map((a) => [`${a.pollId}:${a.userId}`, a]));
  const studentIds = new Set(students.map((s) => s.userId));
  return {
    session: presentSummary(summary),
    tracks_actions: summary.tracksActions,
    rollcalls: rollcalls.map((r) => {
      const own = checkins.filter((c) => c.rollcallId === r.id && studentIds.has(c.userId));
      const late = own.filter((c) => c.isLate).length;
      return {
        id: r.id,
        started_at: r.startedAt.toISOString(),
        method: r.method,
        present_count: own.length - late,
        late_count: late,
        absent_count: students.length - own.length,
      };
    }),
    polls: polls.map((p) => {
      const own = answers.filter((a) => a.pollId === p.id);
      return {
        id: p.id,
        kind: isPollKind(p) ? ('poll' as const) : ('question' as const),
        type: p.type,
        description: textOfSanitised(p.description),
        answer_count: own.length,
        correct_count: own.filter((a) => a.isCorrect === true).length,
      };
    }),
    students: students.map((s) => {
      const given = polls.map((p) => answerOf.get(`${p.id}:${s.userId}`));
      return {
        ...personOf(s),
        attendance: rollcalls.map((r) => {
          const c = checkinOf.get(`${r.id}:${s.userId}`);
          return c ? (c.isLate ? ('late' as const) : ('present' as const)) : ('absent' as const);
        }),
        answers: given.map((a, i) => ({ text: a ? answerText(polls[i]!, a.answer) : '', is_correct: a ? a.isCorrect : null })),
        correct_count: given.filter((a) => a?.isCorrect === true).length,
        left_count: summary.tracksActions ? (blurs.get(s.userId) ?? 0) : null,
      };
    }),
  };
}

const STATUS_TEXT = { present: 'present', late: 'late', absent: 'absent' } as const;

/** The report as a spreadsheet (one row per student; headings in English, as the other exports), for `format` csv or xlsx. */
export async function inclassReportFile(report: InclassReport, format: 'csv' | 'xlsx'): Promise<SpreadsheetFile> {
  const book = await newWorkbook();
  const sheet = book.addWorksheet('Report');
  sheet.addRow([
    'Learner',
    'User number',
    ...report.rollcalls.map((_, i) => `Roll call ${i + 1}`),
    ...report.polls.map((p, i) => `Q${i + 1} ${p.description.slice(0, 40)}`.trim()),
    'Right answers',
    ...(report.tracks_actions ? ['Left the page'] : []),
  ]);
  for (const s of report.students) {
    sheet.addRow([
      s.name,
      s.user_no,
      ...s.attendance.map((a) => STATUS_TEXT[a]),
      ...s.answers.map((a) => (a.text === '' ? '' : a.is_correct === null ? a.text : `${a.text} (${a.is_correct ? 'right' : 'wrong'})`)),
      s.correct_count,
      ...(report.tracks_actions ? [s.left_count ?? 0] : []),
    ]);
  }
  sheet.getRow(1).font = { bold: true };
  return spreadsheetFile(book, `${report.session.activity_title} ${report.session.started_at.slice(0, 10)}`, format);
}
