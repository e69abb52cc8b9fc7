import { z } from 'zod';
import { pageOf } from '../common/pagination.schemas.js';
import { PAGE_SIZE_OPTIONS } from '../constants.js';
import { UploadStatusSchema } from '../uploads/uploads.schemas.js';

/**
 * Homework submissions and their grading (issue 16 §1–2; spec §2 `#/{homeworkId}`, §5 PDF save:
 * a score above 100 is refused with `homework.scoreError`, §8). Scores are 0–100. Instants are
 * ISO-8601. A submission belongs to its learner, or in group homework to the learner's course
 * group (one submission per group, any member submits).
 */

const id = z.number().int().positive();
const isoTime = z.iso.datetime({ offset: true });

/** The spec's message key for a score outside 0–100 (§5, §8). */
export const HOMEWORK_SCORE_ERROR = 'homework.scoreError';
/** Highest homework score (spec §5). */
export const HOMEWORK_MAX_SCORE = 100;

export const HomeworkIdParamsSchema = z.object({ activityId: z.coerce.number().int().positive() });
export const SubmissionIdParamsSchema = z.object({ submissionId: z.coerce.number().int().positive() });

/**
 * `POST /api/homework/{activityId}/submissions`: hand in (or, `draft: true`, keep a draft of)
 * the learner's work. `upload_ids`: the learner's own uploads (parent_type `user`), which the
 * submission takes over; `content`: online text (HTML, sanitised). Replaces what an earlier
 * draft or submission held.
 */
export const SubmitHomeworkBodySchema = z.object({
  upload_ids: z.array(id).max(100).default([]),
  content: z.string().max(1_000_000).nullable().default(null),
  draft: z.boolean().default(false),
});
export type SubmitHomeworkBody = z.infer<typeof SubmitHomeworkBodySchema>;

export const HomeworkSubmissionStatusSchema = z.enum(['draft', 'submitted']);

export const SubmissionUploadSchema = z.object({
  id,
  name: z.string(),
  type: z.string(),
  status: UploadStatusSchema,
  /** Bytes. */
  size: z.number(),
  /** The team's annotated copy (a flattened PDF), when there is one and the viewer may see it. */
  annotated_upload_id: id.nullable(),
});
export type SubmissionUpload = z.infer<typeof SubmissionUploadSchema>;

/** One submission as its learner or the course team sees it. `score` is null until graded, and for a learner until the scores are published. */
export const HomeworkSubmissionSchema = z.object({
  id,
  activity_id: id,
  /** The learner who last handed it in (in group homework, one of the group). */
  user_id: id,
  user_name: z.string(),
  group_id: id.nullable(),
  group_name: z.string().nullable(),
  status: HomeworkSubmissionStatusSchema,
  is_late: z.boolean(),
  /** Sanitised HTML online text, or null. */
  content: z.string().nullable(),
  submitted_at: isoTime.nullable(),
  /** How many times it was handed in. */
  submission_count: z.number().int(),
  score: z.number().nullable(),
  feedback: z.string().nullable(),
  graded_at: isoTime.nullable(),
  graded_by_name: z.string().nullable(),
  uploads: z.array(SubmissionUploadSchema),
  feedback_uploads: z.array(SubmissionUploadSchema),
  /** The team's order (submitted time): previous and next submission, for grading one after another; null for a learner. */
  previous_id: id.nullable(),
  next_id: id.nullable(),
});
export type HomeworkSubmission = z.infer<typeof HomeworkSubmissionSchema>;

/**
 * `GET /api/homework/{activityId}/my-submission`: the learner's submission (null before the first
 * draft), whether they may still hand in, and why not (`closed_reason`).
 */
export const MyHomeworkSchema = z.object({
  submission: HomeworkSubmissionSchema.nullable(),
  can_submit: z.boolean(),
  closed_reason: z.enum(['graded', 'due', 'cut_off', 'no_group']).nullable(),
  due_date: isoTime.nullable(),
  cut_off_date: isoTime.nullable(),
  scores_published: z.boolean(),
});
export type MyHomework = z.infer<typeof MyHomeworkSchema>;

/** A row of the team's submission list. */
export const SubmissionListItemSchema = z.object({
  id,
  user_id: id,
  user_name: z.string(),
  user_no: z.string().nullable(),
  group_id: id.nullable(),
  group_name: z.string().nullable(),
  status: HomeworkSubmissionStatusSchema,
  is_late: z.boolean(),
  submitted_at: isoTime.nullable(),
  submission_count: z.number().int(),
  file_count: z.number().int(),
  score: z.number().nullable(),
  graded_at: isoTime.nullable(),
  graded_by_id: id.nullable(),
  graded_by_name: z.string().nullable(),
});
export type SubmissionListItem = z.infer<typeof SubmissionListItemSchema>;

/** `GET /api/homework/{activityId}/submissions` query: filters and paging (largest page 500). */
export const SubmissionListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce
    .number()
    .int()
    .refine((n) => ([...PAGE_SIZE_OPTIONS, 200, 500] as number[]).includes(n), {
      message: `page_size must be one of ${[...PAGE_SIZE_OPTIONS, 200, 500].join(', ')}`,
    })
    .default(20),
  /** graded / ungraded (submitted, no score yet). */
  state: z.enum(['all', 'graded', 'ungraded']).default('all'),
  late: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  /** Part of a learner's name or number. */
  keyword: z.string().trim().max(100).optional(),
});
export type SubmissionListQuery = z.infer<typeof SubmissionListQuerySchema>;

/** The team's list, with counts over the whole homework (not only this page). */
export const SubmissionListSchema = pageOf(SubmissionListItemSchema).extend({
  /** Learners of the course (in group homework: groups) and how many handed in, were graded, were late. */
  summary: z.object({ expected: z.number().int(), submitted: z.number().int(), graded: z.number().int(), late: z.number().int() }),
  scores_published: z.boolean(),
});
export type SubmissionList = z.infer<typeof SubmissionListSchema>;

/**
 * `PUT /api/homework-submissions/{submissionId}/score` (course team): score 0–100 (above 100 →
 * 400 with `errors.score: ['homework.scoreError']`, nothing saved), feedback text, and feedback
 * files (the grader's own uploads, taken over by the submission; absent keeps the current ones).
 */
export const ScoreSubmissionBodySchema = z.object({
  score: z.number(),
  feedback: z.string().max(100_000).nullable().optional(),
  feedback_upload_ids: z.array(id).max(20).optional(),
});
export type ScoreSubmissionBody = z.infer<typeof ScoreSubmissionBodySchema>;
