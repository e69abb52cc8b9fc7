import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The files the demo seed uploads (issue 20 §11). By default the seed reads the small demo files the
 * repository ships in apps/server/demo-files (written for Atrium, so free of third-party licences; rebuilt
 * by its make.sh), so a fresh clone seeds every previewer type with nothing beside it. The e2e journeys set
 * ATRIUM_SEED_FILES_DIR to the shared test fixtures and get the fixture set instead, whose names they open.
 */
export interface SeedFileSet {
  /** Absolute folder the relative names below are read from. */
  dir: string;
  /** CS101's reading: a PDF, its material activity's title and its page count (pdfinfo). */
  reading: { file: string; title: string; pages: number };
  /** CS101's video and its online-video activity's title. */
  video: { file: string; title: string };
  /** MEDIA101's material activity, one file per previewer, in previewer order: PDF, Office, image, video, audio. */
  media: string[];
  /** MEDIA101's SCORM packages (zip) and their activity's title. */
  scorm: { files: string[]; title: string };
}

/** The shipped folder's name under apps/server; the marker file proves it is the right one. */
const SHIPPED_FOLDER = 'demo-files';
const SHIPPED_MARKER = 'cs101-lecture-1-handout.pdf';

/**
 * Absolute path of apps/server/demo-files: the nearest `demo-files` folder holding the handout, looking upwards
 * from `from` (this module's folder: src/modules/seed under tsx and vitest, dist in the esbuild bundle).
 * Throws when there is none (a bundle copied without the folder).
 */
export function shippedDemoFilesDir(from: string = import.meta.dirname): string {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, SHIPPED_FOLDER);
    if (existsSync(path.join(candidate, SHIPPED_MARKER))) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`no ${SHIPPED_FOLDER}/${SHIPPED_MARKER} above ${from}`);
  }
}

/** The shipped set (apps/server/demo-files/README.md says how each file was made). */
export const SHIPPED_SET: Omit<SeedFileSet, 'dir'> = {
  reading: { file: 'cs101-lecture-1-handout.pdf', title: 'Reading: lecture 1 handout', pages: 3 },
  video: { file: 'cs101-lecture-1-intro.mp4', title: 'Video: lecture 1 introduction' },
  media: ['cs101-lecture-1-handout.pdf', 'cs101-reading-list.docx', 'cs101-pipeline-diagram.png', 'cs101-lecture-1-intro.mp4', 'cs101-lecture-1-chime.mp3'],
  scorm: { files: ['cs101-self-check-scorm12.zip'], title: 'Self-check (SCORM 1.2)' },
};

/** The shared test fixtures' set, for ATRIUM_SEED_FILES_DIR pointing at them (the e2e journeys open these names). */
export const FIXTURE_SET: Omit<SeedFileSet, 'dir'> = {
  reading: { file: 'pdf/pdfjs__tracemonkey.pdf', title: 'Reading: the TraceMonkey paper', pages: 14 },
  video: { file: 'video/pythonpptx__just-two-mice.mp4', title: 'Video: two mice' },
  media: [
    'pdf/pdfjs__tracemonkey.pdf',
    'office/pythondocx__test.docx',
    'office/pythonpptx__test.pptx',
    'images/filetype__fixture.png',
    'video/pythonpptx__just-two-mice.mp4',
    'audio/howler__sound2.mp3',
  ],
  scorm: { files: ['scorm/golf__RuntimeBasicCalls_SCORM12.zip', 'scorm/golf__RuntimeBasicCalls_SCORM20043rdEdition.zip'], title: 'Golf (SCORM 1.2 and 2004)' },
};

/** The set the seed uses: the fixture set from `seedFilesDir` when configured (ATRIUM_SEED_FILES_DIR), else the shipped set. */
export function seedFileSet(seedFilesDir: string | undefined): SeedFileSet {
  return seedFilesDir ? { dir: seedFilesDir, ...FIXTURE_SET } : { dir: shippedDemoFilesDir(), ...SHIPPED_SET };
}
