import { z } from 'zod';

/** Seconds. A pair `[start, end]` with start <= end. */
export const TimeRangeSchema = z
  .tuple([z.number().nonnegative(), z.number().nonnegative()])
  .refine(([s, e]) => e >= s, { message: 'end must not be before start' });
export type TimeRange = [number, number];

/** Default player volume (spec §9): 0.7 for video. */
export const VIDEO_DEFAULT_VOLUME = 0.7;
/** Default audio volume (spec §4 audio): 60 of 100. */
export const AUDIO_DEFAULT_VOLUME = 60;

/** A playable rendition with signed, short-lived URLs (`/api/media/{uploadId}/{expires}/{signature}/<path>`). */
export const PlayerResolutionSchema = z.object({
  name: z.string().regex(/^\d{2,4}p$/),
  hls_url: z.string().nullable(),
  mp4_url: z.string().nullable(),
});
export type PlayerResolution = z.infer<typeof PlayerResolutionSchema>;

/** `?activity_id=` of the player calls. */
export const ActivityIdQuerySchema = z.object({ activity_id: z.coerce.number().int().positive() });

/**
 * `GET /api/uploads/{id}/player-options?activity_id=` (spec §3 Video-player
 * options). Positions in seconds; `seekable` is false when the activity refuses
 * forward seeking and the viewer is not on the course team.
 */
export const PlayerOptionsSchema = z.object({
  resolutions: z.array(PlayerResolutionSchema),
  default_resolution: z.string().nullable(),
  seekable: z.boolean(),
  last_played: z.number().nonnegative(),
  max_played: z.number().nonnegative(),
  unplayed_segments: z.array(z.tuple([z.number(), z.number()])),
  copyright_notice: z.string().nullable(),
  poster_url: z.string().nullable(),
  /** Seconds; null until probed. */
  duration: z.number().nullable(),
  volume: z.number().min(0).max(1),
  /**
   * Caption tracks (WebVTT files of the activity named after the video: `lecture.vtt`, `lecture.en.vtt`):
   * `src` the file's bytes, `srclang` its BCP 47 tag (null when the name has none), `name` the file's name.
   */
  text_tracks: z.array(z.object({ src: z.string(), srclang: z.string().nullable(), name: z.string() })),
});
export type PlayerOptions = z.infer<typeof PlayerOptionsSchema>;

/** Most ranges accepted in one progress report. */
export const PLAY_PROGRESS_MAX_RANGES = 200;

/**
 * `POST /api/uploads/{id}/play-progress` body (also sent as text/plain by
 * navigator.sendBeacon): the time ranges played since the last report and the
 * current position, seconds.
 */
export const PlayProgressBodySchema = z.object({
  activity_id: z.number().int().positive(),
  ranges: z.array(TimeRangeSchema).max(PLAY_PROGRESS_MAX_RANGES),
  position: z.number().nonnegative(),
});
export type PlayProgressBody = z.infer<typeof PlayProgressBodySchema>;

/** What the server credited so far (activity read record, spec §3), seconds. */
export const PlayProgressSchema = z.object({
  viewed_ranges: z.array(z.tuple([z.number(), z.number()])),
  max_position: z.number(),
  last_position: z.number(),
});
export type PlayProgress = z.infer<typeof PlayProgressSchema>;

/** `POST /api/uploads/{id}/seek` body: where the learner wants to go, seconds. 403 MEDIA_FORWARD_SEEK_REFUSED beyond the furthest played point. */
export const SeekBodySchema = z.object({ activity_id: z.number().int().positive(), position: z.number().nonnegative() });
export const SeekResultSchema = z.object({ allowed: z.literal(true) });

/** `GET /api/uploads/audio/{id}` answer (spec §7): a signed URL to the playable audio; 404 when missing or still transcoding. */
export const AudioSourceSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  status: z.string(),
  duration: z.number().nullable(),
  /** False when the activity refuses forward seeking for this learner (spec §4): seeks beyond `max_played` are refused. */
  seekable: z.boolean(),
  /** Where the learner stopped last time, seconds (0 outside an activity). */
  last_played: z.number(),
  /** Furthest position already played, seconds (0 outside an activity). */
  max_played: z.number(),
});
export type AudioSource = z.infer<typeof AudioSourceSchema>;

/** Exam media status (spec §4 exam video, §8 messages). */
export const ExamPlayStatusSchema = z.enum(['playable', 'processing', 'missedFile', 'overLimit', 'canNotPlay']);
export type ExamPlayStatus = z.infer<typeof ExamPlayStatusSchema>;

export const ExamMediaParamsSchema = z.object({ subjectId: z.coerce.number().int().positive(), uploadId: z.coerce.number().int().positive() });

/** `GET /api/exam-subjects/{subjectId}/uploads/{uploadId}/play-status` (spec §3 Exam video settings). `remaining` is null when not limited. */
export const ExamPlayStatusResultSchema = z.object({
  play_limit: z.boolean(),
  play_limit_times: z.number().int(),
  remaining: z.number().int().nullable(),
  status: ExamPlayStatusSchema,
});
export type ExamPlayStatusResult = z.infer<typeof ExamPlayStatusResultSchema>;

/** `POST /api/exam-subjects/{subjectId}/uploads/{uploadId}/play`: one play counted; a signed URL to play. 403 MEDIA_PLAY_LIMIT_REACHED, 410 MEDIA_MISSED_FILE. */
export const ExamPlayResultSchema = z.object({
  remaining: z.number().int().nullable(),
  url: z.string(),
  kind: z.enum(['video', 'audio']),
});
export type ExamPlayResult = z.infer<typeof ExamPlayResultSchema>;
