import { z } from 'zod';

/**
 * Exams (issue 15; spec §2 `#/exam/{id}`, `#/exam/{id}/score-list`, §3 exam video
 * settings). The spec calls a question a *subject*. A subject's answer key (which
 * option is right, the accepted strings, numbers and pairs) is only ever sent to the
 * course team: the student's shapes below have no field that could carry it.
 *
 * Scores are points (decimals allowed, two places kept). Instants are ISO 8601.
 */

const id = z.number().int().positive();
const isoTime = z.iso.datetime({ offset: true });
/** Rich text as sent by the editor; the server sanitises it before storing. */
const richText = z.string().max(200_000);
/** Points of one subject: 0..1000, two decimals kept. */
const points = z.number().min(0).max(1000);

export const SUBJECT_TYPES = [
  'single_selection',
  'multiple_selection',
  'true_or_false',
  /** Several blanks, each with accepted strings; also Moodle's gapselect, ddwtos and cloze. Blanks are marked `[[1]]`, `[[2]]` … in the description. */
  'fill_in_blank',
  /** One line of text compared with accepted answers (case rule); graded by the team when it has none. */
  'short_answer',
  /** A number, right within an absolute tolerance, optionally with a unit. */
  'numerical',
  /** Prompts each matched with one answer. */
  'matching',
  /** Rich text, graded by the team. */
  'essay',
  /** Text between subjects: no answer, no score. */
  'description',
  /** In an exam: `count` subjects drawn per attempt from a bank category, each worth `score` points. */
  'random',
] as const;
export const SubjectTypeSchema = z.enum(SUBJECT_TYPES);
export type SubjectType = z.infer<typeof SubjectTypeSchema>;

/** Types graded by the team (never fully at submission). */
export const MANUALLY_GRADED_TYPES: readonly SubjectType[] = ['essay'];

/** Which attempt counts for the exam's score (Moodle grademethod). */
export const GRADE_METHODS = ['highest', 'last', 'first', 'average'] as const;
export const GradeMethodSchema = z.enum(GRADE_METHODS);
export type GradeMethod = z.infer<typeof GradeMethodSchema>;

/** When a learner sees their score (and, after `after_submit` / `after_end`, the right answers). */
export const RESULT_VISIBILITY = ['after_submit', 'after_end', 'after_publish', 'never'] as const;
export const ResultVisibilitySchema = z.enum(RESULT_VISIBILITY);

// ---------------------------------------------------------------- the team's subjects

const OptionBodySchema = z.object({ content: richText, is_answer: z.boolean().default(false) });

/**
 * `POST /api/exams/{activityId}/subjects` (course team). Fields per type:
 * selections `options` (two or more; single: exactly one `is_answer`, multiple: at least one);
 * true_or_false `answer`; fill_in_blank `answers` (accepted strings per blank); short_answer
 * `answers` (`[[…accepted]]`, optional); numerical `numerical_answers` (value, absolute
 * tolerance) and `units`; matching `pairs` and `distractors`. Errors name the field
 * (`options`, `answers`, …). Extra fields are ignored.
 */
export const CreateSubjectBodySchema = z.object({
  type: SubjectTypeSchema,
  description: richText.default(''),
  score: points.default(0),
  options: z.array(OptionBodySchema).max(26).optional(),
  answer: z.boolean().optional(),
  answers: z
    .array(z.array(z.string().trim().min(1).max(500)).min(1).max(50))
    .max(50)
    .optional(),
  case_sensitive: z.boolean().default(false),
  numerical_answers: z
    .array(z.object({ value: z.number().finite(), tolerance: z.number().min(0).finite().default(0) }))
    .max(20)
    .optional(),
  units: z
    .array(z.object({ unit: z.string().trim().min(1).max(30), multiplier: z.number().positive().finite().default(1) }))
    .max(20)
    .optional(),
  pairs: z
    .array(z.object({ prompt: richText.min(1), answer: z.string().trim().min(1).max(500) }))
    .max(50)
    .optional(),
  distractors: z.array(z.string().trim().min(1).max(500)).max(50).optional(),
  /** Explanation shown with the right answer once answers are shown. */
  explanation: richText.optional(),
  /** The bank category: where a bank subject is filed, or what a random subject draws from. */
  category_id: id.nullable().optional(),
  /** random: how many subjects an attempt draws (1..100). */
  count: z.number().int().min(1).max(100).optional(),
  /** Media subjects: video/audio files of the course the subject plays (spec §3 exam video settings). */
  upload_ids: z.array(id).max(10).optional(),
  play_limit: z.boolean().optional(),
  play_limit_times: z.number().int().min(0).max(100).optional(),
});
export type CreateSubjectBody = z.infer<typeof CreateSubjectBodySchema>;
/** `PUT /api/exam-subjects/{id}`: the whole subject again (its type may change). */
export const UpdateSubjectBodySchema = CreateSubjectBodySchema;

export const SubjectOptionSchema = z.object({ id: z.string(), content: z.string(), is_answer: z.boolean() });
export const SubjectPairSchema = z.object({ id: z.string(), prompt: z.string(), answer: z.string() });

/** One subject as the course team sees it, answer key included. */
export const SubjectSchema = z.object({
  id,
  /** The exam holding it; null for a subject of the course's bank. */
  activity_id: id.nullable(),
  category_id: id.nullable(),
  /** random: how many subjects an attempt draws. */
  count: z.number().int().optional(),
  type: SubjectTypeSchema,
  description: z.string(),
  score: z.number(),
  sort: z.number().int(),
  options: z.array(SubjectOptionSchema).optional(),
  answer: z.boolean().optional(),
  answers: z.array(z.array(z.string())).optional(),
  case_sensitive: z.boolean().optional(),
  numerical_answers: z.array(z.object({ value: z.number(), tolerance: z.number() })).optional(),
  units: z.array(z.object({ unit: z.string(), multiplier: z.number() })).optional(),
  pairs: z.array(SubjectPairSchema).optional(),
  distractors: z.array(z.string()).optional(),
  explanation: z.string().optional(),
  upload_ids: z.array(id),
  play_limit: z.boolean(),
  play_limit_times: z.number().int(),
});
export type Subject = z.infer<typeof SubjectSchema>;
export const SubjectListSchema = z.object({ subjects: z.array(SubjectSchema), total_score: z.number() });

// ---------------------------------------------------------------- the course's subject bank

export const SubjectCategorySchema = z.object({ id, name: z.string(), sort: z.number().int(), subject_count: z.number().int() });
export type SubjectCategory = z.infer<typeof SubjectCategorySchema>;
/** `POST /api/courses/{id}/subject-categories`, `PUT /api/subject-categories/{id}` (course team). */
export const SubjectCategoryBodySchema = z.object({ name: z.string().trim().min(1, 'name is required').max(200) });
/** `GET /api/courses/{id}/subjects` (course team): a page of the bank, filtered. */
export const BankQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(20),
  category_id: z.coerce.number().int().positive().optional(),
  type: SubjectTypeSchema.optional(),
  keyword: z.string().trim().max(100).optional(),
});
export const BankPageSchema = z.object({
  items: z.array(SubjectSchema),
  page: z.number().int(),
  page_size: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});
/** `POST /api/exams/{activityId}/subjects/from-bank` (course team): copies these bank subjects into the exam, in this order. */
export const FromBankBodySchema = z.object({ subject_ids: z.array(id).min(1).max(200) });

export const ExamIdParamsSchema = z.object({ activityId: z.coerce.number().int().positive() });
export const SubjectIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const AttemptIdParamsSchema = z.object({ attemptId: z.coerce.number().int().positive() });

// ---------------------------------------------------------------- taking

/** One subject as a learner meets it in an attempt: no answer key, options in the attempt's order. */
export const AttemptSubjectSchema = z.object({
  id,
  type: SubjectTypeSchema,
  description: z.string(),
  score: z.number(),
  options: z.array(z.object({ id: z.string(), content: z.string() })).optional(),
  /** fill_in_blank: how many blanks (`[[1]]` … in the description). */
  blank_count: z.number().int().optional(),
  /**
   * fill_in_blank imported from Moodle's gap-select, drag-and-drop into text or a cloze's choice
   * parts: per blank, the choices to pick one from (sorted, so their order says nothing of the key),
   * or null for a blank typed in. Absent when every blank is typed in.
   */
  blank_choices: z.array(z.array(z.string()).nullable()).optional(),
  /** matching: the prompts to match, and the answers to choose from (shuffled, distractors included). */
  prompts: z.array(z.object({ id: z.string(), prompt: z.string() })).optional(),
  choices: z.array(z.object({ id: z.string(), content: z.string() })).optional(),
  /** numerical: the units a learner may write after the number. */
  units: z.array(z.string()).optional(),
  upload_ids: z.array(id),
  play_limit: z.boolean(),
  play_limit_times: z.number().int(),
});
export type AttemptSubject = z.infer<typeof AttemptSubjectSchema>;

/**
 * A learner's answer to one subject: an option id (single_selection), option ids
 * (multiple_selection), a boolean (true_or_false), one string per blank (fill_in_blank),
 * a string (short_answer, essay HTML, numerical such as "9.81 m/s"; a number is taken too),
 * or `{ promptId: choiceId }` (matching). null clears it.
 */
export const AnswerValueSchema = z.union([
  z.string().max(200_000),
  z.number().finite(),
  z.boolean(),
  z.array(z.string().max(2000)).max(100),
  z.record(z.string().max(64), z.string().max(64)),
  z.null(),
]);
export type AnswerValue = z.infer<typeof AnswerValueSchema>;

export const SaveAnswersBodySchema = z.object({
  answers: z
    .array(z.object({ subject_id: id, answer: AnswerValueSchema }))
    .min(1)
    .max(500),
});
export type SaveAnswersBody = z.infer<typeof SaveAnswersBodySchema>;
export const SaveAnswersResultSchema = z.object({ saved: z.number().int(), saved_at: isoTime });

export const ATTEMPT_STATUSES = ['in_progress', 'submitted', 'graded'] as const;
export const AttemptStatusSchema = z.enum(ATTEMPT_STATUSES);
export type AttemptStatus = z.infer<typeof AttemptStatusSchema>;

/** One graded answer, as shown once results are visible. `score` null: waiting for the team. */
export const AnswerResultSchema = z.object({
  subject_id: id,
  score: z.number().nullable(),
  feedback: z.string().nullable(),
  /** The right answer, when the exam shows answers now (same shape as the team's subject fields). */
  correct: z.unknown().optional(),
});

/**
 * `POST /api/exams/{activityId}/attempts` (start or resume) and `GET /api/exam-attempts/{attemptId}`.
 * `deadline` is the server's: the window's end or the time limit, whichever comes first (null: none).
 * `score` / `objective_score` are null until visible (exam settings) or graded.
 */
export const AttemptSchema = z.object({
  id,
  activity_id: id,
  number: z.number().int(),
  status: AttemptStatusSchema,
  started_at: isoTime,
  deadline: isoTime.nullable(),
  submitted_at: isoTime.nullable(),
  /** Server time of this answer, to run the countdown against. */
  now: isoTime,
  subjects: z.array(AttemptSubjectSchema),
  answers: z.array(z.object({ subject_id: id, answer: AnswerValueSchema })),
  max_score: z.number(),
  score: z.number().nullable(),
  objective_score: z.number().nullable(),
  results: z.array(AnswerResultSchema).optional(),
});
export type Attempt = z.infer<typeof AttemptSchema>;

/** `POST /api/exam-attempts/{attemptId}/submit`: points; `score` null until the team grades the rest (or while hidden). */
export const SubmitResultSchema = z.object({
  id,
  status: AttemptStatusSchema,
  submitted_at: isoTime,
  max_score: z.number(),
  score: z.number().nullable(),
  objective_score: z.number().nullable(),
  passed: z.boolean().nullable(),
});
export type SubmitResult = z.infer<typeof SubmitResultSchema>;

/**
 * `GET /api/exams/{activityId}/my-attempts`: the requester's attempts at the exam, oldest first
 * (scores as the exam shows them), how many are allowed (0: no limit) and used, and the one in
 * progress, if any — what the start card needs on any device.
 */
export const MyAttemptsSchema = z.object({
  attempts: z.array(
    z.object({
      id,
      number: z.number().int(),
      status: AttemptStatusSchema,
      started_at: isoTime,
      deadline: isoTime.nullable(),
      submitted_at: isoTime.nullable(),
      max_score: z.number(),
      score: z.number().nullable(),
    }),
  ),
  attempts_allowed: z.number().int(),
  attempts_used: z.number().int(),
  in_progress_id: id.nullable(),
  /** The score that counts (grade method), when scores are shown. */
  exam_score: z.number().nullable(),
});
export type MyAttempts = z.infer<typeof MyAttemptsSchema>;

// ---------------------------------------------------------------- the team's score list and grading

export const ScoreListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(500).default(50),
  status: AttemptStatusSchema.optional(),
  /** Part of a learner's name or user number. */
  keyword: z.string().trim().max(100).optional(),
});

export const ScoreListItemSchema = z.object({
  id,
  number: z.number().int(),
  user: z.object({ id, name: z.string(), user_no: z.string().nullable() }),
  status: AttemptStatusSchema,
  started_at: isoTime,
  submitted_at: isoTime.nullable(),
  score: z.number().nullable(),
  objective_score: z.number().nullable(),
  max_score: z.number(),
  /** Answers still waiting for the team's score. */
  ungraded: z.number().int(),
});
export const ScoreListSchema = z.object({
  attempts: z.array(ScoreListItemSchema),
  page: z.number().int(),
  page_size: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
  scores_published_at: isoTime.nullable(),
});
export type ScoreList = z.infer<typeof ScoreListSchema>;

/** `PUT /api/exam-attempts/{attemptId}/grades` (course team): a score (points, at most the subject's) and feedback per subject; overrides an automatic score. */
export const GradeAttemptBodySchema = z.object({
  grades: z
    .array(z.object({ subject_id: id, score: points, feedback: z.string().max(20_000).nullable().optional() }))
    .min(1)
    .max(500),
});
export type GradeAttemptBody = z.infer<typeof GradeAttemptBodySchema>;

export const PublishScoresResultSchema = z.object({ scores_published_at: isoTime, attempts: z.number().int() });

/**
 * `GET /api/exams/{activityId}/statistics` (course team): item analysis over the finished
 * attempts (previews left out). `facility` 0..1 (mean score over points), `discrimination`
 * −1..1 (correlation of the subject's score with the rest of the test); null when it cannot
 * be computed (no graded answer, or no variation). Scores in points.
 */
export const ExamStatisticsSchema = z.object({
  attempts: z.number().int(),
  learners: z.number().int(),
  mean_score: z.number().nullable(),
  median_score: z.number().nullable(),
  max_score: z.number(),
  subjects: z.array(
    z.object({
      subject_id: id,
      type: SubjectTypeSchema,
      /** The subject's text without markup, at most 120 characters. */
      excerpt: z.string(),
      max_score: z.number(),
      graded: z.number().int(),
      mean_score: z.number().nullable(),
      facility: z.number().nullable(),
      discrimination: z.number().nullable(),
    }),
  ),
});
export type ExamStatistics = z.infer<typeof ExamStatisticsSchema>;

/** `GET /api/exams/{activityId}/score-list/export?format=csv|xlsx` (course team): every finished attempt, one column per subject. */
export const ScoreExportQuerySchema = z.object({ format: z.enum(['csv', 'xlsx']).default('xlsx') });
