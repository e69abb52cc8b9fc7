import { previewKindOf } from '../../previews/lib/preview-kind';

/**
 * True for a file the PDF editor opens (spec §6: documents and images only — PDF, Office through its
 * converted PDF, and the raster images the server flattens: PNG, JPEG, GIF, WebP, BMP; not SVG).
 */
export function isEditable(upload: { name: string; type: string }): boolean {
  const kind = previewKindOf(upload);
  if (kind === 'image') return !/\.svg$/i.test(upload.name);
  return kind === 'pdf' || kind === 'office';
}

/** The PDF editor's address for grading one file of a submission (spec §2 `/pdf/editor`; `submissionId` for grading, issue 16). */
export function pdfEditorPath(submissionId: number, upload: { id: number; name: string }): string {
  const query = new URLSearchParams({ submissionId: String(submissionId), uploadId: String(upload.id), fileName: upload.name });
  return `/pdf/editor?${query.toString()}`;
}
