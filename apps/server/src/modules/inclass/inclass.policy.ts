import type { AppDeps } from '../../lib/deps.js';
import { AppError } from '../../lib/app-error.js';
import type { Actor } from '../../plugins/auth.js';
import { courseFor, may, type CourseAccess } from '../courses/courses.policy.js';
import { findPoll, findRollcall, findSession, type InclassPollRow, type InclassRollcallRow, type InclassSessionRow } from './inclass.repository.js';

/**
 * The in-class policy (issue 24 item 2; decision 0155):
 * - `inclass.run`: the course team (COURSE_ACTIONS.manage_content: instructors, assistants, org admins) runs a
 *   session: roll calls, polls, picks, the end. 403 FORBIDDEN to the course's learners.
 * - `inclass.take`: the course's members (COURSE_ACTIONS.view) read the session and open its stream; checking in,
 *   answering and action tracking are the learners' (the service refuses the team with 403).
 * A session, roll call or poll that does not exist is 404 (INCLASS_*_NOT_FOUND); one of a course the caller may
 * not view is COURSE_NOT_FOUND / FORBIDDEN as the course decides.
 */
export type InclassRef = { sessionId: number } | { rollcallId: number } | { pollId: number };

export interface InclassGrant {
  session: InclassSessionRow;
  access: CourseAccess;
  /** The caller is of the course team (runs the session, sees names and answers). */
  isTeam: boolean;
  /** The caller is one of the course's students (checks in, answers). */
  isStudent: boolean;
  rollcall?: InclassRollcallRow;
  poll?: InclassPollRow;
}

async function sessionOf(deps: AppDeps, ref: InclassRef): Promise<Pick<InclassGrant, 'session' | 'rollcall' | 'poll'>> {
  const notFound = (code: 'INCLASS_SESSION_NOT_FOUND' | 'INCLASS_ROLLCALL_NOT_FOUND' | 'INCLASS_POLL_NOT_FOUND', message: string) =>
    new AppError(code, message);
  if ('rollcallId' in ref) {
    const rollcall = await findRollcall(deps.db, ref.rollcallId);
    const session = rollcall && (await findSession(deps.db, rollcall.sessionId));
    if (!rollcall || !session) throw notFound('INCLASS_ROLLCALL_NOT_FOUND', 'This roll call does not exist');
    return { session, rollcall };
  }
  if ('pollId' in ref) {
    const poll = await findPoll(deps.db, ref.pollId);
    const session = poll && (await findSession(deps.db, poll.sessionId));
    if (!poll || !session) throw notFound('INCLASS_POLL_NOT_FOUND', 'This question does not exist');
    return { session, poll };
  }
  const session = await findSession(deps.db, ref.sessionId);
  if (!session) throw notFound('INCLASS_SESSION_NOT_FOUND', 'This in-class session does not exist');
  return { session };
}

/** `inclass.run` (`run`) or `inclass.take` (`take`) on a session, or on the session of a roll call or poll. */
export async function inclassAccess(deps: AppDeps, actor: Actor, ref: InclassRef, verb: 'run' | 'take'): Promise<InclassGrant> {
  const found = await sessionOf(deps, ref);
  const access = await courseFor(deps, actor, found.session.courseId, 'view');
  const isTeam = may(access.kinds, 'manage_content');
  if (verb === 'run' && !isTeam) throw new AppError('FORBIDDEN', 'Only the course team runs in-class mode');
  return { ...found, access, isTeam, isStudent: access.roles.includes('student') };
}
