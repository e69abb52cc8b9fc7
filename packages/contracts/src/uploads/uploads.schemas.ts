import { z } from 'zod';
import { FailureCodeSchema, FailureParamsSchema } from '../common/failure.schemas.js';

export const UploadStatusSchema = z.enum(['ready', 'processing', 'finished', 'failed', 'aborted', 'resumed', 'deleted', 'createFailed']);
export type UploadStatus = z.infer<typeof UploadStatusSchema>;

/** Parents an upload may belong to; this slice attaches files to courses. */
export const UploadParentTypeSchema = z.enum(['course', 'user']);

/** `POST /api/uploads` body: spec §3 Upload-creation payload. `size` in bytes. */
export const CreateUploadBodySchema = z.object({
  name: z.string().max(255),
  size: z.number().int(),
  parent_type: UploadParentTypeSchema.default('user'),
  parent_id: z.number().int().positive().optional(),
  is_scorm: z.boolean().optional(),
  is_wmpkg: z.boolean().optional(),
  source: z.string().max(50).optional(),
  is_marked_attachment: z.boolean().optional(),
  /** Set to `online_video` to embed an online video instead of sending bytes (spec §2 embed online video popup); `url` is then required. */
  embed_material_type: z.enum(['online_video']).optional(),
  /** The original URL of an embedded online video: a supported link (spec §5), else a field error on `url`. */
  url: z.string().max(2048).optional(),
  /** Folder upload (spec §5): the file's path inside the chosen folder, `Folder/sub/file.pdf`; its depth must be below the org's maxLevelInUploadFolder. */
  relative_path: z.string().max(1024).optional(),
  /** Folder upload (spec §5): how many files the folder holds; at most the org's maxFileCountInUploadFolder. */
  folder_file_count: z.number().int().nonnegative().optional(),
});
export type CreateUploadBody = z.infer<typeof CreateUploadBodySchema>;

/** A transcoded rendition (spec §7 `POST /api/uploads/{id}/videos`): resolution like `720p`, duration in seconds, size in pixels. */
export const UploadVideoSchema = z.object({
  resolution: z.string().regex(/^\d{2,4}p$/),
  duration: z.number().nonnegative(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** HLS playlist of this rendition, when Atrium transcoded it. */
  hls_url: z.string().nullable().optional(),
  /** MP4 fallback of this rendition, when Atrium transcoded it. */
  mp4_url: z.string().nullable().optional(),
});
export type UploadVideo = z.infer<typeof UploadVideoSchema>;

/** An upload as the API answers it (spec §3 Upload, the fields this slice fills). */
export const UploadSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  size: z.number().int(),
  type: z.string(),
  status: UploadStatusSchema,
  storage_type: z.enum(['local', 'S3', 'QINIU']),
  upload_url: z.string().nullable(),
  allow_download: z.boolean(),
  created_at: z.iso.datetime({ offset: true }),
  deleted: z.boolean(),
  parent_type: z.string(),
  parent_id: z.number().int().nullable(),
  source: z.string().nullable(),
  isTextFile: z.boolean(),
  downloadUrl: z.string(),
  /** The original URL of an embedded online video (type `link`); absent for files. */
  url: z.string().nullable().optional(),
  /** One record per rendition once a video is transcoded (spec §3 Upload videos[]). */
  videos: z.array(UploadVideoSchema),
  /** Why processing failed (names a missing tool, a timeout, unreadable content); null unless status is failed. */
  failure_reason: z.string().nullable(),
  /** The failure as a code and its parameters (decision 0082), for a translated message; null unless failed (or failed before codes were kept). */
  failure_code: FailureCodeSchema.nullable(),
  failure_params: FailureParamsSchema.nullable(),
  /** Seconds of playback for video and audio, once probed; else null. */
  duration: z.number().nullable(),
  /** Pages of a PDF or of the PDF an Office document became; else null. */
  num_pages: z.number().int().nullable(),
  /** True for a password-protected PDF: ready, but its pages cannot be rendered without the password. */
  is_encrypted: z.boolean(),
});
export type Upload = z.infer<typeof UploadSchema>;

/** `POST /api/uploads/{id}/videos` body (spec §7). */
export const CreateUploadVideoBodySchema = UploadVideoSchema.pick({ resolution: true, duration: true, width: true, height: true });

/** `GET /api/uptoken?id=` answer (spec §7): the token for the block protocol, and when it expires (ISO-8601). */
export const UptokenSchema = z.object({ uptoken: z.string(), expires_at: z.iso.datetime({ offset: true }) });
export type Uptoken = z.infer<typeof UptokenSchema>;

/** `POST /mkblk/{blockSize}` and `POST /bput/{ctx}/{offset}` answer (Qiniu v1 resumable upload). `offset` = bytes of the block received; `crc32` of this chunk (unsigned); `expired_at` in Unix seconds. */
export const BlockProgressSchema = z.object({
  ctx: z.string(),
  checksum: z.string(),
  crc32: z.number().int(),
  offset: z.number().int(),
  expired_at: z.number().int(),
});
export type BlockProgress = z.infer<typeof BlockProgressSchema>;

/** `POST /mkfile/{fileSize}/key/{base64url key}` answer: the stored key and the file's SHA-256 (hex). */
export const MkfileResultSchema = z.object({ key: z.string(), hash: z.string() });
export type MkfileResult = z.infer<typeof MkfileResultSchema>;

/** `POST /internal-api/upload/callback/{id}` body (spec §7): the storage key the bytes landed at. */
export const UploadCallbackBodySchema = z.object({ file_key: z.string().min(1) });

/** `GET /api/uploads/reference/document/{id}/pdf-info-for-stat` answer (spec §7 Notes). */
export const PdfInfoSchema = z.object({ num_pages: z.number().int(), file_key: z.string() });

/** `GET /api/uploads/document/{id}/url` answer (spec §7): where the PDF to show is, and the upload's status. */
export const DocumentUrlSchema = z.object({ url: z.string().nullable(), status: UploadStatusSchema });

/** `GET /api/uploads/{id}/text` answer: the text (UTF-8), cut at 1 MiB for previews. */
export const UploadTextSchema = z.object({ content: z.string(), truncated: z.boolean() });

/** `POST /api/uploads/screen-shot` body: a PNG or JPEG as base64 (no data: prefix), attached like any upload. */
export const ScreenShotBodySchema = z.object({
  name: z.string().max(255).default('screenshot.png'),
  data: z
    .string()
    .min(1)
    .max(20 * 1024 * 1024),
  parent_type: UploadParentTypeSchema.default('user'),
  parent_id: z.number().int().positive().optional(),
});

/** `POST /api/uploads/screen-shot/share-to` body: share a screenshot upload into a course's files. */
export const ScreenShotShareBodySchema = z.object({ upload_id: z.number().int().positive(), course_id: z.number().int().positive() });

export const UploadIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

export const UploadListSchema = z.object({ uploads: z.array(UploadSchema) });

/** `GET /api/uploads/settings`: the rules the uploader checks first (spec §3 Org settings, §5); the server checks them again. Bytes. */
export const UploadSettingsSchema = z.object({
  maxLevelInUploadFolder: z.number().int(),
  maxFileCountInUploadFolder: z.number().int(),
  checkUploadExtension: z.boolean(),
  maxUploadBytes: z.number().int(),
});
export type UploadSettings = z.infer<typeof UploadSettingsSchema>;

/** `GET /api/uploads/embed-material/{id}` (spec §7): an embedded online video and the https address of its player frame. */
export const EmbedMaterialSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  embed_material_type: z.literal('online_video'),
  url: z.string(),
  provider: z.string(),
  embed_url: z.string(),
});
export type EmbedMaterial = z.infer<typeof EmbedMaterialSchema>;
