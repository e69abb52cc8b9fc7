import {
  COURSE_NAV_KEYS,
  type ContentOrderBody,
  type CourseContent,
  type CreateModuleBody,
  type LearningMode,
  type Module,
  type NavSetting,
  type UpdateModuleBody,
} from '@atrium/contracts';
import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../lib/deps.js';
import { sanitizeRichText } from '../../lib/sanitize-html.js';
import { emit, transaction } from '../events/events.service.js';
import type { Actor } from '../../plugins/auth.js';
import { courseFor, may, type CourseAccess, type CourseAction } from '../courses/courses.policy.js';
import { updateCourseRow } from '../courses/courses.repository.js';
import { storeCompleteness } from '../progress/completeness.service.js';
import { findState } from '../progress/progress.repository.js';
import {
  countCourseUserRead,
  deleteModuleRow,
  findModule,
  insertModule,
  listActivities,
  listModules,
  nextModuleSort,
  readStudyRows,
  updateModuleRow,
  writeOrder,
  type ModuleValues,
  type StudyRows,
} from './activities.repository.js';
import { presentActivitySummary, presentModule } from './activities.presenter.js';
import { studyOf, type CourseStudy } from './course-study.js';

/** A course as one actor meets its content: the course team sees everything and is never locked out, unless previewing as a student. */
export interface ContentAccess extends CourseAccess {
  /** Course team (COURSE_ACTIONS.manage_content) not in student preview: sees unpublished content, bypasses the access rules. */
  isTeamView: boolean;
}

/** courseFor plus the preview state (decision 0011: preview as student shows what a student sees). */
export async function contentAccess(deps: AppDeps, actor: Actor, courseId: number, action: CourseAction): Promise<ContentAccess> {
  const access = await courseFor(deps, actor, courseId, action);
  const isTeam = may(access.kinds, 'manage_content');
  const previewing = isTeam ? (await findState(deps.db, courseId, actor.id))?.previewAs != null : false;
  return { ...access, isTeamView: isTeam && !previewing };
}

/**
 * contentAccess and the actor's course study in two statements (decision 0140): the course with the
 * actor's roles (courseFor), then the content tree with the actor's read records and course state, whose
 * preview flag decides the team view as contentAccess does. Throws COURSE_NOT_FOUND, FORBIDDEN.
 */
export async function contentStudy(
  deps: AppDeps,
  actor: Actor,
  courseId: number,
  action: CourseAction,
  now = new Date(),
): Promise<{ access: ContentAccess; study: CourseStudy; state: StudyRows['state'] }> {
  const course = await courseFor(deps, actor, courseId, action);
  const rows = await readStudyRows(deps.db, courseId, actor.id, { withState: true });
  const access: ContentAccess = { ...course, isTeamView: may(course.kinds, 'manage_content') && rows.state?.previewAs == null };
  return { access, study: studyOf(rows, { mode: course.course.learningMode, bypass: access.isTeamView, now }), state: rows.state };
}

/**
 * `GET /api/courses/{id}/content` (issue 7; spec §2 `/course/{id}/content`):
 * modules in order with their activities in order, each with the requester's
 * completion and access; students (and the team previewing as students) see
 * published modules and activities only. The requester's study completeness is
 * recomputed here too and stored when content changes moved it. Throws
 * COURSE_NOT_FOUND, FORBIDDEN.
 */
export async function getContent(deps: AppDeps, actor: Actor, courseId: number, now = new Date()): Promise<CourseContent> {
  // Three statements with the session (decision 0140): the course with my roles, then the tree with my records and my state.
  const { access, study, state } = await contentStudy(deps, actor, courseId, 'view', now);
  const modules = study.modules
    .filter((m) => access.isTeamView || m.row.isPublished)
    .map((m) => ({
      ...presentModule(m.row),
      activities: m.activities.filter((a) => access.isTeamView || a.row.isPublished).map(presentActivitySummary),
    }));
  // A learner's stored completeness follows content changes made since their last read.
  const stale = study.records.length > 0 && (!state || state.studyCompleteness !== study.completeness);
  const stored = stale
    ? await storeCompleteness(deps, courseId, actor.id, study, state, now)
    : { studyCompleteness: state?.studyCompleteness ?? 0, lastActivity: null, lastUpdateCompletenessTime: state?.lastUpdateCompletenessTime ?? null };
  const lastId = stale ? stored.lastActivity?.id : state?.lastActivityId;
  const last = lastId ? study.byId.get(lastId) : undefined;
  return {
    learning_mode: access.course.learningMode,
    can_edit: access.isTeamView,
    modules,
    study: {
      study_completeness: stored.studyCompleteness,
      last_activity: last ? { id: last.row.id, title: last.row.title } : null,
      last_update_completeness_time: stored.lastUpdateCompletenessTime?.toISOString() ?? null,
    },
  };
}

/** A module and its course, for the team. Throws MODULE_NOT_FOUND (404), COURSE_NOT_FOUND, FORBIDDEN. */
async function moduleForTeam(deps: AppDeps, actor: Actor, moduleId: number) {
  const row = await findModule(deps.db, moduleId);
  if (!row) throw new AppError('MODULE_NOT_FOUND', 'This module does not exist or was deleted');
  await courseFor(deps, actor, row.courseId, 'manage_content');
  return row;
}

/** The event of a module published, unpublished or deleted: which of its activities learners may open changed. */
const moduleChanged = (courseId: number) => ({ type: 'course.access_changed', payload: { course_id: courseId, user_id: null, cause: 'module' } }) as const;

const cleanSummary = (summary: string | null | undefined) => (summary == null ? summary : sanitizeRichText(summary));

/** `POST /api/courses/{id}/modules`: a new unpublished module at the end; the summary is sanitised. */
export async function createModule(deps: AppDeps, actor: Actor, courseId: number, body: CreateModuleBody): Promise<Module> {
  await courseFor(deps, actor, courseId, 'manage_content');
  const sort = await nextModuleSort(deps.db, courseId);
  const row = await insertModule(deps.db, { courseId, title: body.title, summary: cleanSummary(body.summary) ?? null, sort });
  return presentModule(row);
}

/** `PUT /api/modules/{id}` (and `/publish`): title, sanitised summary, published flag. */
export async function updateModule(deps: AppDeps, actor: Actor, moduleId: number, body: UpdateModuleBody): Promise<Module> {
  const before = await moduleForTeam(deps, actor, moduleId);
  const values: Partial<ModuleValues> = { updatedAt: new Date() };
  if (body.title !== undefined) values.title = body.title;
  if (body.summary !== undefined) values.summary = cleanSummary(body.summary);
  if (body.is_published !== undefined) values.isPublished = body.is_published;
  const row = await transaction(deps, async (tx) => {
    const updated = await updateModuleRow(tx, moduleId, values);
    if (body.is_published !== undefined && body.is_published !== before.isPublished) await emit(deps, tx, moduleChanged(before.courseId));
    return updated;
  });
  return presentModule(row!);
}

/** `DELETE /api/modules/{id}`: the module and its activities (and their read records) go. */
export async function deleteModule(deps: AppDeps, actor: Actor, moduleId: number): Promise<{ message: string }> {
  const before = await moduleForTeam(deps, actor, moduleId);
  await transaction(deps, async (tx) => {
    await deleteModuleRow(tx, moduleId);
    await emit(deps, tx, moduleChanged(before.courseId));
  });
  return { message: 'Module deleted' };
}

/**
 * `PUT /api/courses/{id}/content/order` (drag and drop): the whole order in one
 * call; activities may move across modules. Every module and live activity of
 * the course must appear exactly once. Throws VALIDATION_FAILED naming
 * `modules` (ids missing, repeated or not of this course); nothing changes then.
 */
export async function reorderContent(deps: AppDeps, actor: Actor, courseId: number, body: ContentOrderBody): Promise<CourseContent> {
  await courseFor(deps, actor, courseId, 'manage_content');
  const [moduleRows, activityRows] = await Promise.all([listModules(deps.db, courseId), listActivities(deps.db, courseId)]);
  const moduleIds = body.modules.map((m) => m.id);
  const activityIds = body.modules.flatMap((m) => m.activity_ids);
  const sameSet = (given: number[], actual: number[]) =>
    new Set(given).size === given.length && given.length === actual.length && actual.every((id) => given.includes(id));
  if (
    !sameSet(
      moduleIds,
      moduleRows.map((m) => m.id),
    )
  )
    throw AppError.field('modules', 'Give every module of this course exactly once');
  if (
    !sameSet(
      activityIds,
      activityRows.map((a) => a.id),
    )
  )
    throw AppError.field('modules', 'Give every activity of this course exactly once');
  await deps.db.transaction((tx) =>
    writeOrder(
      tx,
      body.modules.map((m) => ({ id: m.id, activityIds: m.activity_ids })),
    ),
  );
  return getContent(deps, actor, courseId);
}

/** `PUT /api/courses/{id}/learning-mode {learning_mode}` (spec §3 Course learning_mode): instructors and admins. */
export async function setLearningMode(deps: AppDeps, actor: Actor, courseId: number, mode: LearningMode): Promise<{ learning_mode: LearningMode }> {
  await courseFor(deps, actor, courseId, 'set_learning_mode');
  await updateCourseRow(deps.db, courseId, { learningMode: mode });
  return { learning_mode: mode };
}

/** `POST /api/course/{id}/record-user-reads {type}` (spec §7): counts a course page read ('content', 'outline', …) by a member. */
export async function recordUserReads(deps: AppDeps, actor: Actor, courseId: number, type: string): Promise<void> {
  await courseFor(deps, actor, courseId, 'view');
  await countCourseUserRead(deps.db, courseId, actor.id, type);
}

/**
 * `GET /api/courses/{id}/nav-setting` (spec §7): which course pages the
 * navigation shows this member. There is no per-course navigation setting
 * yet: every page is shown, except members (COURSE_ACTIONS.see_members) for
 * those who may not see them.
 */
export async function navSetting(deps: AppDeps, actor: Actor, courseId: number): Promise<NavSetting> {
  const { kinds } = await courseFor(deps, actor, courseId, 'view');
  return { items: COURSE_NAV_KEYS.map((key) => ({ key, visible: key === 'members' ? may(kinds, 'see_members') : true })) };
}
