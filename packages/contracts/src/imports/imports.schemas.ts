import { z } from 'zod';
import { FailureCodeSchema, FailureParamsSchema } from '../common/failure.schemas.js';

/** Spec §3 Course package item `data`: metadata read from the backup, editable by admins. */
export const CoursePackageDataSchema = z.object({
  course_name: z.string(),
  course_code: z.string(),
  academic_year: z.string().nullable(),
  semester: z.string().nullable(),
  department: z.string().nullable(),
  college: z.string().nullable(),
  spoc_course_name: z.string().nullable(),
  instructors: z.array(z.string()),
  use_count: z.number().int(),
});
export type CoursePackageData = z.infer<typeof CoursePackageDataSchema>;

/** Spec §3 Course package item, plus the upload it is and the backup's Moodle release. */
export const CoursePackageItemSchema = z.object({
  id: z.number().int(),
  upload_id: z.number().int(),
  name: z.string(),
  data: CoursePackageDataSchema,
  read_error: z.string().nullable(),
  /** The read error as a code and its parameters (decision 0082); null when the metadata was read. */
  read_error_code: FailureCodeSchema.nullable(),
  read_error_params: FailureParamsSchema.nullable(),
});
export type CoursePackageItem = z.infer<typeof CoursePackageItemSchema>;

/** `conditions` of `GET /api/uploads/moodle-pkg`: a JSON object (keyword search, instructor filter). */
export const CoursePackageConditionsSchema = z.object({ keyword: z.string().max(200).optional(), instructor: z.string().max(200).optional() });

/** Spec §7 `GET /api/uploads/moodle-pkg?page&page_size&conditions`. */
export const CoursePackageListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(10),
  conditions: z.string().max(1000).optional(),
});

/** Spec §7: items, page, page_size, pages, total, start, end (1-based row numbers; 0 when empty). */
export const CoursePackageListSchema = z.object({
  items: z.array(CoursePackageItemSchema),
  page: z.number().int(),
  page_size: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
  start: z.number().int(),
  end: z.number().int(),
});

/** An admin's edit of a package's metadata (use_count is counted, never edited). */
export const UpdateCoursePackageBodySchema = CoursePackageDataSchema.omit({ use_count: true }).partial();

export const CoursePackageIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** `POST /api/course/{id}/moodle/import`. */
export const MoodleImportBodySchema = z.object({ upload_id: z.coerce.number().int().positive() });

/** What starting an import answers: the key to ask sync-status with. */
export const ImportStartedSchema = z.object({ course_id: z.number().int(), import_id: z.number().int(), status_key: z.string() });

/** Spec §3 Sync status: 0 running, 1 done, 2 failed. */
export const SYNC_STATUS = { running: 0, done: 1, failed: 2 } as const;

/** `GET /api/course/{id}/sync-status?status_key=`: the status, progress 0..1 while running, the reason when failed. */
export const SyncStatusSchema = z.object({
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]).nullable(),
  progress: z.number(),
  reason: z.string().nullable(),
  /** Why it failed, as a code and its parameters (decision 0082); null unless failed (or failed before codes were kept). */
  failure_code: FailureCodeSchema.nullable(),
  failure_params: FailureParamsSchema.nullable(),
  import_id: z.number().int().nullable(),
  status_key: z.string().nullable(),
});
export const SyncStatusQuerySchema = z.object({ status_key: z.string().max(100).optional() });

/** Outcome of one source element in the fidelity report. */
export const IMPORT_OUTCOMES = ['imported', 'imported_with_losses', 'skipped'] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];

/** A report line the web translates (issue 21 §5): `key` under `imports:line.*` with its parameters; the English text is the `notes` entry it stands for. */
export const ImportReportLineKeySchema = z.object({ key: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])) });
export type ImportReportLineKey = z.infer<typeof ImportReportLineKeySchema>;

export const ImportReportItemSchema = z.object({
  /** `course`: the course's own data (summary, issue 21 §2). */
  kind: z.enum(['course', 'section', 'activity', 'question']),
  /** The Moodle module name (page, quiz …), the question type, or 'section'. */
  source_type: z.string(),
  source_id: z.string(),
  title: z.string(),
  outcome: z.enum(IMPORT_OUTCOMES),
  /** The Atrium activity type it became, when it became one. */
  atrium_type: z.string().nullable(),
  /** What was lost, or why it was skipped (English). */
  notes: z.array(z.string()),
  /** Aligned with `notes`: the translatable key of each note, null for a note that has none (older lines). Absent in reports before issue 21. */
  note_keys: z.array(ImportReportLineKeySchema.nullable()).optional(),
  /** The section (module) title this activity belongs to. */
  section: z.string().nullable(),
});

/** The fidelity report of one import (issue 8). */
export const ImportReportSchema = z.object({
  backup: z.object({ name: z.string().nullable(), moodle_release: z.string().nullable(), type: z.string(), course_name: z.string().nullable() }),
  counts: z.object({
    imported: z.number().int(),
    imported_with_losses: z.number().int(),
    skipped: z.number().int(),
    files: z.number().int(),
    missing_files: z.number().int(),
  }),
  /** Issue 21: what the import kept of restrictions, completion settings, links and embeds (absent in older reports). */
  fidelity: z
    .object({
      /** Sections and activities with a Moodle access restriction; carried = fully (dates); unpublished = a condition was not carried. */
      restrictions: z.object({ present: z.number().int(), carried: z.number().int(), unpublished: z.number().int() }),
      /** Activities with Moodle completion tracking; carried = onto an Atrium criterion without loss. */
      completion: z.object({ present: z.number().int(), carried: z.number().int() }),
      /** Links to activities and files of the backup in imported text; resolved = pointing at what was imported. */
      links: z.object({ present: z.number().int(), resolved: z.number().int() }),
      /** Embedded frames and objects: videos of known providers kept as online videos; others reported by address. */
      embeds: z.object({ videos: z.number().int(), reported: z.number().int() }),
    })
    .optional(),
  items: z.array(ImportReportItemSchema),
  missing_files: z.array(z.object({ file_name: z.string(), content_hash: z.string(), used_by: z.string() })),
});
export type ImportReport = z.infer<typeof ImportReportSchema>;
export type ImportReportItem = z.infer<typeof ImportReportItemSchema>;

/** `GET /api/course/{id}/imports/{importId}`: an import with its report. */
export const CourseImportSchema = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  upload_id: z.number().int(),
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  progress: z.number(),
  reason: z.string().nullable(),
  /** Why it failed, as a code and its parameters (decision 0082); null unless failed (or failed before codes were kept). */
  failure_code: FailureCodeSchema.nullable(),
  failure_params: FailureParamsSchema.nullable(),
  status_key: z.string(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  report: ImportReportSchema.nullable(),
});
export const CourseImportParamsSchema = z.object({ id: z.coerce.number().int().positive(), importId: z.coerce.number().int().positive() });
