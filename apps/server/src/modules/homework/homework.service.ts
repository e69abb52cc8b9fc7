import {
  HOMEWORK_DEFAULTS,
  HOMEWORK_MAX_SCORE,
  HOMEWORK_SCORE_ERROR,
  HomeworkDataSchema,
  type HomeworkData,
  type HomeworkSubmission,
  type MyHomework,
  type ScoreSubmissionBody,
  type SubmissionList,
  type SubmissionListQuery,
  type SubmissionUpload,
  type SubmitHomeworkBody,
} from '@atrium/contracts';
import { AppError } from '../../lib/app-error.js';
import type { AppDeps } from '../../lib/deps.js';
import { sanitizeRichText } from '../../lib/sanitize-html.js';
import type { Actor } from '../../plugins/auth.js';
import type { ActivityRow } from '../activities/activities.repository.js';
import { emit, transaction } from '../events/events.service.js';
import { findGradeItemPublishedAt } from '../gradebook/gradebook.repository.js';
import { lockLiveUploads, reparentUploads } from '../uploads/uploads.repository.js';
import type { Db } from '../../db/client.js';
import { homeworkToManage, homeworkToSubmit, submissionToGrade, submissionToRead } from './homework.policy.js';
import {
  findLearnerGroup,
  findOwnSubmission,
  listGroupLearnerIds,
  listSubmissionFiles,
  listSubmissionsPage,
  lockOwnSubmission,
  lockSubmission,
  neighbourSubmissionIds,
  replaceSubmissionUploads,
  submissionSummary,
  submissionNames,
  updateSubmission,
  type SubmissionFileRow,
  type SubmissionRow,
} from './homework.repository.js';

/**
 * Homework (issue 16 §1–2): handing in, drafts, resubmission until the due date, late marks,
 * cut-off, file limits, group homework, the team's list and scores 0–100 (spec §5: above 100 is
 * refused with `homework.scoreError`, nothing saved). Emits `homework.submitted` and
 * `homework.graded` (the gradebook and completion listen). `now` for tests.
 */

export type HomeworkSettings = Omit<HomeworkData, keyof typeof HOMEWORK_DEFAULTS> & typeof HOMEWORK_DEFAULTS & { due: Date | null; cutOff: Date | null };

/** An activity's homework settings with the defaults filled in and its dates parsed. */
export function homeworkSettings(activity: Pick<ActivityRow, 'data'>): HomeworkSettings {
  const parsed = HomeworkDataSchema.safeParse(activity.data ?? {});
  const data: HomeworkData = parsed.success ? parsed.data : {};
  return {
    ...HOMEWORK_DEFAULTS,
    ...Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined)),
    due: data.due_date ? new Date(data.due_date) : null,
    cutOff: data.cut_off_date ? new Date(data.cut_off_date) : null,
  } as HomeworkSettings;
}

/** Why a learner may not hand in now, or null. After the cut-off nothing; once handed in, nothing after the due date; nothing once graded. */
export function closedReason(
  settings: Pick<HomeworkSettings, 'due' | 'cutOff'>,
  row: Pick<SubmissionRow, 'status' | 'score'> | undefined,
  now: Date,
): MyHomework['closed_reason'] {
  if (row && row.score !== null) return 'graded';
  if (settings.cutOff && now > settings.cutOff) return 'cut_off';
  if (row?.status === 'submitted' && settings.due && now > settings.due) return 'due';
  return null;
}

const CLOSED_MESSAGES: Record<
  NonNullable<MyHomework['closed_reason']>,
  [code: 'HOMEWORK_CLOSED' | 'HOMEWORK_GRADED' | 'HOMEWORK_NO_GROUP', message: string]
> = {
  graded: ['HOMEWORK_GRADED', 'This submission was graded and can no longer be changed'],
  cut_off: ['HOMEWORK_CLOSED', 'The cut-off date has passed: no more submissions are accepted'],
  due: ['HOMEWORK_CLOSED', 'The due date has passed: a handed-in submission can no longer be changed'],
  no_group: ['HOMEWORK_NO_GROUP', 'This is group homework and you are in no group of this course: ask the course team'],
};

function present(
  row: SubmissionRow,
  names: { userName: string; groupName: string | null; gradedByName: string | null },
  files: readonly SubmissionFileRow[],
  view: { isTeam: boolean; published: boolean; previous?: number | null; next?: number | null },
): HomeworkSubmission {
  const showScore = view.isTeam || (view.published && row.score !== null);
  const file = (f: SubmissionFileRow): SubmissionUpload => ({
    id: f.uploadId,
    name: f.name,
    type: f.type,
    status: f.status as SubmissionUpload['status'],
    size: Number(f.size),
    annotated_upload_id: showScore ? f.annotatedUploadId : null,
  });
  const mine = files.filter((f) => f.submissionId === row.id);
  return {
    id: row.id,
    activity_id: row.activityId,
    user_id: row.userId,
    user_name: names.userName,
    group_id: row.groupId,
    group_name: names.groupName,
    status: row.status as HomeworkSubmission['status'],
    is_late: row.isLate,
    content: row.content,
    submitted_at: row.submittedAt?.toISOString() ?? null,
    submission_count: row.submissionCount,
    score: showScore ? row.score : null,
    feedback: showScore ? row.feedback : null,
    graded_at: showScore ? (row.gradedAt?.toISOString() ?? null) : null,
    graded_by_name: showScore ? names.gradedByName : null,
    uploads: mine.filter((f) => f.role === 'submission').map(file),
    feedback_uploads: showScore ? mine.filter((f) => f.role === 'feedback').map(file) : [],
    previous_id: view.isTeam ? (view.previous ?? null) : null,
    next_id: view.isTeam ? (view.next ?? null) : null,
  };
}

/** The answer for one submission as `isTeam` sees it. Three to four statements. */
async function presentOne(deps: AppDeps, row: SubmissionRow, isTeam: boolean): Promise<HomeworkSubmission> {
  const [names, files, publishedAt, around] = await Promise.all([
    submissionNames(deps.db, row),
    listSubmissionFiles(deps.db, [row.id]),
    isTeam ? Promise.resolve(null) : findGradeItemPublishedAt(deps.db, row.activityId),
    isTeam ? neighbourSubmissionIds(deps.db, row) : Promise.resolve({ previous: null, next: null }),
  ]);
  return present(row, names, files, { isTeam, published: publishedAt !== null, ...around });
}

/** Whom a submission is for: its learner, or every enrolled member of its group. */
async function learnersOf(db: Db, row: Pick<SubmissionRow, 'courseId' | 'userId' | 'groupId'>): Promise<number[]> {
  if (row.groupId === null) return [row.userId];
  const members = await listGroupLearnerIds(db, row.courseId, row.groupId);
  return members.length > 0 ? members : [row.userId];
}

/**
 * Checks the files a learner hands in: live, received uploads of the actor's organisation that
 * are their own personal files (or already this submission's), each within the size limit.
 * 400 naming `upload_ids` otherwise.
 */
/**
 * Makes `ids` the submission's files in `role` (issue 16 §1–2), inside the caller's transaction:
 * each must be the actor's own finished upload (`parent_type: 'user'`, their organisation) or a
 * file already attached in that role, and at most `maxBytes`. Files newly given are taken over by
 * the submission; files left out go back to the actor's own files. Throws 400 on `field` naming
 * the file; nothing is changed then (the caller's transaction rolls back).
 */
async function attachFiles(
  tx: Db,
  {
    submissionId,
    role,
    ids,
    actor,
    maxBytes,
    field,
  }: { submissionId: number; role: 'submission' | 'feedback'; ids: readonly number[]; actor: Actor; maxBytes: number; field: string },
): Promise<void> {
  if (new Set(ids).size !== ids.length) throw AppError.field(field, 'A file is given twice');
  const rows = await lockLiveUploads(tx, [...ids]);
  const previous = (await listSubmissionFiles(tx, [submissionId])).filter((f) => f.role === role).map((f) => f.uploadId);
  for (const id of ids) {
    const row = rows.find((r) => r.id === id);
    const own =
      row &&
      row.orgId === actor.orgId &&
      ((row.parentType === 'user' && row.ownerId === actor.id) || (row.parentType === 'submission' && row.parentId === submissionId && previous.includes(id)));
    if (!row || !own) throw AppError.field(field, `File ${id} is not one of your uploaded files`);
    if (!row.receivedAt) throw AppError.field(field, `File ${row.name} has not finished uploading`);
    if (row.size > maxBytes) throw AppError.field(field, `File ${row.name} is larger than the ${maxBytes} bytes allowed`);
  }
  await reparentUploads(
    tx,
    previous.filter((id) => !ids.includes(id)),
    'user',
    actor.id,
  );
  await reparentUploads(
    tx,
    ids.filter((id) => !previous.includes(id)),
    'submission',
    submissionId,
  );
  await replaceSubmissionUploads(tx, submissionId, role, [...ids]);
}

/**
 * `POST /api/homework/{activityId}/submissions`: hands in (or keeps a draft of) the learner's work.
 * Throws 403/404 as activity.open, FORBIDDEN for the course team, NOT_HOMEWORK, 400 naming the
 * field (upload_ids, content, draft), HOMEWORK_EMPTY, HOMEWORK_NO_GROUP, HOMEWORK_CLOSED (cut-off
 * passed, or handed in and the due date passed), HOMEWORK_GRADED. Nothing changes on refusal.
 */
export async function submitHomework(deps: AppDeps, actor: Actor, activityId: number, body: SubmitHomeworkBody, now = new Date()): Promise<HomeworkSubmission> {
  const { activity, isTeam } = await homeworkToSubmit(deps, actor, activityId, now);
  if (isTeam) throw new AppError('FORBIDDEN', 'The course team grades homework; it does not hand it in');
  const settings = homeworkSettings(activity);
  const content = body.content && body.content.trim() ? sanitizeRichText(body.content) : null;
  if (settings.submission_type === 'file' && content) throw AppError.field('content', 'This homework takes files only');
  if (settings.submission_type === 'text' && body.upload_ids.length > 0) throw AppError.field('upload_ids', 'This homework takes online text only');
  if (body.upload_ids.length > settings.max_files) throw AppError.field('upload_ids', `At most ${settings.max_files} files`);
  if (!body.draft && !content && body.upload_ids.length === 0)
    throw new AppError('HOMEWORK_EMPTY', 'Add a file or write your answer before handing in', { upload_ids: ['Add a file or write your answer'] });
  let groupId: number | null = null;
  if (settings.group_mode) {
    const group = await findLearnerGroup(deps.db, activity.courseId, actor.id);
    if (!group) throw new AppError(...CLOSED_MESSAGES.no_group);
    groupId = group.id;
  }
  const row = await transaction(deps, async (tx) => {
    const locked = await lockOwnSubmission(tx, { activityId, courseId: activity.courseId, userId: actor.id, groupId });
    const reason = closedReason(settings, locked.status === 'draft' && locked.submissionCount === 0 ? undefined : locked, now);
    if (reason) throw new AppError(...CLOSED_MESSAGES[reason]);
    if (body.draft && locked.status === 'submitted') throw AppError.field('draft', 'This homework was handed in: hand it in again to change it');
    await attachFiles(tx, {
      submissionId: locked.id,
      role: 'submission',
      ids: body.upload_ids,
      actor,
      maxBytes: settings.max_file_size,
      field: 'upload_ids',
    });
    const handIn = !body.draft;
    const updated = await updateSubmission(tx, locked.id, {
      userId: actor.id,
      content,
      ...(handIn
        ? { status: 'submitted', submittedAt: now, isLate: settings.due !== null && now > settings.due, submissionCount: locked.submissionCount + 1 }
        : {}),
    });
    if (handIn) {
      await emit(deps, tx, {
        type: 'homework.submitted',
        payload: {
          course_id: activity.courseId,
          activity_id: activityId,
          submission_id: locked.id,
          user_ids: await learnersOf(tx, updated),
          is_late: updated.isLate,
        },
      });
    }
    return updated;
  });
  return presentOne(deps, row, false);
}

/** `GET /api/homework/{activityId}/my-submission`: the learner's submission (or their group's), whether they may hand in, the dates and whether scores are published. */
export async function mySubmission(deps: AppDeps, actor: Actor, activityId: number, now = new Date()): Promise<MyHomework> {
  const { activity } = await homeworkToSubmit(deps, actor, activityId, now);
  const settings = homeworkSettings(activity);
  const group = settings.group_mode ? await findLearnerGroup(deps.db, activity.courseId, actor.id) : null;
  const [row, publishedAt] = await Promise.all([
    settings.group_mode && !group ? Promise.resolve(undefined) : findOwnSubmission(deps.db, activityId, { userId: actor.id, groupId: group?.id ?? null }),
    findGradeItemPublishedAt(deps.db, activityId),
  ]);
  const reason = settings.group_mode && !group ? 'no_group' : closedReason(settings, row?.submissionCount ? row : undefined, now);
  return {
    submission: row ? await presentOne(deps, row, false) : null,
    can_submit: reason === null,
    closed_reason: reason,
    due_date: settings.due?.toISOString() ?? null,
    cut_off_date: settings.cutOff?.toISOString() ?? null,
    scores_published: publishedAt !== null,
  };
}

/**
 * `GET /api/homework/{activityId}/submissions` (course team): handed-in submissions, filtered and
 * paged, with counts. One statement for the access check, then the page and the summary (which
 * counts the total; a keyword filter adds its own count) in parallel.
 */
export async function listSubmissions(deps: AppDeps, actor: Actor, activityId: number, query: SubmissionListQuery): Promise<SubmissionList> {
  const activity = await homeworkToManage(deps, actor, activityId);
  const settings = homeworkSettings(activity);
  const [page, { publishedAt, matching, ...summary }] = await Promise.all([
    listSubmissionsPage(deps.db, activityId, query, { limit: query.page_size, offset: (query.page - 1) * query.page_size }),
    submissionSummary(deps.db, activity, settings.group_mode, query),
  ]);
  const { rows } = page;
  const total = page.total ?? matching;
  return {
    items: rows.map((r) => ({
      id: r.id,
      user_id: r.userId,
      user_name: r.userName,
      user_no: r.userNo,
      group_id: r.groupId,
      group_name: r.groupName,
      status: r.status as 'submitted',
      is_late: r.isLate,
      submitted_at: r.submittedAt?.toISOString() ?? null,
      submission_count: r.submissionCount,
      file_count: r.fileCount,
      score: r.score,
      graded_at: r.gradedAt?.toISOString() ?? null,
      graded_by_id: r.gradedById,
      graded_by_name: r.gradedByName,
    })),
    page: query.page,
    page_size: query.page_size,
    pages: Math.max(1, Math.ceil(total / query.page_size)),
    total,
    summary,
    scores_published: publishedAt !== null,
  };
}

/** `GET /api/homework-submissions/{submissionId}`: the team (with previous/next) or the submission's own learner. SUBMISSION_NOT_FOUND for anyone else. */
export async function getSubmission(deps: AppDeps, actor: Actor, submissionId: number): Promise<HomeworkSubmission> {
  const { submission, isTeam } = await submissionToRead(deps, actor, submissionId);
  return presentOne(deps, submission, isTeam);
}

/**
 * `PUT /api/homework-submissions/{submissionId}/score` (course team): score 0–100 and feedback.
 * A score outside 0–100 → 400 with `errors.score: ['homework.scoreError']` (spec §5, §8) and
 * nothing saved. Feedback files are the grader's own uploads, taken over by the submission.
 * Emits homework.graded.
 */
export async function scoreSubmission(
  deps: AppDeps,
  actor: Actor,
  submissionId: number,
  body: ScoreSubmissionBody,
  now = new Date(),
): Promise<HomeworkSubmission> {
  if (!Number.isFinite(body.score) || body.score < 0 || body.score > HOMEWORK_MAX_SCORE) {
    throw new AppError('VALIDATION_FAILED', `The score must be between 0 and ${HOMEWORK_MAX_SCORE}`, { score: [HOMEWORK_SCORE_ERROR] });
  }
  const { activity } = await submissionToGrade(deps, actor, submissionId);
  const row = await transaction(deps, async (tx) => {
    const locked = await lockSubmission(tx, submissionId);
    if (!locked || locked.status !== 'submitted') throw new AppError('SUBMISSION_NOT_FOUND', 'This submission does not exist');
    if (body.feedback_upload_ids !== undefined) {
      await attachFiles(tx, {
        submissionId: locked.id,
        role: 'feedback',
        ids: body.feedback_upload_ids,
        actor,
        maxBytes: Number.MAX_SAFE_INTEGER,
        field: 'feedback_upload_ids',
      });
    }
    const updated = await updateSubmission(tx, locked.id, {
      score: body.score,
      ...(body.feedback !== undefined ? { feedback: body.feedback?.trim() || null } : {}),
      gradedById: actor.id,
      gradedAt: now,
    });
    await emit(deps, tx, {
      type: 'homework.graded',
      payload: {
        course_id: activity.courseId,
        activity_id: activity.id,
        submission_id: locked.id,
        user_ids: await learnersOf(tx, updated),
        grader_id: actor.id,
        score: body.score,
      },
    });
    return updated;
  });
  return presentOne(deps, row, true);
}
