import { extensionOf } from '@atrium/contracts';
import { embeddedFileUrl } from '../../previews/lib/embedded-file';
import { OFFICE_EXTENSIONS, previewKindOf } from '../../previews/lib/preview-kind';
import type { GradingUpload } from '../api';

/** How the editor opens a file: a PDF, an image (one page), an Office document through its converted PDF, or not at all (spec §6: documents and images only). */
export type EditorFileKind = 'pdf' | 'image' | 'office' | 'unsupported';

/** The query of `/pdf/editor` (spec §2), plus `submissionId` for grading (issue 16). */
export interface EditorParams {
  uploadId: number | null;
  file: string | null;
  fileType: string | null;
  imgURL: string | null;
  rotatedAngle: number;
  attachmentUrl: string | null;
  fileName: string | null;
  submissionId: number | null;
}

function positiveInt(value: string | null): number | null {
  const number = Number(value);
  return value !== null && Number.isInteger(number) && number > 0 ? number : null;
}

/**
 * Reads the editor's query parameters; unknown or malformed values become null
 * (rotation 0). `file`, `imgURL` and `attachmentUrl` are kept only as
 * same-origin API paths, as the embedded PDF viewer does, so the editor never
 * shows someone else's document under our name.
 */
export function editorParamsOf(search: URLSearchParams, origin: string): EditorParams {
  const rotated = Number(search.get('rotatedAngle') ?? 0);
  return {
    uploadId: positiveInt(search.get('uploadId')),
    file: embeddedFileUrl(search.get('file'), origin),
    fileType: search.get('fileType')?.toLowerCase() || null,
    imgURL: embeddedFileUrl(search.get('imgURL'), origin),
    rotatedAngle: Number.isFinite(rotated) ? (((Math.round(rotated / 90) * 90) % 360) + 360) % 360 : 0,
    attachmentUrl: embeddedFileUrl(search.get('attachmentUrl'), origin),
    fileName: search.get('fileName') || null,
    submissionId: positiveInt(search.get('submissionId')),
  };
}

const IMAGE_TYPES = ['image', 'img', 'picture', 'png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp'];
const OFFICE_TYPES = ['office', 'document', ...OFFICE_EXTENSIONS];

/** The kind of file the editor opens: `imgURL` or an image `fileType` → image; else the fileType, the submission's upload, or the file name's extension; PDF when nothing says otherwise. */
export function editorKindOf(
  params: Pick<EditorParams, 'fileType' | 'imgURL' | 'fileName'>,
  upload: Pick<GradingUpload, 'name' | 'type'> | null,
): EditorFileKind {
  if (params.imgURL) return 'image';
  const type = params.fileType;
  if (type === 'pdf') return 'pdf';
  if (type && IMAGE_TYPES.includes(type)) return 'image';
  if (type && OFFICE_TYPES.includes(type)) return 'office';
  const name = upload?.name ?? params.fileName;
  if (upload || name) {
    const kind = previewKindOf({ name: name ?? '', type: upload?.type ?? 'document' });
    if (kind === 'pdf' || kind === 'image' || kind === 'office') return kind;
    if (upload) return 'unsupported';
    if (name && extensionOf(name) !== '') return 'unsupported';
  }
  return 'pdf';
}

/** The first file of a submission the editor can open, or null. */
export function firstEditableUpload(uploads: readonly GradingUpload[]): GradingUpload | null {
  return uploads.find((upload) => editorKindOf({ fileType: null, imgURL: null, fileName: null }, upload) !== 'unsupported') ?? null;
}

/**
 * The editor's address for grading one file of a submission:
 * `/pdf/editor?submissionId=…&uploadId=…&fileType=…` (spec §2 plus `submissionId`).
 * Naming the file type lets the editor open the file while the submission is still loading.
 */
export function pdfEditorPath({
  submissionId,
  uploadId,
  fileType,
}: {
  submissionId: number;
  uploadId?: number | null;
  fileType?: 'pdf' | 'image' | 'office' | null;
}): string {
  const query = new URLSearchParams({ submissionId: String(submissionId) });
  if (uploadId) query.set('uploadId', String(uploadId));
  if (fileType) query.set('fileType', fileType);
  return `/pdf/editor?${query.toString()}`;
}
