import {
  ACCESS_CODE_ALPHABET,
  GENERATED_ACCESS_CODE_LENGTH,
  isValidAccessCode,
  type AccessCodeResponse,
  type AccessCodeValidateResponse,
  type JoinCourseResponse,
} from '@atrium/contracts';
import { AppError } from '../../lib/app-error.js';
import { emit, transaction } from '../events/events.service.js';
import { randomString } from '../../lib/crypto.js';
import type { AppDeps } from '../../lib/deps.js';
import type { Actor } from '../../plugins/auth.js';
import { insertEnrolment, rolesInCourse } from '../enrolments/enrolments.repository.js';
import { courseFor } from './courses.policy.js';
import { findCourseByAccessCode, trySetAccessCode, type CourseRow } from './courses.repository.js';

async function managedCourse(deps: AppDeps, actor: Actor, courseId: number): Promise<CourseRow> {
  return (await courseFor(deps, actor, courseId, 'see_codes')).course;
}

async function assignNewCode(deps: AppDeps, courseId: number): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const code = randomString(ACCESS_CODE_ALPHABET, GENERATED_ACCESS_CODE_LENGTH);
    if (await trySetAccessCode(deps.db, courseId, code)) return code;
  }
  throw new Error('could not find a free access code after 10 attempts');
}

/**
 * `GET /api/course/{id}/access_code` (spec §4 access code popup): the course's
 * code, created on the spot when it has none and is resettable.
 * Throws COURSE_NOT_FOUND or FORBIDDEN (students).
 */
export async function readAccessCode(deps: AppDeps, actor: Actor, courseId: number): Promise<AccessCodeResponse> {
  const course = await managedCourse(deps, actor, courseId);
  let code = course.accessCode;
  if (!code && course.isAccessCodeResettable) code = await assignNewCode(deps, course.id);
  return { access_code: code, resetable: course.isAccessCodeResettable };
}

/** `PUT /api/course/{id}/access_code`: replaces the code; the old one stops working at once. */
export async function resetAccessCode(deps: AppDeps, actor: Actor, courseId: number): Promise<AccessCodeResponse> {
  const course = await managedCourse(deps, actor, courseId);
  if (!course.isAccessCodeResettable) throw new AppError('ACCESS_CODE_NOT_RESETTABLE', 'This course’s access code cannot be reset');
  return { access_code: await assignNewCode(deps, course.id), resetable: true };
}

/**
 * The course an access code opens for the actor (spec §5, §8). Throws
 * ACCESS_CODE_INVALID naming `access_code` for a malformed code, ACCESS_CODE_NOT_FOUND
 * when no course of the actor's organisation has it, FORBIDDEN when unpublished.
 */
async function courseForCode(deps: AppDeps, actor: Actor, code: string): Promise<CourseRow> {
  if (!isValidAccessCode(code)) {
    throw AppError.field('access_code', 'An access code has 7 or more characters, digits or capital letters A-Z', 'ACCESS_CODE_INVALID');
  }
  const course = await findCourseByAccessCode(deps.db, code);
  if (!course || course.orgId !== actor.orgId) {
    throw new AppError('ACCESS_CODE_NOT_FOUND', 'No course has this access code; check it with your instructor', {
      access_code: ['No course has this access code'],
    });
  }
  if (!course.isPublished) throw new AppError('FORBIDDEN', 'This course is not open yet', { access_code: ['This course is not open yet'] });
  return course;
}

/** `GET /api/course/access-code/{code}/validate`: checks a code without enrolling. */
export async function validateAccessCode(deps: AppDeps, actor: Actor, code: string): Promise<AccessCodeValidateResponse> {
  const course = await courseForCode(deps, actor, code);
  return { course_id: course.id, name: course.displayName ?? course.name };
}

/**
 * `POST /api/course/join/{code}` (behind `/course/join/{code}`): enrols the actor
 * as a student. Joining again, or as a member already, changes nothing (`joined: false`).
 */
export async function joinByAccessCode(deps: AppDeps, actor: Actor, code: string): Promise<JoinCourseResponse> {
  const course = await courseForCode(deps, actor, code);
  const roles = await rolesInCourse(deps.db, course.id, actor.id);
  if (roles.length > 0) return { course_id: course.id, joined: false };
  const joined = await transaction(deps, async (tx) => {
    const isNew = await insertEnrolment(tx, course.id, actor.id, 'student');
    if (isNew) await emit(deps, tx, { type: 'enrolment.created', payload: { course_id: course.id, user_id: actor.id, role: 'student' } });
    return isNew;
  });
  return { course_id: course.id, joined };
}
