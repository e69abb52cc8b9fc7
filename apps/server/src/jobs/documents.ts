import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runTool, ProcessingError } from './tools.js';

/** Extensions LibreOffice converts to PDF for the previewer (issue 4). */
export const OFFICE_EXTENSIONS: readonly string[] = ['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'odt', 'ods', 'odp', 'rtf'];

interface ToolOptions {
  toolsPath: string;
  timeoutSeconds: number;
}

/** Page count of a PDF and whether it is encrypted, from poppler's pdfinfo. A PDF that needs a password answers `{ numPages: undefined, isEncrypted: true }`. */
export async function pdfInfo(file: string, options: ToolOptions): Promise<{ numPages: number | undefined; isEncrypted: boolean }> {
  let out: string;
  try {
    out = await runTool('pdfinfo', [file], options);
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? '';
    if (/password/i.test(stderr)) return { numPages: undefined, isEncrypted: true };
    if (error instanceof ProcessingError && error.failureCode === 'TOOL_MISSING') throw error;
    throw new ProcessingError('PDF_UNREADABLE', 'pdfinfo cannot read this PDF: it is damaged or not a PDF');
  }
  const pages = /^Pages:\s+(\d+)/m.exec(out)?.[1];
  const encrypted = /^Encrypted:\s+yes/m.test(out);
  return { numPages: pages ? Number(pages) : undefined, isEncrypted: encrypted };
}

let converting: Promise<unknown> = Promise.resolve();

/**
 * Converts an Office document to PDF with LibreOffice headless (`soffice
 * --convert-to pdf`), one conversion at a time in this process, with its own
 * profile folder, within `timeoutSeconds`. Answers the PDF's path in `workDir`.
 */
export async function convertToPdf(input: string, workDir: string, options: ToolOptions): Promise<string> {
  const run = async () => {
    const outDir = path.join(workDir, 'pdf');
    const profile = path.join(workDir, 'lo-profile');
    await mkdir(outDir, { recursive: true });
    await runTool(
      'soffice',
      [`-env:UserInstallation=${pathToFileURL(profile).href}`, '--headless', '--norestore', '--convert-to', 'pdf', '--outdir', outDir, input],
      options,
    );
    const pdf = (await readdir(outDir)).find((f) => f.endsWith('.pdf'));
    if (!pdf) throw new ProcessingError('OFFICE_NO_PDF', 'soffice produced no PDF from this document');
    return path.join(outDir, pdf);
  };
  const result = converting.then(run, run);
  converting = result.catch(() => undefined);
  return result;
}
