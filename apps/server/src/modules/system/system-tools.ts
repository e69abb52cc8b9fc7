import { access, constants } from 'node:fs/promises';
import path from 'node:path';

/** System tools Atrium uses (ARCHITECTURE.md "Parts that are real"), by the command looked up on PATH. */
export const SYSTEM_TOOLS = {
  ffmpeg: 'ffmpeg',
  ffprobe: 'ffprobe',
  libreoffice: 'soffice',
  pdfinfo: 'pdfinfo',
  pdftoppm: 'pdftoppm',
} as const;

/** True when an executable named `command` is on PATH. */
export async function isOnPath(command: string, envPath = process.env.PATH ?? ''): Promise<boolean> {
  for (const dir of envPath.split(path.delimiter).filter(Boolean)) {
    try {
      await access(path.join(dir, command), constants.X_OK);
      return true;
    } catch {
      // not in this directory
    }
  }
  return false;
}

/** Which of SYSTEM_TOOLS are present, by tool name. */
export async function detectTools(): Promise<Record<keyof typeof SYSTEM_TOOLS, boolean>> {
  const entries = await Promise.all(Object.entries(SYSTEM_TOOLS).map(async ([name, command]) => [name, await isOnPath(command)] as const));
  return Object.fromEntries(entries) as Record<keyof typeof SYSTEM_TOOLS, boolean>;
}
