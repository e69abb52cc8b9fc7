import type {
  ActiveRoleBody,
  CanUnpublishResponse,
  CourseHeaderState,
  LiteConditionResponse,
  PreviewBody,
  ReferResponse,
  ReviewBody,
  StudyCompleteness,
} from '@atrium/contracts';
import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../lib/deps.js';
import type { Actor } from '../../plugins/auth.js';
import { teamRoleCounts } from '../enrolments/enrolments.repository.js';
import { DEFAULT_ORG_SETTINGS, findOrgSettings, type OrgSettings } from '../orgs/orgs.repository.js';
import { findActivityOpenFacts } from '../activities/activity-facts.repository.js';
import { accessOf } from '../activities/completion.js';
import { findState, studentsWithProgress, upsertState } from '../progress/progress.repository.js';
import { courseFor, may } from './courses.policy.js';
import { updateCourseRow, type CourseRow } from './courses.repository.js';
import { emit, transaction } from '../events/events.service.js';

/** The organisation's settings with defaults filled in (spec §6 feature toggles). */
export async function orgSettingsOf(deps: AppDeps, orgId: number): Promise<Required<OrgSettings>> {
  const settings = await findOrgSettings(deps.db, orgId);
  return { ...(DEFAULT_ORG_SETTINGS as Required<OrgSettings>), ...(settings ?? {}) };
}

async function touch(deps: AppDeps, courseId: number, values: Partial<CourseRow>): Promise<void> {
  await updateCourseRow(deps.db, courseId, values);
}

/** `GET /api/courses/{id}/header`: what the course header shows this user (role buttons, toggles, modes). */
export async function headerState(deps: AppDeps, actor: Actor, courseId: number): Promise<CourseHeaderState> {
  const { course, kinds } = await courseFor(deps, actor, courseId, 'view');
  const [state, settings] = await Promise.all([findState(deps.db, courseId, actor.id), orgSettingsOf(deps, course.orgId)]);
  return {
    active_role: state?.activeRole ?? null,
    preview_as: state?.previewAs ?? null,
    inspecting: state?.isInspecting ?? false,
    need_publish: settings.courseNeedPublish,
    can_review: may(kinds, 'review'),
    can_manage: may(kinds, 'edit'),
  };
}

/** `PUT /api/course/{id}/role {active}` (spec §6 role buttons). Throws VALIDATION_FAILED naming `active` for a role the user does not hold. */
export async function setActiveRole(deps: AppDeps, actor: Actor, courseId: number, body: ActiveRoleBody): Promise<CourseHeaderState> {
  const { roles } = await courseFor(deps, actor, courseId, 'view');
  if (!roles.includes(body.active)) throw AppError.field('active', `You do not hold the role ${body.active} in this course`);
  await upsertState(deps.db, courseId, actor.id, { activeRole: body.active });
  return headerState(deps, actor, courseId);
}

const CANNOT_UNPUBLISH = 'Students have started studying this course, so it can no longer be unpublished';

/** `GET /api/courses/{id}/can-unpublished` (spec §4): false once any student has study progress (decision 0011). */
export async function canUnpublish(deps: AppDeps, actor: Actor, courseId: number): Promise<CanUnpublishResponse> {
  await courseFor(deps, actor, courseId, 'publish');
  const started = await studentsWithProgress(deps.db, courseId);
  return started > 0 ? { can_unpublished: false, message: CANNOT_UNPUBLISH } : { can_unpublished: true, message: null };
}

/**
 * `PUT /api/courses/{id}/publish {published}` (spec §4 course publish). Throws
 * PUBLISH_NOT_ENABLED when the org's course-need-publish toggle is off and
 * CANNOT_UNPUBLISH with `errors.published` when students have begun (spec §8).
 */
export async function setPublished(deps: AppDeps, actor: Actor, courseId: number, published: boolean): Promise<{ published: boolean }> {
  const { course } = await courseFor(deps, actor, courseId, 'publish');
  const settings = await orgSettingsOf(deps, course.orgId);
  if (!settings.courseNeedPublish) {
    throw new AppError('PUBLISH_NOT_ENABLED', 'Courses of this organisation are always published', {
      published: ['Publishing is not used in this organisation'],
    });
  }
  if (!published && course.isPublished && (await studentsWithProgress(deps.db, courseId)) > 0) {
    throw new AppError('CANNOT_UNPUBLISH', CANNOT_UNPUBLISH, { published: [CANNOT_UNPUBLISH] });
  }
  await transaction(deps, async (tx) => {
    await updateCourseRow(tx, courseId, { isPublished: published });
    if (published !== course.isPublished)
      await emit(deps, tx, { type: published ? 'course.published' : 'course.unpublished', payload: { course_id: courseId, actor_id: actor.id } });
  });
  return { published };
}

/** `PUT /api/course/{id}/manager/review {type}` (spec §4 course review), by the instructor manager (an org admin, decision 0011). */
export async function setReview(deps: AppDeps, actor: Actor, courseId: number, body: ReviewBody): Promise<{ review_status: ReviewBody['type'] }> {
  await courseFor(deps, actor, courseId, 'review');
  await touch(deps, courseId, { isReviewed: body.type === 'reviewed' });
  return { review_status: body.type };
}

/** Spec §4: a lite course has one instructor and no assistants (decision 0011). Answers why not, or null. */
async function liteBlocker(deps: AppDeps, courseId: number): Promise<string | null> {
  const counts = await teamRoleCounts(deps.db, courseId);
  const count = (role: 'instructor' | 'instructor_assistant') => counts.get(role) ?? 0;
  if (count('instructor_assistant') > 0) return 'A lite course has no instructor assistants; remove them from the course first';
  if (count('instructor') > 1) return 'A lite course has a single instructor; remove the team-teaching instructors first';
  return null;
}

/** `GET /api/courses/{id}/validate-lite-course-condition`. */
export async function validateLite(deps: AppDeps, actor: Actor, courseId: number): Promise<LiteConditionResponse> {
  await courseFor(deps, actor, courseId, 'switch_type');
  const blocker = await liteBlocker(deps, courseId);
  return { can_switch: blocker === null, message: blocker };
}

/** `PUT /api/courses/{id}/switch-lite` and `/switch-normal`. Throws LITE_CONDITION_FAILED with the reason; nothing changes then. */
export async function switchType(deps: AppDeps, actor: Actor, courseId: number, toLite: boolean): Promise<{ lite: boolean }> {
  await courseFor(deps, actor, courseId, 'switch_type');
  if (toLite) {
    const blocker = await liteBlocker(deps, courseId);
    if (blocker) throw new AppError('LITE_CONDITION_FAILED', blocker);
  }
  await touch(deps, courseId, { isLite: toLite });
  return { lite: toLite };
}

/** The event of a team member entering or leaving preview: what they may see in the course changed. */
const previewChanged = (courseId: number, userId: number) =>
  ({ type: 'course.access_changed', payload: { course_id: courseId, user_id: userId, cause: 'preview' } }) as const;

/** `PUT /api/courses/{id}/preview`: the course team sees the course as a student or a visitor would (spec §4 preview mode). */
export async function enterPreview(deps: AppDeps, actor: Actor, courseId: number, body: PreviewBody): Promise<CourseHeaderState> {
  await courseFor(deps, actor, courseId, 'preview');
  await transaction(deps, async (tx) => {
    await upsertState(tx, courseId, actor.id, { previewAs: body.as });
    await emit(deps, tx, previewChanged(courseId, actor.id));
  });
  return headerState(deps, actor, courseId);
}

/** `DELETE /api/courses/{id}/preview`: leaves preview; a visitor simulation exits to `/` (spec §2), a student preview to the course. */
export async function leavePreview(deps: AppDeps, actor: Actor, courseId: number): Promise<ReferResponse> {
  await courseFor(deps, actor, courseId, 'preview');
  const state = await findState(deps.db, courseId, actor.id);
  await transaction(deps, async (tx) => {
    await upsertState(tx, courseId, actor.id, { previewAs: null });
    await emit(deps, tx, previewChanged(courseId, actor.id));
  });
  return { refer: state?.previewAs === 'visitor' ? '/' : `/course/${courseId}` };
}

/** `PUT /api/courses/{id}/inspect`: an org admin enters the course as a simulated teacher (spec §4 inspect mode). */
export async function enterInspect(deps: AppDeps, actor: Actor, courseId: number): Promise<CourseHeaderState> {
  await courseFor(deps, actor, courseId, 'inspect');
  await upsertState(deps.db, courseId, actor.id, { isInspecting: true });
  return headerState(deps, actor, courseId);
}

/** `DELETE /api/courses/{id}/inspect` answers `refer`: the management list (spec §2). */
export async function leaveInspect(deps: AppDeps, actor: Actor, courseId: number): Promise<ReferResponse> {
  await courseFor(deps, actor, courseId, 'inspect', { includeDeleted: true });
  await upsertState(deps.db, courseId, actor.id, { isInspecting: false });
  return { refer: '/management/course' };
}

/**
 * `GET /api/courses/{id}/study-completeness` (spec §3, §6 continue study). The
 * last activity (a real activity, issue 7: the one the user read last) may be
 * opened when the course is published and within its start and end dates and
 * the activity itself is open to the user (published, started, not ended);
 * otherwise the access-forbidden reason and the times of whichever refused
 * (decision 0012). A checkpoint lock is not a reason here: opening the activity
 * answers ACTIVITY_LOCKED.
 */
export async function studyCompleteness(deps: AppDeps, actor: Actor, courseId: number, now = new Date()): Promise<StudyCompleteness> {
  const { course, kinds } = await courseFor(deps, actor, courseId, 'view');
  const state = await findState(deps.db, courseId, actor.id);
  let reason: StudyCompleteness['forbidden_reason'] = null;
  let times = { start: course.startDate, end: course.endDate };
  if (!course.isPublished) reason = 'unpublished';
  else if (course.startDate && course.startDate > now) reason = 'not_started';
  else if (course.endDate && course.endDate < now) reason = 'ended';
  let last: StudyCompleteness['last_activity'] = null;
  if (state?.lastActivityId) {
    const bypass = may(kinds, 'manage_content') && !state.previewAs;
    // Only the last activity's own state can forbid continuing (unpublished, not started, ended;
    // a checkpoint lock does not), so that one row is read, not the whole course.
    const row = await findActivityOpenFacts(deps.db, state.lastActivityId, courseId);
    if (row) {
      last = { id: row.id, title: row.title };
      const [access] = accessOf(
        [{ ...row, startTime: row.startTime?.getTime() ?? null, endTime: row.endTime?.getTime() ?? null, isCompleted: false }],
        'free',
        now.getTime(),
        bypass,
      );
      if (reason === null && access !== 'open' && access !== 'locked') {
        reason = access!;
        times = { start: row.startTime, end: row.endTime };
      }
    }
  }
  return {
    last_activity: last,
    study_completeness: state?.studyCompleteness ?? 0,
    last_update_completeness_time: state?.lastUpdateCompletenessTime?.toISOString() ?? null,
    can_view: reason === null,
    forbidden_reason: reason,
    start_time: times.start?.toISOString() ?? null,
    end_time: times.end?.toISOString() ?? null,
    completion_popup_seen: state?.completionPopupSeenAt != null,
  };
}
