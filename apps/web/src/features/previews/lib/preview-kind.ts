import { extensionOf, TEXT_EXTENSIONS, type Upload } from '@atrium/contracts';

/**
 * How the previewer shows a file (spec §2 previewer, §3 Upload types):
 * pdf.js for PDFs and for Office documents through their converted PDF, images,
 * text, the audio and video players, the SCORM player, an embedded online video,
 * the status-driven external types, or the "no preview" state.
 */
export type PreviewKind =
  'pdf' | 'office' | 'image' | 'text' | 'audio' | 'video' | 'scorm' | 'online-video' | 'evercam' | 'lesson-resource' | 'capture' | 'unsupported';

const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp', 'svg'];

/** Office extensions previewable through their converted PDF (spec §9), plus the OpenDocument ones LibreOffice converts. */
export const OFFICE_EXTENSIONS: readonly string[] = [
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'uof',
  'uot',
  'uos',
  'uop',
  'ofd',
  'odt',
  'ods',
  'odp',
  'rtf',
];

/** Extensions offering the question panel button (spec §9). */
export const QUESTION_PANEL_EXTENSIONS: readonly string[] = ['doc', 'docx', 'ppt', 'pptx', 'xls', 'xlsx', 'pdf', 'csv'];

/** Extensions offering the AI quiz button: the question-panel list without csv (spec §9). */
export const AI_QUIZ_EXTENSIONS: readonly string[] = QUESTION_PANEL_EXTENSIONS.filter((ext) => ext !== 'csv');

/** Extensions showing the preview tip (spec §9). */
export const PREVIEW_TIP_EXTENSIONS: readonly string[] = ['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'csv'];

const AUDIO_EXTENSIONS = ['mp3', 'm4a', 'ogg', 'oga', 'wav', 'aac', 'flac'];
const VIDEO_EXTENSIONS = ['mp4', 'webm', 'mov', 'm4v', 'mkv', 'avi', 'flv', 'wmv', 'mpg', 'mpeg'];

/** The preview kind of an upload, by upload type first, then by extension (case-insensitive). */
export function previewKindOf(upload: Pick<Upload, 'name' | 'type'>): PreviewKind {
  const ext = extensionOf(upload.name);
  switch (upload.type) {
    case 'scorm':
      return 'scorm';
    case 'link':
      return 'online-video';
    case 'evercam':
    case 'lesson-resource':
    case 'capture':
      return upload.type;
    case 'video':
      return 'video';
    case 'audio':
      return 'audio';
    default:
      break;
  }
  if (ext === 'pdf') return 'pdf';
  if (upload.type === 'image' || IMAGE_EXTENSIONS.includes(ext)) return 'image';
  if (TEXT_EXTENSIONS.includes(ext)) return 'text';
  if (OFFICE_EXTENSIONS.includes(ext)) return 'office';
  if (VIDEO_EXTENSIONS.includes(ext)) return 'video';
  if (AUDIO_EXTENSIONS.includes(ext)) return 'audio';
  return 'unsupported';
}

/** Kinds whose view zooms and rotates (spec §9 zoom and rotation). */
export function canTransformKind(kind: PreviewKind | null): boolean {
  return kind === 'pdf' || kind === 'office' || kind === 'image';
}

/**
 * Index after moving `delta` through a list of `length` files, wrapping at both
 * ends (spec §2: arrow keys switch files and wrap around).
 */
export function wrapIndex(index: number, delta: number, length: number): number {
  if (length <= 0) return 0;
  return (((index + delta) % length) + length) % length;
}

/** True when arrow keys should not switch files: the focus is in a text field. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** Navigation key codes of spec §9: 37 (←) and 39 (→). */
export const NAV_KEY_CODES = { previous: 37, next: 39 } as const;

/**
 * The file step an arrow key asks for (spec §2, §9): −1 for ← (37), +1 for → (39),
 * 0 when the key is another one, the focus is in a text field, or the AI quiz panel is open.
 */
export function navigationDelta(
  event: Pick<KeyboardEvent, 'key' | 'keyCode' | 'target' | 'altKey' | 'ctrlKey' | 'metaKey'>,
  isAiQuizOpen: boolean,
): -1 | 0 | 1 {
  if (isAiQuizOpen || isTypingTarget(event.target) || event.altKey || event.ctrlKey || event.metaKey) return 0;
  if (event.keyCode === NAV_KEY_CODES.previous || event.key === 'ArrowLeft') return -1;
  if (event.keyCode === NAV_KEY_CODES.next || event.key === 'ArrowRight') return 1;
  return 0;
}
