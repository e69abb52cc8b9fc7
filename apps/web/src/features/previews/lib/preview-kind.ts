import { extensionOf, type Upload } from '@atrium/contracts';

/** How the previewer shows a file: pdf.js, an image, or the "later release" state. */
export type PreviewKind = 'pdf' | 'image' | 'unsupported';

const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp', 'svg'];

/** The preview kind of an upload, by extension (case-insensitive) and upload type. */
export function previewKindOf(upload: Pick<Upload, 'name' | 'type'>): PreviewKind {
  const ext = extensionOf(upload.name);
  if (ext === 'pdf') return 'pdf';
  if (upload.type === 'image' || IMAGE_EXTENSIONS.includes(ext)) return 'image';
  return 'unsupported';
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
