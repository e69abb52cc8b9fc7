import { z } from 'zod';

/**
 * `GET /api/resource-file/{id}/player-url?from_page=`, `GET /api/captures/{code}/player-url`
 * and `GET /api/uploads/{id}/rms-preview` (spec §7): where the external player is.
 * `url` is null when it cannot play; then `status_code` and `message` say why
 * (spec §4 display status, §8) — 503 while no external provider is configured.
 */
export const ExternalPlayerUrlSchema = z.object({
  url: z.string().nullable(),
  status_code: z.number().int().nullable(),
  message: z.string().nullable(),
});
export type ExternalPlayerUrl = z.infer<typeof ExternalPlayerUrlSchema>;

/** `GET /api/uploads/{id}/rms-video-urls` (spec §7): the RMS renditions' URLs; empty with `status_code` and `message` when there is none to give. */
export const RmsVideoUrlsSchema = z.object({
  video_urls: z.array(z.object({ resolution: z.string(), url: z.string() })),
  status_code: z.number().int().nullable(),
  message: z.string().nullable(),
});
export type RmsVideoUrls = z.infer<typeof RmsVideoUrlsSchema>;

/** `GET /api/resource-file/{id}/player-url` query: the page asking (spec §7 `from_page`), informational. */
export const ResourceFilePlayerQuerySchema = z.object({ from_page: z.string().max(100).optional() });

/** `GET /api/captures/{code}/player-url` params: the capture's code (Atrium keeps captures as uploads: the code is the upload id). */
export const CaptureCodeParamsSchema = z.object({ code: z.string().min(1).max(100) });
