import { z } from 'zod';

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
  embed_material_type: z.string().max(50).optional(),
});
export type CreateUploadBody = z.infer<typeof CreateUploadBodySchema>;

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
});
export type Upload = z.infer<typeof UploadSchema>;

export const UploadIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

export const UploadListSchema = z.object({ uploads: z.array(UploadSchema) });
