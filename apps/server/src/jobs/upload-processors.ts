import path from 'node:path';
import { extensionOf } from '@atrium/contracts';
import type { UploadProcessor } from '../modules/uploads/processing-registry.js';
import { replaceVideoRenditions } from '../modules/uploads/processing.repository.js';
import { uploadFromFile } from '../storage/object-store.js';
import { convertToPdf, OFFICE_EXTENSIONS, pdfInfo } from './documents.js';
import { normaliseAudio, probeMedia, transcodeVideo } from './media.js';
import { ProcessingError } from './tools.js';

/**
 * The processors that run system tools (ffmpeg, LibreOffice, poppler) on an
 * upload's bytes. Registered with the uploads module's pipeline by
 * `src/processors.ts`; each throws ProcessingError for a failure a user may read.
 */

/** Video (ffmpeg): HLS + MP4 renditions and a poster under `derived/{id}/`; meta gets duration (s), width and height (px), posterKey. */
export const videoProcessor: UploadProcessor = {
  kind: 'video',
  queue: 'upload-media',
  matches: (row) => row.type === 'video',
  async run(deps, row, { workDir, prefix, input: inputFile }) {
    const input = await inputFile();
    const media = { toolsPath: deps.config.jobs.toolsPath, timeoutSeconds: deps.config.jobs.transcodeTimeoutSeconds };
    const probe = await probeMedia(input, media);
    if (probe.height === 0) throw new ProcessingError('MEDIA_NO_VIDEO_STREAM', 'ffprobe found no video stream in this file');
    const { renditions, poster } = await transcodeVideo(input, probe, path.join(workDir, 'out'), media);
    await deps.storage.deletePrefix(prefix);
    for (const r of renditions) {
      await uploadFromFile(deps.storage, `${prefix}/${r.resolution}/video.mp4`, r.mp4);
      for (const file of r.hlsFiles) await uploadFromFile(deps.storage, `${prefix}/${r.resolution}/hls/${file}`, path.join(r.dir, 'hls', file));
    }
    await replaceVideoRenditions(
      deps.db,
      row.id,
      renditions.map((r) => ({
        resolution: r.resolution,
        duration: probe.duration,
        width: r.width,
        height: r.height,
        hlsKey: `${prefix}/${r.resolution}/hls/index.m3u8`,
        mp4Key: `${prefix}/${r.resolution}/video.mp4`,
      })),
    );
    const posterKey = `${prefix}/poster.jpg`;
    await uploadFromFile(deps.storage, posterKey, poster);
    return { duration: probe.duration, width: probe.width, height: probe.height, posterKey };
  },
};

/** Audio (ffmpeg): normalised AAC at `derived/{id}/audio.m4a`; meta gets duration (s) and audioKey. */
export const audioProcessor: UploadProcessor = {
  kind: 'audio',
  queue: 'upload-media',
  matches: (row) => row.type === 'audio',
  async run(deps, _row, { workDir, prefix, input: inputFile }) {
    const input = await inputFile();
    const media = { toolsPath: deps.config.jobs.toolsPath, timeoutSeconds: deps.config.jobs.transcodeTimeoutSeconds };
    const probe = await probeMedia(input, media);
    const out = path.join(workDir, 'audio.m4a');
    await normaliseAudio(input, out, media);
    const audioKey = `${prefix}/audio.m4a`;
    await uploadFromFile(deps.storage, audioKey, out);
    return { duration: probe.duration, audioKey };
  },
};

/** Office documents (LibreOffice): a PDF at `derived/{id}/document.pdf`; meta gets pdfKey, numPages, isEncrypted. */
export const officeProcessor: UploadProcessor = {
  kind: 'office',
  queue: 'upload-office',
  matches: (row) => OFFICE_EXTENSIONS.includes(extensionOf(row.name)),
  async run(deps, _row, { workDir, prefix, input: inputFile }) {
    const input = await inputFile();
    const { toolsPath, officeTimeoutSeconds } = deps.config.jobs;
    const pdf = await convertToPdf(input, workDir, { toolsPath, timeoutSeconds: officeTimeoutSeconds });
    const info = await pdfInfo(pdf, { toolsPath, timeoutSeconds: 60 });
    const pdfKey = `${prefix}/document.pdf`;
    await uploadFromFile(deps.storage, pdfKey, pdf);
    return { pdfKey, ...(info.numPages !== undefined ? { numPages: info.numPages } : {}), isEncrypted: info.isEncrypted };
  },
};

/** PDF (poppler): the original is the document shown; meta gets pdfKey, numPages, isEncrypted. */
export const pdfProcessor: UploadProcessor = {
  kind: 'pdf',
  queue: 'upload-inspect',
  matches: (row) => extensionOf(row.name) === 'pdf',
  async run(deps, row, { input: inputFile }) {
    const input = await inputFile();
    const info = await pdfInfo(input, { toolsPath: deps.config.jobs.toolsPath, timeoutSeconds: 60 });
    return { pdfKey: row.key, ...(info.numPages !== undefined ? { numPages: info.numPages } : {}), isEncrypted: info.isEncrypted };
  },
};
