import { extensionOf, SUPPORTED_EXTENSIONS, type UploadSettings } from '@atrium/contracts';
import { AI_QUIZ_EXTENSIONS, QUESTION_PANEL_EXTENSIONS, type PreviewKind } from './preview-kind';

/** Largest previewable size in bytes: one number for every type, or a map per upload type (`default` for the rest). */
export type PreviewSizeLimit = number | Record<string, number>;

/** Upload types with no file of their own (spec §3 Upload): their name carries no extension to check. */
const NAMELESS_TYPES: readonly string[] = ['link', 'evercam', 'lesson-resource', 'capture', 'video-quiz'];

/** The limits `checkPreviewable` applies. */
export interface PreviewLimits {
  sizeLimit?: PreviewSizeLimit;
  allowedExtensions?: readonly string[];
}

/**
 * The organisation's preview limits from `GET /api/uploads/settings` (spec §5):
 * its upload size limit (bytes), and the extensions uploads may have while its
 * extension check is on; none while the settings are unknown.
 */
export function previewLimitsOf(settings: Pick<UploadSettings, 'maxUploadBytes' | 'checkUploadExtension'> | undefined): PreviewLimits {
  if (!settings) return {};
  return { sizeLimit: settings.maxUploadBytes, ...(settings.checkUploadExtension ? { allowedExtensions: SUPPORTED_EXTENSIONS } : {}) };
}

/** Why a file is not previewed (spec §5 previewer rules), or null when it may be. */
export type PreviewRefusal = 'zeroSize' | 'tooLarge' | 'formatNotAllowed' | null;

/**
 * Spec §5 previewer rule: size must be greater than 0 and at most the limit
 * (a number, or a per-type map), and when `allowedExtensions` is given the
 * extension (case-insensitive) must be in it; types without a file of their own
 * (online video links, evercam, lesson resources, captures) have no extension to
 * check. Size in bytes.
 */
export function checkPreviewable(file: { name: string; size: number; type: string }, options: PreviewLimits = {}): PreviewRefusal {
  // An embedded online video (type link) has no bytes: it plays from its provider.
  if (file.type !== 'link' && !(file.size > 0)) return 'zeroSize';
  const limit = limitFor(file.type, options.sizeLimit);
  if (limit !== undefined && file.size > limit) return 'tooLarge';
  if (options.allowedExtensions && !NAMELESS_TYPES.includes(file.type)) {
    const allowed = options.allowedExtensions.map((ext) => ext.toLowerCase().replace(/^\./, ''));
    if (!allowed.includes(extensionOf(file.name))) return 'formatNotAllowed';
  }
  return null;
}

/** The byte limit that applies to an upload type, or undefined when there is none. */
export function limitFor(type: string, sizeLimit: PreviewSizeLimit | undefined): number | undefined {
  if (sizeLimit === undefined) return undefined;
  if (typeof sizeLimit === 'number') return sizeLimit;
  return sizeLimit[type] ?? sizeLimit.default;
}

/** Who is looking, for the AI panels (spec §6). */
export interface PanelContext {
  hasAiAbility: boolean;
  /** Instructor view or simulated-instructor view: the AI panels are not offered. */
  isInstructorView: boolean;
}

/**
 * Spec §6, §9: the question panel button shows for its extension list, with hasAiAbility — in
 * instructor view too (spec §6 keeps only the AI quiz and AI solver from it; the team answers
 * questions there, issue 18 §4).
 */
export function canShowQuestionPanel(name: string, context: PanelContext): boolean {
  return context.hasAiAbility && QUESTION_PANEL_EXTENSIONS.includes(extensionOf(name));
}

/** Spec §6, §9: the AI quiz button shows for the question list without csv, with hasAiAbility, outside instructor view. */
export function canShowAiQuizPanel(name: string, context: PanelContext): boolean {
  return context.hasAiAbility && !context.isInstructorView && AI_QUIZ_EXTENSIONS.includes(extensionOf(name));
}

/** The previewer's side panel: none, the question panel or the AI quiz panel (spec §2: mutually exclusive). */
export type SidePanel = 'none' | 'question' | 'aiQuiz';

/** Opening a panel closes the other; opening the open one closes it (spec §2). */
export function togglePanel(current: SidePanel, wanted: Exclude<SidePanel, 'none'>): SidePanel {
  return current === wanted ? 'none' : wanted;
}

/** What a note anchors to (spec §3 Note): video seconds, document page, or 0 on an image. */
export type NoteTargetType = 'video' | 'document' | 'image';

/**
 * Spec §4, §5: notes are taken on images, videos and documents that are not
 * text files, and on documents only when the upload is ready. Answers the
 * note target type, or null when the file takes no notes.
 */
export function noteTargetOf(kind: PreviewKind, status: string): NoteTargetType | null {
  if (kind === 'image') return 'image';
  if (kind === 'video') return 'video';
  if ((kind === 'pdf' || kind === 'office') && status === 'ready') return 'document';
  return null;
}

/** The org toggle deciding each office previewer (spec §6: wps_preview, yz_office_preview, Aliyun office, private WPS). */
const PROVIDER_TOGGLES = { wps: 'wps_preview', yz: 'yz_office_preview', aliyun: 'aliyun', 'private-wps': 'private_wps' } as const;

/**
 * The external office previewers offered for a document (spec §6, §7): those
 * whose org toggle is on; Aliyun and private WPS also need the upload's own
 * allow flag when the upload carries one (spec §3 Upload allow_aliyun_office_view,
 * allow_private_wps_office_view).
 */
export function officeProvidersOffered(
  toggles: Record<(typeof PROVIDER_TOGGLES)[keyof typeof PROVIDER_TOGGLES], boolean> | undefined,
  upload: { allow_aliyun_office_view?: boolean; allow_private_wps_office_view?: boolean } = {},
): Array<keyof typeof PROVIDER_TOGGLES> {
  if (!toggles) return [];
  return (Object.keys(PROVIDER_TOGGLES) as Array<keyof typeof PROVIDER_TOGGLES>).filter((provider) => {
    if (!toggles[PROVIDER_TOGGLES[provider]]) return false;
    if (provider === 'aliyun' && upload.allow_aliyun_office_view === false) return false;
    if (provider === 'private-wps' && upload.allow_private_wps_office_view === false) return false;
    return true;
  });
}
