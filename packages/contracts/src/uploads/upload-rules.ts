/**
 * File upload rules of spec §5, shared by the web uploader (which checks first)
 * and the server (which checks again and decides). Message keys are the spec's
 * where it names one (`fileUpload.nameError`), otherwise `fileUpload.*` of ours.
 */

/** Upload types of spec §3 Upload that come from a file extension. */
export type UploadType = 'video' | 'audio' | 'document' | 'image' | 'swf' | 'scorm';

const EXTENSIONS_BY_TYPE: Record<UploadType, readonly string[]> = {
  // `vtt`: WebVTT captions, which the video player offers beside the video they are named after (issue 23).
  document: ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'odt', 'ods', 'odp', 'txt', 'csv', 'md', 'rtf', 'uof', 'uot', 'uos', 'uop', 'ofd', 'vtt'],
  image: ['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp', 'svg'],
  audio: ['mp3', 'm4a', 'ogg', 'oga', 'wav', 'aac', 'flac'],
  video: ['mp4', 'webm', 'mov', 'm4v', 'mkv', 'avi', 'flv', 'wmv', 'mpg', 'mpeg'],
  swf: ['swf'],
  scorm: ['zip'],
};

/** Every extension Atrium accepts when the extension check is on (lower case, no dot); `mbz` is a Moodle course package (issue 8). */
export const SUPPORTED_EXTENSIONS: readonly string[] = [...Object.values(EXTENSIONS_BY_TYPE).flat(), 'mbz'];

/** Text files are shown as text and take no notes (spec §5 Notes); WebVTT captions are text too. */
export const TEXT_EXTENSIONS: readonly string[] = ['txt', 'csv', 'md', 'vtt'];

/** Default size limit of one file in bytes (2 GiB) when the organisation sets none. */
export const DEFAULT_MAX_UPLOAD_BYTES = 2 * 1024 ** 3;

/** Characters a file name may not contain; control characters are refused too. */
const FORBIDDEN_NAME_CHARS = ['\\', '/', ':', '*', '?', '"', '<', '>', '|'];

/** Lower-case extension of a file name without the dot, or '' when it has none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

/** Upload type for a file name by its extension (case-insensitive); `document` when unknown. */
export function uploadTypeOf(name: string): UploadType {
  const ext = extensionOf(name);
  for (const [type, list] of Object.entries(EXTENSIONS_BY_TYPE) as [UploadType, readonly string[]][]) {
    if (list.includes(ext)) return type;
  }
  return 'document';
}

/** The distinct characters of `name` that the name check refuses (spec §5), in order of appearance. */
export function invalidNameChars(name: string): string[] {
  const found: string[] = [];
  for (const ch of name) {
    const isControl = ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f;
    if ((FORBIDDEN_NAME_CHARS.includes(ch) || isControl) && !found.includes(ch)) found.push(ch);
  }
  return found;
}

/** One refused rule: the message key and its interpolation values. */
export interface UploadRuleViolation {
  key:
    | 'fileUpload.nameError'
    | 'fileUpload.formatLimit'
    | 'fileUpload.sizeLimit'
    | 'fileUpload.zeroSize'
    | 'fileUpload.sizeLimitAndZero'
    | 'fileUpload.nameRequired';
  field: 'name' | 'size';
  values?: Record<string, string | number>;
}

export interface UploadRuleOptions {
  /** Largest allowed size in bytes. */
  maxBytes: number;
  /** When true, the extension must be in `allowedExtensions` (spec §5 "when the extension check is enabled"). */
  checkExtension: boolean;
  allowedExtensions?: readonly string[];
}

/**
 * Checks one file against spec §5's upload rules. Returns every violation (empty
 * when the file may be uploaded). Size in bytes.
 */
export function checkUploadFile(file: { name: string; size: number }, options: UploadRuleOptions): UploadRuleViolation[] {
  const violations: UploadRuleViolation[] = [];
  const name = file.name.trim();
  if (name.length === 0) {
    violations.push({ key: 'fileUpload.nameRequired', field: 'name' });
  } else {
    const bad = invalidNameChars(name);
    if (bad.length > 0) violations.push({ key: 'fileUpload.nameError', field: 'name', values: { chars: bad.join(' ') } });
    if (options.checkExtension) {
      const allowed = options.allowedExtensions ?? SUPPORTED_EXTENSIONS;
      if (!allowed.includes(extensionOf(name))) {
        violations.push({ key: 'fileUpload.formatLimit', field: 'name', values: { formats: allowed.join(', ') } });
      }
    }
  }
  const isZero = file.size <= 0;
  const isOver = file.size > options.maxBytes;
  if (isZero) violations.push({ key: 'fileUpload.zeroSize', field: 'size' });
  if (isOver) violations.push({ key: 'fileUpload.sizeLimit', field: 'size', values: { max: options.maxBytes } });
  return violations;
}

/** Byte display units of spec §9: Bytes, KB, MB, GB, TB with 2 decimals (1 KB = 1024 bytes). */
export function formatBytes(bytes: number): string {
  const units = ['Bytes', 'KB', 'MB', 'GB', 'TB'];
  if (bytes <= 0) return '0 Bytes';
  const i = Math.min(units.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  return `${(bytes / 1024 ** i).toFixed(2)} ${units[i]}`;
}

/** Names the folder uploader skips without a word (spec §5: files named .DS_Store are ignored). */
export function isIgnoredUploadName(name: string): boolean {
  return name === '.DS_Store';
}

/** Depth of a file inside an uploaded folder: the number of folders in `Folder/sub/file.pdf` (2). */
export function folderDepthOf(relativePath: string): number {
  return relativePath.split('/').filter(Boolean).length - 1;
}

/** A folder-level refusal of spec §5, with its message key. */
export interface FolderRuleViolation {
  key: 'fileUpload.folderExceedsMaxLevel' | 'fileUpload.fileExceedsMaxCount';
  field: 'relative_path' | 'folder_file_count';
  values: Record<string, number>;
}

/**
 * Checks a folder upload against the organisation's settings (spec §3 Org
 * settings, §5): every file's depth below `maxLevel`, and at most `maxCount`
 * files (ignored names not counted). Answers the violations (empty when fine).
 */
export function checkUploadFolder(relativePaths: readonly string[], settings: { maxLevel: number; maxCount: number }): FolderRuleViolation[] {
  const out: FolderRuleViolation[] = [];
  const deepest = Math.max(0, ...relativePaths.map(folderDepthOf));
  if (deepest >= settings.maxLevel) out.push({ key: 'fileUpload.folderExceedsMaxLevel', field: 'relative_path', values: { max: settings.maxLevel } });
  if (relativePaths.length > settings.maxCount)
    out.push({ key: 'fileUpload.fileExceedsMaxCount', field: 'folder_file_count', values: { max: settings.maxCount } });
  return out;
}
