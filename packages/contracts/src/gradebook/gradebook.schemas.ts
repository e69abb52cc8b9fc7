import { z } from 'zod';

/**
 * The course gradebook (issue 16 §3; spec §2 `/course/{id}/score`): one row per learner, one
 * column (grade item) per graded activity — exams, homework, SCORM packages — in weighted
 * categories, and a course total. Every score source writes to the same grades (ROADMAP: one
 * gradebook model). Scores are points out of the item's `max_score`; `total` is a percentage
 * 0–100 (weighted mean of the graded items' percentages), null while nothing is graded.
 */

const id = z.number().int().positive();
const isoTime = z.iso.datetime({ offset: true });

/** `lti`: a tool's AGS scores (decision 0153). */
export const GRADED_ACTIVITY_TYPES = ['exam', 'homework', 'scorm', 'lti'] as const;
/** Types a gradebook column may be: the graded types, and a forum graded on participation (`data.grading`, issue 18 §1). */
export const GRADE_ITEM_TYPES = [...GRADED_ACTIVITY_TYPES, 'forum'] as const;

export const GradebookCourseParamsSchema = z.object({ courseId: z.coerce.number().int().positive() });
export const GradeItemParamsSchema = z.object({ courseId: z.coerce.number().int().positive(), activityId: z.coerce.number().int().positive() });
export const GradeCategoryParamsSchema = z.object({ categoryId: z.coerce.number().int().positive() });

/** A column: one graded activity and its gradebook settings. */
export const GradeItemSchema = z.object({
  activity_id: id,
  title: z.string(),
  type: z.enum(GRADE_ITEM_TYPES),
  /** Points a full score is worth. */
  max_score: z.number(),
  /** Relative weight inside its category (or among uncategorised items). */
  weight: z.number(),
  category_id: id.nullable(),
  published: z.boolean(),
  published_at: isoTime.nullable(),
});
export type GradeItem = z.infer<typeof GradeItemSchema>;

/** A weighted category: its share of the course total is weight / Σ weights of categories in use. */
export const GradeCategorySchema = z.object({ id, name: z.string(), weight: z.number(), sort: z.number().int() });
export type GradeCategory = z.infer<typeof GradeCategorySchema>;

export const GradebookRowSchema = z.object({
  user_id: id,
  name: z.string(),
  user_no: z.string().nullable(),
  /** Points per grade item, keyed by activity id (string); null: not graded (or, for a learner, not published). */
  scores: z.record(z.string(), z.number().nullable()),
  /** Percentage 0–100, two decimals; null while nothing counts. */
  total: z.number().nullable(),
});
export type GradebookRow = z.infer<typeof GradebookRowSchema>;

/** `GET /api/courses/{courseId}/scores`: the team sees every learner and item; a learner one row (their own) and published items only. */
export const GradebookSchema = z.object({
  items: z.array(GradeItemSchema),
  categories: z.array(GradeCategorySchema),
  rows: z.array(GradebookRowSchema),
  /** The viewer may change settings, publish and export. */
  can_manage: z.boolean(),
});
export type Gradebook = z.infer<typeof GradebookSchema>;

/** `PUT /api/courses/{courseId}/grade-items/{activityId}`: a column's settings. */
export const UpdateGradeItemBodySchema = z.object({
  weight: z.number().min(0).max(1000).optional(),
  category_id: id.nullable().optional(),
  max_score: z.number().positive().max(100_000).optional(),
});
export type UpdateGradeItemBody = z.infer<typeof UpdateGradeItemBodySchema>;

export const GradeCategoryBodySchema = z.object({
  name: z.string().trim().min(1).max(100),
  weight: z.number().min(0).max(1000).default(1),
});
export type GradeCategoryBody = z.infer<typeof GradeCategoryBodySchema>;

export const GradebookExportQuerySchema = z.object({ format: z.enum(['csv', 'xlsx']).default('xlsx') });

/** `POST /api/courses/{courseId}/scores/import` answer: rows read, scores written, and what was refused (row number 1-based with the header as row 1). */
export const GradebookImportResultSchema = z.object({
  rows: z.number().int(),
  updated: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), column: z.string(), message: z.string() })),
});
export type GradebookImportResult = z.infer<typeof GradebookImportResultSchema>;

// ---------------------------------------------------------------- certificates (issue 16 §4)

/** A course's certificate rule: a learner whose published course total reaches `pass_total` (percent) and who has a published score on every required activity is issued a certificate. */
export const CertificateRuleSchema = z.object({
  course_id: id,
  enabled: z.boolean(),
  pass_total: z.number().min(0).max(100),
  required_activity_ids: z.array(id),
});
export type CertificateRule = z.infer<typeof CertificateRuleSchema>;

/** `PUT /api/courses/{courseId}/certificate-rule` (course team). */
export const CertificateRuleBodySchema = z.object({
  enabled: z.boolean().default(true),
  pass_total: z.number().min(0).max(100),
  required_activity_ids: z.array(id).max(500).default([]),
});
export type CertificateRuleBody = z.infer<typeof CertificateRuleBodySchema>;

/** An issued certificate. `pdf_url` downloads it (its learner, the course team); `code` verifies it at `GET /api/certificates/verify/{code}`. */
export const CertificateSchema = z.object({
  id,
  course_id: id,
  course_title: z.string(),
  user_id: id,
  user_name: z.string(),
  code: z.string(),
  /** The course total (percent) when issued. */
  total: z.number(),
  issued_at: isoTime,
  pdf_url: z.string(),
});
export type Certificate = z.infer<typeof CertificateSchema>;

/** `GET /api/certifications`: my certificates, or with `course_id` (course team) the course's. */
export const CertificationsQuerySchema = z.object({ course_id: z.coerce.number().int().positive().optional() });
export const CertificationsSchema = z.object({ items: z.array(CertificateSchema) });
export type Certifications = z.infer<typeof CertificationsSchema>;

/** `PUT /api/user/course-certification/scores` `{ course_id }`: checks my published scores against the course's rule and issues my certificate when met. */
export const CertificationScoresBodySchema = z.object({ course_id: id });
export const CertificationScoresSchema = z.object({
  course_id: id,
  /** My published course total (percent), null while nothing counts. */
  total: z.number().nullable(),
  /** The rule's pass total; null when the course has no (enabled) rule. */
  pass_total: z.number().nullable(),
  /** Required activities without a published score of mine. */
  missing_activity_ids: z.array(id),
  eligible: z.boolean(),
  certificate: CertificateSchema.nullable(),
});
export type CertificationScores = z.infer<typeof CertificationScoresSchema>;

export const CertificateIdParamsSchema = z.object({ certificateId: z.coerce.number().int().positive() });
export const CertificateCodeParamsSchema = z.object({ code: z.string().trim().min(4).max(40) });
/** `GET /api/certificates/verify/{code}` (anyone): what the certificate states. */
export const CertificateVerificationSchema = z.object({
  code: z.string(),
  user_name: z.string(),
  course_title: z.string(),
  total: z.number(),
  issued_at: isoTime,
});
export type CertificateVerification = z.infer<typeof CertificateVerificationSchema>;
