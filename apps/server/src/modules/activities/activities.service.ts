import {
  activityDataSchema,
  defaultCompletionCriterion,
  UPLOAD_ACTIVITY_TYPES,
  type Activity,
  type ActivityReadBody,
  type ActivityReadResponse,
  type ActivityType,
  type CommentCount,
  type CreateActivityBody,
  type UpdateActivityBody,
} from '@atrium/contracts';
import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../lib/deps.js';
import { sanitizeRichText } from '../../lib/sanitize-html.js';
import type { Actor } from '../../plugins/auth.js';
import { courseFor } from '../courses/courses.policy.js';
import { emit, transaction } from '../events/events.service.js';
import { findState } from '../progress/progress.repository.js';
import { questionCount } from '../forum/questions.service.js';
import { reusableUploadIds } from '../uploads/upload-parents.js';
import {
  findActivity,
  findModule,
  insertActivity,
  listActivityUploads,
  listLiveUploadOwnership,
  nextActivitySort,
  recordRead,
  setActivityUploads,
  updateActivityRow,
  type ActivityRow,
  type ActivityValues,
} from './activities.repository.js';
import { presentActivity } from './activities.presenter.js';
import { contentAccess, contentStudy } from './content.service.js';
import { assertOpen, studied, studiedIn } from './activities.policy.js';

const NOT_FOUND = 'This activity does not exist or was deleted';

/** A live activity or ACTIVITY_NOT_FOUND (404). */
async function activityRow(deps: AppDeps, activityId: number): Promise<ActivityRow> {
  const row = await findActivity(deps.db, activityId);
  if (!row) throw new AppError('ACTIVITY_NOT_FOUND', NOT_FOUND);
  return row;
}

/** Field errors of a zod failure of `data`, named by the data field (errors.url, errors.content …). */
function validateData(type: ActivityType, data: Record<string, unknown>): Record<string, unknown> {
  const parsed = activityDataSchema(type).safeParse(data);
  if (parsed.success) {
    if (type === 'page') return { ...parsed.data, content: sanitizeRichText(String(parsed.data.content ?? '')) };
    const discussions = parsed.data.discussions as { name: string; posts: { message: string }[] }[] | undefined;
    if (type === 'forum' && discussions)
      return { ...parsed.data, discussions: discussions.map((d) => ({ ...d, posts: d.posts.map((p) => ({ ...p, message: sanitizeRichText(p.message) })) })) };
    return parsed.data;
  }
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (errors[issue.path.join('.') || 'data'] ??= []).push(issue.message);
  const [field, messages] = Object.entries(errors)[0]!;
  throw new AppError('VALIDATION_FAILED', `${field}: ${messages[0]}`, errors);
}

/** Upload ids the activity may hold: live files of this course, or the actor's own. Throws VALIDATION_FAILED naming upload_ids. */
async function checkUploads(deps: AppDeps, actor: Actor, courseId: number, type: ActivityType, uploadIds: number[]): Promise<void> {
  if (uploadIds.length === 0) return;
  if (!(UPLOAD_ACTIVITY_TYPES as readonly string[]).includes(type)) throw AppError.field('upload_ids', `A ${type} activity holds no files`);
  await checkCourseFiles(deps, actor, courseId, uploadIds, 'upload_ids');
}

/** Every id is a live file of this course or the actor's own, given once. Throws VALIDATION_FAILED naming `field`. */
async function checkCourseFiles(deps: AppDeps, actor: Actor, courseId: number, uploadIds: number[], field: string): Promise<void> {
  if (uploadIds.length === 0) return;
  if (new Set(uploadIds).size !== uploadIds.length) throw AppError.field(field, 'A file is given twice');
  const rows = await listLiveUploadOwnership(deps.db, uploadIds);
  const usable = rows.filter((u) => u.orgId === actor.orgId && ((u.parentType === 'course' && u.parentId === courseId) || u.ownerId === actor.id));
  // A file shared with the actor (decision 0134) may be used by reference too.
  const others = rows.filter((u) => u.orgId === actor.orgId && !usable.includes(u));
  const reusable = others.length > 0 ? await reusableUploadIds(deps, actor, others) : new Set<number>();
  if (usable.length + reusable.size !== uploadIds.length) throw AppError.field(field, 'A file does not exist or is not one of this course');
}

/** Cross-field rules of create and update: a video-percent share, an online video's link or file. */
function checkCompletion(criterion: string, percent: number | null | undefined): void {
  if (criterion === 'video_percent' && (percent == null || percent < 1))
    throw AppError.field('completion_percent', 'Give the share of the video to watch (1 to 100)');
}

/**
 * `POST /api/courses/{id}/activities`: a new unpublished activity at the end of
 * its module. `data` is validated for the type (activityDataSchema; errors name
 * the data field: an unsupported online-video link or a non-http(s) web link
 * is `errors.url`); description and page content are sanitised; without a
 * completion criterion, the type's default (defaultCompletionCriterion). Throws
 * VALIDATION_FAILED (module_id not of the course, upload_ids, data fields),
 * COURSE_NOT_FOUND, FORBIDDEN.
 */
export async function createActivity(deps: AppDeps, actor: Actor, courseId: number, body: CreateActivityBody): Promise<Activity> {
  const access = await contentAccess(deps, actor, courseId, 'manage_content');
  const module = await findModule(deps.db, body.module_id);
  if (!module || module.courseId !== courseId) throw AppError.field('module_id', 'This module is not one of this course');
  const data = validateData(body.type, body.data ?? {});
  const uploadIds = body.upload_ids ?? [];
  if (body.type === 'online_video' && !data.url && uploadIds.length === 0) throw AppError.field('url', 'Give a supported online video link or upload a video');
  const criterion = body.completion_criterion ?? defaultCompletionCriterion(body.type);
  checkCompletion(criterion, body.completion_percent);
  await checkUploads(deps, actor, courseId, body.type, uploadIds);
  await checkCourseFiles(deps, actor, courseId, (data.attachment_upload_ids as number[] | undefined) ?? [], 'attachment_upload_ids');
  const sort = await nextActivitySort(deps.db, module.id);
  const id = await transaction(deps, async (tx) => {
    const activityId = await insertActivity(tx, {
      courseId,
      moduleId: module.id,
      type: body.type,
      title: body.title,
      description: body.description == null ? null : sanitizeRichText(body.description),
      sort,
      startTime: body.start_time ? new Date(body.start_time) : null,
      endTime: body.end_time ? new Date(body.end_time) : null,
      completionCriterion: criterion,
      completionPercent: criterion === 'video_percent' ? (body.completion_percent ?? null) : null,
      canGuestPreview: body.can_guest_preview ?? false,
      isForwardSeekingRefused: body.refuse_forward_seeking ?? false,
      data,
      createdById: actor.id,
    });
    await setActivityUploads(tx, activityId, uploadIds);
    await emit(deps, tx, { type: 'activity.changed', payload: { course_id: courseId, activity_id: activityId } });
    return activityId;
  });
  const created = await activityRow(deps, id);
  return presentActivity(created, await studied(deps, actor, created, access.isTeamView, access.course.learningMode), access);
}

/** `PUT /api/activities/{id}`: any field but the type; `data` replaces the old data and is validated and sanitised as on create. */
export async function updateActivity(deps: AppDeps, actor: Actor, activityId: number, body: UpdateActivityBody): Promise<Activity> {
  const row = await activityRow(deps, activityId);
  const access = await contentAccess(deps, actor, row.courseId, 'manage_content');
  const values: Partial<ActivityValues> = { updatedAt: new Date() };
  if (body.title !== undefined) values.title = body.title;
  if (body.description !== undefined) values.description = body.description == null ? null : sanitizeRichText(body.description);
  const start = body.start_time !== undefined ? body.start_time : (row.startTime?.toISOString() ?? null);
  const end = body.end_time !== undefined ? body.end_time : (row.endTime?.toISOString() ?? null);
  if (start && end && Date.parse(end) <= Date.parse(start)) throw AppError.field('end_time', 'end_time must be after start_time');
  if (body.start_time !== undefined) values.startTime = body.start_time ? new Date(body.start_time) : null;
  if (body.end_time !== undefined) values.endTime = body.end_time ? new Date(body.end_time) : null;
  const criterion = body.completion_criterion ?? row.completionCriterion;
  const percent = body.completion_percent !== undefined ? body.completion_percent : row.completionPercent;
  checkCompletion(criterion, percent);
  values.completionCriterion = criterion;
  values.completionPercent = criterion === 'video_percent' ? percent : null;
  if (body.can_guest_preview !== undefined) values.canGuestPreview = body.can_guest_preview;
  if (body.refuse_forward_seeking !== undefined) values.isForwardSeekingRefused = body.refuse_forward_seeking;
  if (body.data !== undefined) {
    values.data = validateData(row.type, body.data);
    const kept = new Set((row.data.attachment_upload_ids as number[] | undefined) ?? []);
    const added = ((values.data.attachment_upload_ids as number[] | undefined) ?? []).filter((id) => !kept.has(id));
    await checkCourseFiles(deps, actor, row.courseId, added, 'attachment_upload_ids');
  }
  if (body.upload_ids !== undefined) await checkUploads(deps, actor, row.courseId, row.type, body.upload_ids);
  if (row.type === 'online_video' && (body.data !== undefined || body.upload_ids !== undefined)) {
    const hasUrl = Boolean((values.data ?? row.data).url);
    const uploadCount = body.upload_ids?.length ?? (await listActivityUploads(deps.db, { activityIds: [activityId] })).length;
    if (!hasUrl && uploadCount === 0) throw AppError.field('url', 'Give a supported online video link or upload a video');
  }
  await transaction(deps, async (tx) => {
    await updateActivityRow(tx, activityId, values);
    if (body.upload_ids !== undefined) await setActivityUploads(tx, activityId, body.upload_ids);
    await emit(deps, tx, { type: 'activity.changed', payload: { course_id: row.courseId, activity_id: activityId } });
  });
  const updated = await activityRow(deps, activityId);
  return presentActivity(updated, await studied(deps, actor, updated, access.isTeamView, access.course.learningMode), access);
}

/** `DELETE /api/activities/{id}`: removed from the content (soft delete); completeness of its learners is no longer counted with it. */
export async function deleteActivity(deps: AppDeps, actor: Actor, activityId: number): Promise<{ message: string }> {
  const row = await activityRow(deps, activityId);
  await courseFor(deps, actor, row.courseId, 'manage_content');
  await transaction(deps, async (tx) => {
    await updateActivityRow(tx, activityId, { deletedAt: new Date(), updatedAt: new Date() });
    await emit(deps, tx, { type: 'activity.changed', payload: { course_id: row.courseId, activity_id: activityId } });
  });
  return { message: 'Activity deleted' };
}

/** `PUT /api/activities/{id}/publish {published}`. */
export async function publishActivity(deps: AppDeps, actor: Actor, activityId: number, published: boolean): Promise<Activity> {
  const row = await activityRow(deps, activityId);
  const access = await contentAccess(deps, actor, row.courseId, 'manage_content');
  if (row.isPublished !== published) {
    await transaction(deps, async (tx) => {
      await updateActivityRow(tx, activityId, { isPublished: published, updatedAt: new Date() });
      await emit(deps, tx, { type: 'activity.changed', payload: { course_id: row.courseId, activity_id: activityId } });
    });
  }
  const updated = { ...row, isPublished: published };
  return presentActivity(updated, await studied(deps, actor, updated, access.isTeamView, access.course.learningMode), access);
}

/**
 * `GET /api/activities/{id}` (spec §6 view permission): the activity for a
 * course member. Throws ACTIVITY_NOT_FOUND; FORBIDDEN for non-members;
 * ACTIVITY_NOT_STARTED / ACTIVITY_ENDED / ACTIVITY_UNPUBLISHED /
 * ACTIVITY_LOCKED (403, body with start_time and end_time for the
 * access-forbidden popup) for a learner; the course team always opens it.
 * A learner gets a meeting's join URL only inside its time window
 * (learnerActivityData: otherwise `join_url` null and `join_withheld`).
 */
export async function getActivity(deps: AppDeps, actor: Actor, activityId: number, now = new Date()): Promise<Activity> {
  const row = await activityRow(deps, activityId);
  // Four statements with the session (decision 0140): the activity, the course with my roles, the tree with my state.
  const { access, study } = await contentStudy(deps, actor, row.courseId, 'view', now);
  const a = studiedIn(study, row.id);
  assertOpen(a);
  return presentActivity(row, a, { isTeamView: access.isTeamView, now });
}

/**
 * `POST /api/activities/{id}/reads {upload_id?, page?}`: the actor visited the
 * activity, or viewed `page` of the document `upload_id` (spec §3 Activity read
 * record), emitting `activity.read` (its handler recomputes the course's study
 * completeness, decision 0081); answers the completion and completeness after it. Same access rules as getActivity; throws
 * VALIDATION_FAILED naming upload_id (not a file of this activity) or page
 * (beyond the document's pages).
 */
export async function readActivity(deps: AppDeps, actor: Actor, activityId: number, body: ActivityReadBody, now = new Date()): Promise<ActivityReadResponse> {
  const row = await activityRow(deps, activityId);
  const access = await contentAccess(deps, actor, row.courseId, 'view');
  const a = await studied(deps, actor, row, access.isTeamView, access.course.learningMode, now);
  assertOpen(a);
  let uploadId = 0;
  if (body.upload_id !== undefined) {
    const upload = a.uploads.find((u) => u.id === body.upload_id);
    if (!upload) throw AppError.field('upload_id', 'This file is not one of this activity');
    if (body.page !== undefined && upload.numPages && body.page > upload.numPages) throw AppError.field('page', `This document has ${upload.numPages} pages`);
    uploadId = upload.id;
  } else if (body.page !== undefined) {
    throw AppError.field('upload_id', 'Name the document whose page was viewed');
  }
  await transaction(deps, async (tx) => {
    await recordRead(tx, activityId, actor.id, uploadId, body.page);
    await emit(deps, tx, { type: 'activity.read', payload: { course_id: row.courseId, activity_id: activityId, user_id: actor.id, upload_id: uploadId } });
  });
  // The activity.read handlers (completeness) have run once transaction() answers.
  const after = await studied(deps, actor, row, access.isTeamView, access.course.learningMode, now);
  return { is_completed: after.isCompleted, study_completeness: (await findState(deps.db, row.courseId, actor.id))?.studyCompleteness ?? 0 };
}

/**
 * `GET /api/activities/{id}/comment/count?conditions=` (spec §7): the question count — of one
 * file with conditions `{referrer_id, referrer_type: 'upload_reference', type: 'question'}`, else
 * of the activity — as the reader may see it (issue 18 §4; questions.service.ts).
 */
export async function commentCount(deps: AppDeps, actor: Actor, activityId: number, conditions: string | undefined): Promise<CommentCount> {
  return questionCount(deps, actor, activityId, conditions);
}
