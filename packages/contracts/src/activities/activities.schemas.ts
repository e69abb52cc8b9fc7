import { z } from 'zod';
import { GradeMethodSchema, ResultVisibilitySchema } from '../exams/exams.schemas.js';
import { QuestionnaireDataSchema } from '../questionnaires/questionnaires.schemas.js';
import { UploadStatusSchema } from '../uploads/uploads.schemas.js';
import { ACTIVITY_TYPES, COMPLETION_CRITERIA, LEARNING_MODES, MEETING_ACTIVITY_TYPES, type ActivityType } from './activity-types.js';
import { isHttpUrl, parseOnlineVideoUrl } from './online-video.js';
import { LtiDataSchema } from '../lti/lti.schemas.js';

/**
 * Course content, modules, learning activities and their completion (issue 7;
 * spec §2 course content / learning-activity pages, §3 Course learning_mode,
 * Study completeness, Activity read record, §4, §6, §7). The calls are listed in
 * /work/activities-api.md (the agreement between the server and the web side).
 */

const id = z.number().int().positive();
const isoTime = z.iso.datetime({ offset: true });
/** Rich text as sent by the editor; the server sanitises it (sanitizeRichText) before storing. */
const richText = z.string().max(1_000_000);

export const ActivityTypeSchema = z.enum(ACTIVITY_TYPES);
export const CompletionCriterionSchema = z.enum(COMPLETION_CRITERIA);
export const LearningModeSchema = z.enum(LEARNING_MODES);

/**
 * Why an activity may (not) be opened now by the requester (spec §6 view
 * permission, §2 access-forbidden popup): 'locked' is learning_mode checkpoint
 * with an earlier activity unfinished.
 */
export const ActivityAccessSchema = z.enum(['open', 'not_started', 'ended', 'unpublished', 'locked']);
export type ActivityAccess = z.infer<typeof ActivityAccessSchema>;

export const ActivityIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

// ---------------------------------------------------------------- per-type data

/** An http(s) URL (web links, join URLs): `javascript:`, `data:` … are refused. */
export const HttpUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .refine((u) => isHttpUrl(u), { message: 'Only http and https links are allowed' });

/**
 * Copyright notice shown over the activity's videos (spec §3 Video-player
 * options "copyright notice"): plain text, empty means none. Read by the media
 * player options from `activities.data.copyright_notice`.
 */
export const CopyrightNoticeSchema = z.string().trim().max(500, 'copyright_notice is at most 500 characters').nullable().optional();
const mediaDataFields = { copyright_notice: CopyrightNoticeSchema };

/** `page` data: the page's HTML (sanitised on the server). */
export const PageDataSchema = z.object({ content: richText.default('') });
/** `web_link` data: the link, http or https only; opened with rel=noopener. */
export const WebLinkDataSchema = z.object({ url: HttpUrlSchema });
/**
 * `online_video` data: either an embedded online video `url` that must be a
 * supported link (spec §4: otherwise the original-URL field error, `errors.url`),
 * or the activity's uploads (`upload_ids` of the create/update body).
 */
export const OnlineVideoDataSchema = z.object({
  ...mediaDataFields,
  url: z
    .string()
    .trim()
    .max(2000)
    .refine((u) => parseOnlineVideoUrl(u) !== null, { message: 'Not a supported online video link' })
    .optional(),
});
/** One recording of a meeting or live activity (decision 0150): a title and an http(s) address. */
export const ReplayUrlSchema = z.object({
  title: z.string().trim().min(1, 'title is required').max(200),
  url: HttpUrlSchema,
});
export type ReplayUrl = z.infer<typeof ReplayUrlSchema>;
/**
 * Meeting and live types (MEETING_ACTIVITY_TYPES): a link to the provider, not a built-in conference.
 * `replay_urls` (decision 0150) reach learners only once the meeting has ended; the team always sees them.
 */
export const MeetingActivityDataSchema = z
  .object({
    provider: z.string().trim().min(1, 'provider is required').max(100),
    join_url: HttpUrlSchema,
    meeting_start_time: isoTime.nullable().optional(),
    meeting_end_time: isoTime.nullable().optional(),
    replay_urls: z.array(ReplayUrlSchema).max(50, 'at most 50 replays').optional(),
  })
  .refine((d) => !d.meeting_start_time || !d.meeting_end_time || Date.parse(d.meeting_end_time) > Date.parse(d.meeting_start_time), {
    message: 'meeting_end_time must be after meeting_start_time',
    path: ['meeting_end_time'],
  });
/** File-or-link types (lesson, slide, h5_courseware, virtual_experiment): uploads, or an http(s) `url`. */
export const FileOrLinkDataSchema = z.object({ ...mediaDataFields, url: HttpUrlSchema.optional() });
/** File types (material, scorm): the copyright notice over their videos. */
export const FileActivityDataSchema = z.object(mediaDataFields);
/**
 * `homework` settings (issue 16 §1; the Moodle importer writes the same fields from an assign):
 * `max_grade` points the Moodle assign was out of (scores here are 0–100, spec §5), `due_date`
 * (submissions after it are marked late, resubmission stops) and `cut_off_date` (no submission
 * after it) ISO times, the brief's attached files `attachment_upload_ids` (uploads of the course),
 * `submission_type` (files, online text or both), at most `max_files` files of at most
 * `max_file_size` bytes each, and `group_mode` (one submission per course group, spec §3 groups).
 * All optional; HOMEWORK_DEFAULTS fills what is absent.
 */
export const HomeworkSubmissionTypeSchema = z.enum(['file', 'text', 'both']);
export const HomeworkDataSchema = z
  .object({
    max_grade: z.number().min(0).max(100_000).optional(),
    due_date: isoTime.nullable().optional(),
    cut_off_date: isoTime.nullable().optional(),
    attachment_upload_ids: z.array(z.number().int().positive()).max(500).optional(),
    submission_type: HomeworkSubmissionTypeSchema.optional(),
    max_files: z.number().int().min(1).max(100).optional(),
    /** Bytes (1 KiB … 4 GiB). */
    max_file_size: z
      .number()
      .int()
      .min(1024)
      .max(4 * 1024 ** 3)
      .optional(),
    group_mode: z.boolean().optional(),
  })
  .refine((d) => !d.due_date || !d.cut_off_date || Date.parse(d.cut_off_date) >= Date.parse(d.due_date), {
    message: 'cut_off_date must not be before due_date',
    path: ['cut_off_date'],
  });
export type HomeworkData = z.infer<typeof HomeworkDataSchema>;
/** What an absent homework setting means. */
export const HOMEWORK_DEFAULTS: {
  submission_type: z.infer<typeof HomeworkSubmissionTypeSchema>;
  max_files: number;
  max_file_size: number;
  group_mode: boolean;
} = {
  submission_type: 'both',
  max_files: 10,
  max_file_size: 200 * 1024 ** 2,
  group_mode: false,
};
/**
 * `exam` settings (issue 15): time limit in seconds, attempts allowed (0 or absent = unlimited),
 * which attempt counts (`grade_method`), pass score in points, shuffling, when a learner sees the
 * score (`show_score`) and the right answers (`show_answers`). The window is the activity's
 * start/end time. Subjects are exam_subjects rows (`/api/exams/{activityId}/subjects`).
 */
export const ExamDataSchema = z.object({
  time_limit_seconds: z
    .number()
    .int()
    .positive()
    .max(7 * 24 * 3600)
    .optional(),
  max_attempts: z.number().int().min(0).max(1000).optional(),
  max_grade: z.number().min(0).max(100_000).nullable().optional(),
  grade_method: GradeMethodSchema.optional(),
  pass_score: z.number().min(0).max(100_000).nullable().optional(),
  shuffle_subjects: z.boolean().optional(),
  shuffle_options: z.boolean().optional(),
  show_score: ResultVisibilitySchema.optional(),
  show_answers: ResultVisibilitySchema.optional(),
});
export type ExamData = z.infer<typeof ExamDataSchema>;
/**
 * A forum graded on participation (issue 18 §1): each learner's score in the gradebook is
 * min(posts, posts_for_full) / posts_for_full × max_score, posts = their topics and replies in
 * the forum (decision 0091 "Participation grades"). Absent or null: the forum is not graded.
 */
export const ForumGradingSchema = z.object({
  type: z.literal('participation'),
  /** Points a full score is worth (0 < max_score ≤ 1000). */
  max_score: z.number().positive().max(1000),
  /** Posts (topics + replies) for a full score: a whole number 1–1000. */
  posts_for_full: z.number().int().min(1).max(1000),
});
export type ForumGrading = z.infer<typeof ForumGradingSchema>;

/**
 * `forum` data: the Moodle forum type of an imported forum, the participation grading (optional),
 * and — only in forums imported before issue 18, whose discussions now become topics — the
 * discussions with their posts (HTML, sanitised).
 */
export const ForumDataSchema = z.object({
  forum_type: z.string().trim().max(50).optional(),
  grading: ForumGradingSchema.nullable().optional(),
  discussions: z
    .array(
      z.object({
        name: z.string().max(1000),
        posts: z.array(z.object({ subject: z.string().max(1000), message: richText, created_at: isoTime.nullable() })).max(10_000),
      }),
    )
    .max(10_000)
    .optional(),
});
/** Types whose full behaviour is another issue (classroom): no data yet. */
export const EmptyDataSchema = z.object({});

/** The data schema of one activity type (the server validates `data` with it; fields named errors.url, errors.content …). */
export function activityDataSchema(type: ActivityType): z.ZodType<Record<string, unknown>> {
  if ((MEETING_ACTIVITY_TYPES as readonly string[]).includes(type)) return MeetingActivityDataSchema;
  switch (type) {
    case 'page':
      return PageDataSchema;
    case 'web_link':
      return WebLinkDataSchema;
    case 'online_video':
      return OnlineVideoDataSchema;
    case 'homework':
      return HomeworkDataSchema;
    case 'exam':
      return ExamDataSchema;
    case 'forum':
      return ForumDataSchema;
    case 'questionnaire':
      return QuestionnaireDataSchema;
    case 'lesson':
    case 'slide':
    case 'h5_courseware':
    case 'virtual_experiment':
      return FileOrLinkDataSchema;
    case 'material':
    case 'scorm':
      return FileActivityDataSchema;
    case 'lti':
      return LtiDataSchema;
    default:
      return EmptyDataSchema;
  }
}

/** Types whose content is uploaded files (upload_ids accepted). */
export const UPLOAD_ACTIVITY_TYPES = [
  'material',
  'online_video',
  'scorm',
  'lesson',
  'slide',
  'h5_courseware',
  'virtual_experiment',
  'page',
] as const satisfies readonly ActivityType[];

// ---------------------------------------------------------------- answers

export const ActivityUploadSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  status: UploadStatusSchema,
  /** Bytes. */
  size: z.number(),
});
export type ActivityUpload = z.infer<typeof ActivityUploadSchema>;

/** One activity in the content tree, as the requester meets it. Times are ISO-8601 instants. */
export const ActivitySummarySchema = z.object({
  id: z.number().int(),
  module_id: z.number().int(),
  type: ActivityTypeSchema,
  title: z.string(),
  is_published: z.boolean(),
  start_time: isoTime.nullable(),
  end_time: isoTime.nullable(),
  completion_criterion: CompletionCriterionSchema,
  /** 1..100 for video_percent; null otherwise. */
  completion_percent: z.number().int().nullable(),
  sort: z.number().int(),
  /** The requester's own completion. */
  is_completed: z.boolean(),
  access: ActivityAccessSchema,
});
export type ActivitySummary = z.infer<typeof ActivitySummarySchema>;

/** `GET /api/activities/{id}` and the create/update answers. */
export const ActivitySchema = ActivitySummarySchema.extend({
  course_id: z.number().int(),
  /** Sanitised HTML. */
  description: z.string().nullable(),
  /** Per type (activityDataSchema); `page.content` is sanitised HTML. */
  data: z.record(z.string(), z.unknown()),
  uploads: z.array(ActivityUploadSchema),
  can_guest_preview: z.boolean(),
  refuse_forward_seeking: z.boolean(),
});
export type Activity = z.infer<typeof ActivitySchema>;

export const ContentModuleSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Sanitised HTML. */
  summary: z.string().nullable(),
  sort: z.number().int(),
  is_published: z.boolean(),
  activities: z.array(ActivitySummarySchema),
});
export type ContentModule = z.infer<typeof ContentModuleSchema>;

/** A module without its activities (module create/update answers). */
export const ModuleSchema = ContentModuleSchema.omit({ activities: true });
export type Module = z.infer<typeof ModuleSchema>;

/** The requester's study completeness (spec §3). */
export const ContentStudySchema = z.object({
  /** 0..100 percent of published, completable activities completed. */
  study_completeness: z.number().int().min(0).max(100),
  last_activity: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  last_update_completeness_time: isoTime.nullable(),
});
export type ContentStudy = z.infer<typeof ContentStudySchema>;

/** `GET /api/courses/{id}/content`: the content tree; students see published modules and activities only. */
export const CourseContentSchema = z.object({
  learning_mode: LearningModeSchema,
  /** True when the requester may edit the content (instructor, admin), and is not previewing as a student. */
  can_edit: z.boolean(),
  modules: z.array(ContentModuleSchema),
  study: ContentStudySchema,
});
export type CourseContent = z.infer<typeof CourseContentSchema>;

/**
 * 403 body of `GET /api/activities/{id}` (and of reads) when the activity may not
 * be opened: code ACTIVITY_NOT_STARTED / ACTIVITY_ENDED / ACTIVITY_UNPUBLISHED /
 * ACTIVITY_LOCKED, with the times for the access-forbidden popup (spec §2,
 * shown as YYYY-MM-DD HH:mm).
 */
export const ActivityForbiddenBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  start_time: isoTime.nullable().optional(),
  end_time: isoTime.nullable().optional(),
});
export type ActivityForbiddenBody = z.infer<typeof ActivityForbiddenBodySchema>;

// ---------------------------------------------------------------- bodies

/** `POST /api/courses/{id}/modules`. */
export const CreateModuleBodySchema = z.object({
  title: z.string().trim().min(1, 'title is required').max(200),
  summary: richText.nullable().optional(),
});
export type CreateModuleBody = z.infer<typeof CreateModuleBodySchema>;

/** `PUT /api/modules/{id}`. */
export const UpdateModuleBodySchema = z.object({
  title: z.string().trim().min(1, 'title is required').max(200).optional(),
  summary: richText.nullable().optional(),
  is_published: z.boolean().optional(),
});
export type UpdateModuleBody = z.infer<typeof UpdateModuleBodySchema>;

/**
 * `PUT /api/courses/{id}/content/order`: the whole order in one call (drag and
 * drop, activities may move across modules). Every module and activity of the
 * course must appear exactly once; other ids are refused.
 */
export const ContentOrderBodySchema = z.object({
  modules: z.array(z.object({ id, activity_ids: z.array(id).max(5000) })).max(1000),
});
export type ContentOrderBody = z.infer<typeof ContentOrderBodySchema>;

const activityFields = {
  title: z.string().trim().min(1, 'title is required').max(200),
  description: richText.nullable().optional(),
  start_time: isoTime.nullable().optional(),
  end_time: isoTime.nullable().optional(),
  completion_criterion: CompletionCriterionSchema.optional(),
  completion_percent: z.number().int().min(1).max(100).nullable().optional(),
  can_guest_preview: z.boolean().optional(),
  refuse_forward_seeking: z.boolean().optional(),
  /** Per type, see activityDataSchema; validated by the server against the activity's type. */
  data: z.record(z.string(), z.unknown()).optional(),
  /** Uploads the activity holds, in order (UPLOAD_ACTIVITY_TYPES). */
  upload_ids: z.array(id).max(100).optional(),
};

const timesInOrder = (b: { start_time?: string | null; end_time?: string | null }) =>
  !b.start_time || !b.end_time || Date.parse(b.end_time) > Date.parse(b.start_time);

/** `POST /api/courses/{id}/activities`: created unpublished at the end of its module. */
export const CreateActivityBodySchema = z
  .object({ module_id: id, type: ActivityTypeSchema, ...activityFields })
  .refine(timesInOrder, { message: 'end_time must be after start_time', path: ['end_time'] });
export type CreateActivityBody = z.infer<typeof CreateActivityBodySchema>;

/** `PUT /api/activities/{id}`: any of the fields; the type does not change. */
export const UpdateActivityBodySchema = z
  .object({ ...activityFields, title: activityFields.title.optional() })
  .refine(timesInOrder, { message: 'end_time must be after start_time', path: ['end_time'] });
export type UpdateActivityBody = z.infer<typeof UpdateActivityBodySchema>;

/** `PUT /api/activities/{id}/publish` and module publish. */
export const ActivityPublishBodySchema = z.object({ published: z.boolean() });
export type ActivityPublishBody = z.infer<typeof ActivityPublishBodySchema>;

/** `PUT /api/courses/{id}/learning-mode` (spec §3 Course learning_mode), instructors and admins. */
export const LearningModeBodySchema = z.object({ learning_mode: LearningModeSchema });
export type LearningModeBody = z.infer<typeof LearningModeBodySchema>;

/**
 * `POST /api/activities/{id}/reads`: the requester visited the activity, or
 * viewed `page` (1-based) of the document `upload_id`.
 */
export const ActivityReadBodySchema = z.object({
  upload_id: id.optional(),
  page: z.number().int().min(1).max(100_000).optional(),
});
export type ActivityReadBody = z.infer<typeof ActivityReadBodySchema>;

export const ActivityReadResponseSchema = z.object({
  is_completed: z.boolean(),
  /** 0..100: the course's study completeness after this read. */
  study_completeness: z.number().int().min(0).max(100),
});
export type ActivityReadResponse = z.infer<typeof ActivityReadResponseSchema>;

/** `POST /api/course/{id}/record-user-reads {type}` (spec §7): a course-level page read ('content', 'outline', …). */
export const RecordUserReadsBodySchema = z.object({ type: z.string().trim().min(1).max(50) });
export type RecordUserReadsBody = z.infer<typeof RecordUserReadsBodySchema>;

/** Course navigation keys (spec §2 course pages). */
export const COURSE_NAV_KEYS = ['content', 'outline', 'members', 'announcements', 'forum', 'homework', 'exams', 'scores', 'statistics'] as const;
/** `GET /api/courses/{id}/nav-setting`. */
export const NavSettingSchema = z.object({ items: z.array(z.object({ key: z.string(), visible: z.boolean() })) });
export type NavSetting = z.infer<typeof NavSettingSchema>;

/** `GET /api/activities/{id}/comment/count?conditions=` (spec §7): `conditions` is JSON {referrer_id, referrer_type, type}. */
export const CommentCountQuerySchema = z.object({ conditions: z.string().max(2000).optional() });
export const CommentCountSchema = z.object({ count: z.number().int().min(0) });
export type CommentCount = z.infer<typeof CommentCountSchema>;
