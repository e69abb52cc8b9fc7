import { useQuery } from '@tanstack/react-query';
import type {
  ActivityFile,
  ActivityFiles,
  Arrears,
  AudioSource,
  ExamPlayResult,
  ExamPlayStatusResult,
  GuestActivity,
  PlayerOptions,
  PlayProgress,
  PlayProgressBody,
  PreviewUrl,
  OfficePreviewProvider,
  OrgResponse,
  ScormRuntime,
  ScormRuntimeStored,
  Cmi,
  ExternalPlayerUrl,
  Upload,
  UploadPreview,
  UploadSettings,
} from '@atrium/contracts';
import { api, scopeHeaders } from '../../lib/api-client';
import { previewLimitsOf, type PreviewLimits } from './lib/preview-rules';

/**
 * A visitor previews through one activity (spec §6): its id, or null for a
 * signed-in user. Every previewer call then goes to
 * `/anonymous-api/{activityId}/uploads…` instead of `/api/uploads…`.
 */
export type VisitorActivityId = number | null;

/**
 * The uploads prefix of the previewer's calls: `/api/uploads` for signed-in
 * users, `/anonymous-api/{activityId}/uploads` for a visitor (spec §6, §7).
 */
export function uploadsPrefix(visitorActivityId: VisitorActivityId = null): string {
  return visitorActivityId === null ? '/api/uploads' : `/anonymous-api/${visitorActivityId}/uploads`;
}

/** Query keys of the previews feature; visitor answers are kept apart from a signed-in user's. */
export const previewKeys = {
  upload: (id: number, visitor: VisitorActivityId = null) => ['previews', 'upload', id, visitor] as const,
  arrears: (id: number) => ['previews', 'arrears', id] as const,
  documentUrl: (id: number, visitor: VisitorActivityId = null) => ['previews', 'document-url', id, visitor] as const,
  text: (id: number, visitor: VisitorActivityId = null) => ['previews', 'text', id, visitor] as const,
  playerOptions: (id: number, activityId: number | null, visitor: VisitorActivityId = null) => ['previews', 'player-options', id, activityId, visitor] as const,
  audio: (id: number, activityId: number | null, visitor: VisitorActivityId = null) => ['previews', 'audio', id, activityId, visitor] as const,
  guestActivity: (activityId: number) => ['previews', 'guest-activity', activityId] as const,
  examStatus: (subjectId: number, uploadId: number) => ['previews', 'exam-status', subjectId, uploadId] as const,
  scormRuntime: (id: number, activityId: number | null, sco: string) => ['previews', 'scorm-runtime', id, activityId, sco] as const,
  activityFiles: (courseId: number) => ['previews', 'activity-files', courseId] as const,
  org: ['previews', 'org'] as const,
  officePreview: (id: number, provider: string) => ['previews', 'office-preview', id, provider] as const,
};

/** `GET /api/org`: the organisation's office preview toggles (spec §6), cached for a while. */
export function useOrgOfficeToggles() {
  return useQuery({
    queryKey: previewKeys.org,
    queryFn: ({ signal }) => api.get<OrgResponse>('/api/org', undefined, signal).then((org) => org.office_preview),
    staleTime: 5 * 60_000,
  });
}

/** `GET /api/uploads/{id}/preview/{provider}` as a query (spec §7): only fetched once the learner picks that previewer; `activityId` is the activity the file is opened in (spec §6). */
export function useOfficePreviewUrl(id: number, provider: OfficePreviewProvider | null, activityId: number | null = null) {
  return useQuery({
    queryKey: [...previewKeys.officePreview(id, provider ?? ''), activityId],
    queryFn: () => fetchOfficePreviewUrl(id, provider!, activityId),
    enabled: provider !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * `GET /api/uploads/{id}?preview=true` (spec §7), or for a visitor
 * `/anonymous-api/{activityId}/uploads/{id}?preview=true` (spec §6): the upload
 * with its audio and SCORM summary (404 when it is missing).
 */
export function usePreviewUpload(id: number, visitorActivityId: VisitorActivityId = null) {
  return useQuery({
    queryKey: previewKeys.upload(id, visitorActivityId),
    queryFn: ({ signal }) => api.get<UploadPreview>(`${uploadsPrefix(visitorActivityId)}/${id}`, { preview: true }, signal),
    staleTime: 0,
    enabled: id > 0,
    // A file still being converted or transcoded is polled until it is ready or failed.
    refetchInterval: (query) => (query.state.data?.status === 'processing' ? 3000 : false),
  });
}

/**
 * The organisation's preview limits (spec §5) from `GET /api/uploads/settings`
 * (shared with the uploader's query): the upload size limit in bytes, and the
 * upload extension list while the extension check is on. A failed call sets no
 * limit (the server decides what it serves). `isPending` only while enabled.
 */
export function usePreviewLimits(enabled: boolean): { limits: PreviewLimits; isPending: boolean } {
  const settings = useQuery({
    queryKey: ['uploads', 'settings'] as const,
    queryFn: ({ signal }) => api.get<UploadSettings>('/api/uploads/settings', undefined, signal),
    staleTime: Infinity,
    retry: false,
    enabled,
  });
  return { limits: enabled ? previewLimitsOf(settings.data) : {}, isPending: enabled && settings.isPending };
}

/** `GET /api/uploads/org/arrears/{id}` (spec §7): the organisation is in arrears. Errors are not intercepted: they count as "not in arrears". */
export function useArrears(id: number) {
  return useQuery({
    queryKey: previewKeys.arrears(id),
    queryFn: ({ signal }) => api.get<Arrears>(`/api/uploads/org/arrears/${id}`, undefined, signal).catch(() => ({ is_org_transfer_arrears: false })),
    enabled: id > 0,
    staleTime: 60_000,
  });
}

/** `GET /api/uploads/document/{id}/url` (spec §7; visitors: the anonymous prefix): the PDF of a document (its converted PDF for Office files, signed) and its status. */
export function useDocumentUrl(id: number, enabled = true, visitorActivityId: VisitorActivityId = null) {
  return useQuery({
    queryKey: previewKeys.documentUrl(id, visitorActivityId),
    queryFn: ({ signal }) =>
      api.get<{ url: string | null; status: Upload['status'] }>(`${uploadsPrefix(visitorActivityId)}/document/${id}/url`, undefined, signal),
    enabled: enabled && id > 0,
  });
}

/** `GET /api/uploads/{id}/text?preview=true` (spec §7; visitors: the anonymous prefix): the first MiB of a text file. */
export function useUploadText(id: number, enabled = true, visitorActivityId: VisitorActivityId = null) {
  return useQuery({
    queryKey: previewKeys.text(id, visitorActivityId),
    queryFn: ({ signal }) => api.get<{ content: string; truncated: boolean }>(`${uploadsPrefix(visitorActivityId)}/${id}/text`, { preview: true }, signal),
    enabled: enabled && id > 0,
  });
}

/**
 * `GET /api/uploads/{id}/player-options?activity_id=` (spec §3 Video-player
 * options), or a visitor's `/anonymous-api/{activityId}/uploads/{id}/player-options`
 * (nothing recorded); signed URLs that expire: never cached for long.
 */
export function usePlayerOptions(id: number, activityId: number | null, visitorActivityId: VisitorActivityId = null) {
  return useQuery({
    queryKey: previewKeys.playerOptions(id, activityId, visitorActivityId),
    queryFn: ({ signal }) =>
      visitorActivityId !== null
        ? api.get<PlayerOptions>(`${uploadsPrefix(visitorActivityId)}/${id}/player-options`, undefined, signal)
        : api.get<PlayerOptions>(`/api/uploads/${id}/player-options`, { activity_id: activityId ?? undefined }, signal),
    enabled: id > 0 && (activityId !== null || visitorActivityId !== null),
    staleTime: 0,
    gcTime: 0,
    // A refetch would sign new URLs and rebuild the player mid-playback: fetched once per opening.
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** The player options once more, outside the query cache (the mounted player keeps playing): new signed URLs after one expired. */
export function fetchPlayerOptions(id: number, activityId: number | null, visitorActivityId: VisitorActivityId = null): Promise<PlayerOptions> {
  return visitorActivityId !== null
    ? api.get<PlayerOptions>(`${uploadsPrefix(visitorActivityId)}/${id}/player-options`)
    : api.get<PlayerOptions>(`/api/uploads/${id}/player-options`, { activity_id: activityId ?? undefined });
}

/** The preview upload once more, outside the query cache: its renditions' new signed URLs. */
export function fetchPreviewUpload(id: number, visitorActivityId: VisitorActivityId = null): Promise<UploadPreview> {
  return api.get<UploadPreview>(`${uploadsPrefix(visitorActivityId)}/${id}`, { preview: true });
}

/**
 * Why a media URL stopped playing: `expired` when `/api/media/…` answers
 * 403 MEDIA_URL_INVALID (its signature's life is over, decision 0030), else
 * `other` (a network failure, a missing or undecodable file). Asks one byte.
 */
export async function probeMediaUrl(url: string): Promise<'expired' | 'other'> {
  try {
    const response = await fetch(url, { headers: { Range: 'bytes=0-0' }, credentials: 'same-origin' });
    if (response.status !== 403) return 'other';
    const body = (await response.json().catch(() => null)) as { code?: string } | null;
    return body?.code === 'MEDIA_URL_INVALID' ? 'expired' : 'other';
  } catch {
    return 'other';
  }
}

/** `GET /api/uploads/audio/{id}?activity_id=` (spec §7; visitors: `/anonymous-api/{activityId}/uploads/audio/{id}`): a signed URL of the playable audio; 404 while missing or transcoding. */
export function useAudioSource(id: number, activityId: number | null, visitorActivityId: VisitorActivityId = null) {
  return useQuery({
    queryKey: previewKeys.audio(id, activityId, visitorActivityId),
    queryFn: ({ signal }) =>
      api.get<AudioSource>(
        `${uploadsPrefix(visitorActivityId)}/audio/${id}`,
        visitorActivityId === null ? { activity_id: activityId ?? undefined } : undefined,
        signal,
      ),
    enabled: id > 0,
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** `POST /api/uploads/{id}/play-progress` through fetch (keepalive): the ranges played since the last report. */
export function postPlayProgress(id: number, body: PlayProgressBody): Promise<PlayProgress> {
  return api.post<PlayProgress>(`/api/uploads/${id}/play-progress`, body);
}

/**
 * The same report with navigator.sendBeacon (text/plain body), which the browser
 * delivers even while the tab closes. Answers false when the beacon was not queued.
 */
export function beaconPlayProgress(id: number, body: PlayProgressBody): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return false;
  return navigator.sendBeacon(`/api/uploads/${id}/play-progress`, new Blob([JSON.stringify(body)], { type: 'text/plain' }));
}

/** `POST /api/uploads/{id}/seek`: the server's refuse-forward-seeking check; rejects with 403 MEDIA_FORWARD_SEEK_REFUSED. */
export function postSeek(id: number, activityId: number, position: number): Promise<{ allowed: true }> {
  return api.post(`/api/uploads/${id}/seek`, { activity_id: activityId, position });
}

/** `POST /api/uploads/{id}/retry-transcode`: queue processing again (previewer "retry transcode"). */
export function retryTranscode(id: number): Promise<Upload> {
  return api.post<Upload>(`/api/uploads/${id}/retry-transcode`);
}

/**
 * `GET /api/uploads/{id}/preview/{provider}` (spec §7): the office previewer URL; 403 when the org
 * toggle is off, or (spec §6) when opened in a homework or exam (`activityId`) the private and
 * Aliyun previewers are asked for a file that is not the activity's.
 */
export function fetchOfficePreviewUrl(id: number, provider: OfficePreviewProvider, activityId: number | null = null): Promise<PreviewUrl> {
  return api.get<PreviewUrl>(`/api/uploads/${id}/preview/${provider}${activityId ? `?activity_id=${activityId}` : ''}`);
}

/** `GET /api/exam-subjects/{subjectId}/uploads/{uploadId}/play-status` (spec §3 Exam video settings). */
export function useExamPlayStatus(subjectId: number, uploadId: number) {
  return useQuery({
    queryKey: previewKeys.examStatus(subjectId, uploadId),
    queryFn: ({ signal }) => api.get<ExamPlayStatusResult>(`/api/exam-subjects/${subjectId}/uploads/${uploadId}/play-status`, undefined, signal),
    staleTime: 0,
  });
}

/** `POST /api/exam-subjects/{subjectId}/uploads/{uploadId}/play`: counts one play on the server and answers a signed URL; 403 MEDIA_PLAY_LIMIT_REACHED, 410 MEDIA_MISSED_FILE. */
export function postExamPlay(subjectId: number, uploadId: number): Promise<ExamPlayResult> {
  return api.post<ExamPlayResult>(`/api/exam-subjects/${subjectId}/uploads/${uploadId}/play`);
}

/** `GET /api/uploads/scorm/{id}/runtime?activity_id=&sco=`: version, this learner's stored CMI (null on first launch) and the SCOs. */
export function fetchScormRuntime(id: number, activityId: number, sco: string, signal?: AbortSignal): Promise<ScormRuntime> {
  return api.get<ScormRuntime>(`/api/uploads/scorm/${id}/runtime`, { activity_id: activityId, sco }, signal);
}

/** `PUT /api/uploads/scorm/{id}/runtime?activity_id=&sco=`: stores the CMI (session time added to total time on the server). */
export function putScormRuntime(id: number, activityId: number, sco: string, cmi: Cmi): Promise<ScormRuntimeStored> {
  const query = new URLSearchParams({ activity_id: String(activityId), sco });
  return api.put<ScormRuntimeStored>(`/api/uploads/scorm/${id}/runtime?${query.toString()}`, { cmi });
}

/** The launch URL of a SCO inside the previewer (spec §7): `/api/uploads/scorm/{id}?sco=…&preview=true`; for a visitor, the anonymous API's (spec §6). */
export function scormLaunchUrl(id: number, sco: string, visitorActivityId: VisitorActivityId = null): string {
  return `${uploadsPrefix(visitorActivityId)}/scorm/${id}?${new URLSearchParams({ sco, preview: 'true' }).toString()}`;
}

/** `GET /api/courses/{id}/activity-files`: the activity holding each course upload; an empty list when the call is missing. */
export function useActivityFiles(courseId: number) {
  return useQuery({
    queryKey: previewKeys.activityFiles(courseId),
    queryFn: ({ signal }) =>
      api.get<ActivityFiles>(`/api/courses/${courseId}/activity-files`, undefined, signal).then((answer): ActivityFile[] => answer.items),
    enabled: courseId > 0,
  });
}

/** The URL the PDF viewer loads for a PDF upload: `/api/uploads/{id}/blob?preview=true` (spec §7). */
export function previewBlobUrl(id: number): string {
  return `/api/uploads/${id}/blob?preview=true`;
}

/** Headers of the API client for calls made outside it (pdf.js range requests). */
export { scopeHeaders };

/**
 * `GET /anonymous-api/{activityId}/uploads` (spec §6): the title and files of an
 * activity a visitor may preview; 401/403/404 when guest preview is off, the
 * activity is unpublished or absent (the API client never sends a visitor to /login).
 */
export function useGuestActivity(activityId: number) {
  return useQuery({
    queryKey: previewKeys.guestActivity(activityId),
    queryFn: ({ signal }) => api.get<GuestActivity>(`/anonymous-api/${activityId}/uploads`, undefined, signal),
    enabled: activityId > 0,
    retry: false,
  });
}

/** A visitor's image (spec §6): `/anonymous-api/{activityId}/uploads/{id}/blob`, which redirects to a short-lived signed URL. */
export function guestImageUrl(visitorActivityId: number, id: number): string {
  return `${uploadsPrefix(visitorActivityId)}/${id}/blob`;
}

/** The externally hosted kinds of spec §3 Upload with their own players. */
export type ExternalKind = 'evercam' | 'lesson-resource' | 'capture';

/**
 * Where each kind asks for its player URL (spec §7): lesson resources and
 * captures have their player-url calls (Atrium keeps both as uploads: the id and
 * the capture code are the upload id); evercam has no call for a course file.
 */
export function externalPlayerUrlPath(kind: ExternalKind, uploadId: number, reference: string | null): string | null {
  if (kind === 'lesson-resource') return `/api/resource-file/${reference ?? uploadId}/player-url?from_page=previewer`;
  if (kind === 'capture') return `/api/captures/${encodeURIComponent(reference ?? String(uploadId))}/player-url`;
  return null;
}

/** The player URL of an external file (`externalPlayerUrlPath`), asked only when `ready` and the kind has a call; failures are not retried. */
export function useExternalPlayerUrl(kind: ExternalKind, uploadId: number, reference: string | null, ready: boolean) {
  const path = externalPlayerUrlPath(kind, uploadId, reference);
  return useQuery({
    queryKey: ['previews', 'external-player', kind, uploadId, reference],
    queryFn: ({ signal }) => api.get<ExternalPlayerUrl>(path ?? '', undefined, signal),
    enabled: ready && path !== null,
    retry: false,
  });
}

/**
 * Whether `url` (a static file such as the user manual) answers: a HEAD request (a server that
 * refuses HEAD with 405/501 is asked with GET). HEAD also tells a missing static file from the
 * web app's own page, which the server answers to any unknown GET. Rejects on network errors
 * and on abort (`signal`).
 */
export async function isUrlReachable(url: string, signal: AbortSignal): Promise<boolean> {
  let response = await fetch(url, { method: 'HEAD', signal, credentials: 'same-origin' });
  if (response.status === 405 || response.status === 501) response = await fetch(url, { signal, credentials: 'same-origin' });
  return response.ok;
}
