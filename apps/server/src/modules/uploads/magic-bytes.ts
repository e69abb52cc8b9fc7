import { fileTypeFromBuffer, supportedExtensions } from 'file-type';

/** Extensions that name the same container family; a file of one may carry another's name. */
const FAMILIES: readonly (readonly string[])[] = [
  ['jpg', 'jpeg', 'jpe'],
  ['mp4', 'm4v', 'm4a', 'mov', 'm4b', '3gp', 'f4v'],
  ['ogg', 'oga', 'ogv', 'opus', 'ogx'],
  ['docx', 'xlsx', 'pptx', 'zip'],
  ['odt', 'ods', 'odp', 'zip'],
  ['doc', 'xls', 'ppt', 'cfb', 'msi'],
  ['tif', 'tiff'],
  ['mpg', 'mpeg'],
  ['mkv', 'webm'],
  // A Moodle backup (.mbz) is a tar.gz or a zip (issue 8).
  ['mbz', 'gz', 'tar.gz', 'zip'],
];

function isCompatible(declared: string, detected: string): boolean {
  if (declared === detected) return true;
  return FAMILIES.some((family) => family.includes(declared) && family.includes(detected));
}

/**
 * Checks a file's first bytes against its extension (issue 4: "checks the file's
 * magic bytes against its extension"). Answers the detected MIME type, or
 * `undefined` for content without a signature (text). Answers `false` when the
 * bytes are of another type than the name says, or lack the signature the
 * extension promises (an .exe called .pdf, a PNG called .txt).
 */
export async function sniffContent(head: Uint8Array, extension: string): Promise<string | undefined | false> {
  const detected = await fileTypeFromBuffer(head);
  if (detected) return isCompatible(extension, detected.ext) ? detected.mime : false;
  const expectsSignature =
    (supportedExtensions as ReadonlySet<string>).has(extension) && !['svg', 'txt', 'csv', 'md', 'vtt', 'xml', 'html'].includes(extension);
  return expectsSignature ? false : undefined;
}
