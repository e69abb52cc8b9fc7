import { z } from 'zod';
import { UploadSchema, UploadStatusSchema } from '../uploads/uploads.schemas.js';
import { ScormSummarySchema } from '../scorm/scorm.schemas.js';

/** Office preview providers (spec §7 `/preview/{provider}`) and the org toggle deciding each. */
export const OFFICE_PREVIEW_PROVIDERS = ['wps', 'aliyun', 'yz', 'private-wps'] as const;
export type OfficePreviewProvider = (typeof OFFICE_PREVIEW_PROVIDERS)[number];

/** Org toggles of the office previewers (spec §6), as `GET /api/org` answers them under `office_preview`. */
export const OfficePreviewTogglesSchema = z.object({
  wps_preview: z.boolean(),
  yz_office_preview: z.boolean(),
  aliyun: z.boolean(),
  private_wps: z.boolean(),
});
export type OfficePreviewToggles = z.infer<typeof OfficePreviewTogglesSchema>;

/** `GET /api/uploads/{id}/preview/{provider}`: where to show the document; our own `/note-bene/pdf-viewer?file=<signed pdf url>` when no external provider is configured. */
export const PreviewUrlSchema = z.object({ preview_url: z.string() });
export type PreviewUrl = z.infer<typeof PreviewUrlSchema>;

/** `GET /api/uploads/org/arrears/{id}` (spec §7): the upload's organisation is in arrears; the previewer shows the arrears state. */
export const ArrearsSchema = z.object({ is_org_transfer_arrears: z.boolean() });
export type Arrears = z.infer<typeof ArrearsSchema>;

/** `GET /api/uploads/{id}?preview=true` (spec §7): the upload plus its playable audio and its SCORM package (null when not SCORM). */
export const UploadPreviewSchema = UploadSchema.extend({
  audio: z.object({ id: z.number().int() }).nullable(),
  scorm: ScormSummarySchema.nullable(),
  is_text_file: z.boolean(),
});
export type UploadPreview = z.infer<typeof UploadPreviewSchema>;

export const AnonymousUploadParamsSchema = z.object({ activityId: z.coerce.number().int().positive(), id: z.coerce.number().int().positive() });

/** One course file held by an activity (and, for exam media, the exam subject holding it). */
export const ActivityFileSchema = z.object({
  upload_id: z.number().int(),
  activity_id: z.number().int(),
  activity_type: z.string(),
  subject_id: z.number().int().nullable(),
  /** The upload's name and type ('video', 'audio', …); null when the upload is gone (an exam's missed file). */
  name: z.string().nullable(),
  upload_type: z.string().nullable(),
});
export type ActivityFile = z.infer<typeof ActivityFileSchema>;

/** `GET /api/courses/{id}/activity-files` (issue 5): which activity holds each course file, so the previewer gets its `activity_id`. Course members; students see published activities only. */
export const ActivityFilesSchema = z.object({ items: z.array(ActivityFileSchema) });
export type ActivityFiles = z.infer<typeof ActivityFilesSchema>;

/** One file of an activity as a visitor sees it (spec §6): nothing beyond what the file list shows. */
export const GuestActivityFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The upload's type ('document', 'video', 'audio', 'image', …). */
  type: z.string(),
  status: UploadStatusSchema,
  /** Bytes. */
  size: z.number().int(),
});
export type GuestActivityFile = z.infer<typeof GuestActivityFileSchema>;

/**
 * `GET /anonymous-api/{activityId}/uploads` (spec §6): the activity's title and
 * its files in the activity's order, for the visitor page. Only when the
 * activity exists (404 ACTIVITY_NOT_FOUND), it and its course are published and
 * it allows guest preview (403 FORBIDDEN); refusals carry only `{ code, message }`.
 */
export const GuestActivitySchema = z.object({
  activity: z.object({ id: z.number().int(), title: z.string() }),
  files: z.array(GuestActivityFileSchema),
});
export type GuestActivity = z.infer<typeof GuestActivitySchema>;
