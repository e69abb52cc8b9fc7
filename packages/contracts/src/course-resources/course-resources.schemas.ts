import { z } from 'zod';
import { ActivityTypeSchema } from '../activities/activities.schemas.js';
import { UploadStatusSchema } from '../uploads/uploads.schemas.js';

/**
 * Course resources (issue 19 §3; spec §2 `/course/{id}/resource`, §7
 * `GET /api/user/course/{courseId}/resources/folder`): every file of a course the
 * reader may open, grouped into folders.
 */

/** At most this many course files and this many activity files are read per answer (`truncated` says some were left out). */
export const COURSE_RESOURCES_CAP = 1000;

export const CourseResourcesParamsSchema = z.object({ courseId: z.coerce.number().int().positive() });

/**
 * How a file belongs to the course: `course` a course file (parent the course), `library` a
 * library file reused in the course by reference (listed with the course's files, same rules for
 * learners; still its owner's library file), `activity` an activity holds it, `exam_subject` an
 * exam subject lists it (the course team only: learners play exam media only inside the exam,
 * decision 0030).
 */
export const ResourceViaSchema = z.enum(['course', 'library', 'activity', 'exam_subject']);
export type ResourceVia = z.infer<typeof ResourceViaSchema>;

/** One file of a folder: sizes in bytes, `created_at` ISO 8601; `folder` is the key of its folder. */
export const ResourceFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  size: z.number().int(),
  status: UploadStatusSchema,
  allow_download: z.boolean(),
  created_at: z.string(),
  folder: z.string(),
  via: ResourceViaSchema,
});
export type ResourceFile = z.infer<typeof ResourceFileSchema>;

/**
 * A folder: `course` (the course's own files, key `course`), `folder` (course files uploaded
 * in a folder, key `course/<path>`, `path` the folder's relative path such as `Week 1/Slides`),
 * or `activity` (key `activity/<id>`: the files of one activity, with its module).
 * `published` flags are for the team's badges; learners only get open activities.
 */
export const ResourceFolderSchema = z.object({
  key: z.string(),
  kind: z.enum(['course', 'folder', 'activity']),
  path: z.string().nullable(),
  module: z.object({ id: z.number().int(), title: z.string(), published: z.boolean() }).nullable(),
  activity: z.object({ id: z.number().int(), title: z.string(), type: ActivityTypeSchema, published: z.boolean() }).nullable(),
  files: z.array(ResourceFileSchema),
});
export type ResourceFolder = z.infer<typeof ResourceFolderSchema>;

/**
 * `GET /api/user/course/{courseId}/resources/folder`: the course folder first (always
 * present, maybe empty), then folder uploads by path, then activities in module and
 * activity order. `file_count` counts the listed files; `can_manage` is the course team's.
 */
export const CourseResourcesSchema = z.object({
  course_id: z.number().int(),
  can_manage: z.boolean(),
  folders: z.array(ResourceFolderSchema),
  file_count: z.number().int(),
  truncated: z.boolean(),
});
export type CourseResources = z.infer<typeof CourseResourcesSchema>;

/**
 * `POST /api/user/course/{courseId}/resources/library`: library files (my own, or shared with me)
 * to reuse in the course by reference — no bytes copied, no quota charged again. At most 100.
 */
export const CourseLibraryFilesBodySchema = z.object({ upload_ids: z.array(z.number().int().positive()).min(1).max(100) });
export type CourseLibraryFilesBody = z.infer<typeof CourseLibraryFilesBodySchema>;

/** `DELETE /api/user/course/{courseId}/resources/library/{uploadId}`: stop reusing one library file in the course. */
export const CourseLibraryFileParamsSchema = CourseResourcesParamsSchema.extend({ uploadId: z.coerce.number().int().positive() });

/** `GET /api/blobstorage/open-client-url?parent_id=`: the folder (course) to open in a desktop client. */
export const OpenClientUrlQuerySchema = z.object({ parent_id: z.coerce.number().int().positive() });

/** Its answer: the client URL, or null with the reason (no desktop client is configured). */
export const OpenClientUrlSchema = z.object({ open_client_url: z.string().nullable(), reason: z.string().nullable() });
export type OpenClientUrl = z.infer<typeof OpenClientUrlSchema>;
