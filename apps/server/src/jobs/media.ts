import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { runTool, ProcessingError } from './tools.js';

/** Heights of the HLS/MP4 renditions (ARCHITECTURE.md: 360p, 480p, 720p); never above the source. */
export const RENDITION_HEIGHTS = [360, 480, 720] as const;

/** What ffprobe says about a media file: duration in seconds, first video stream's size in pixels (0 when none), whether it has audio. */
export interface MediaProbe {
  duration: number;
  width: number;
  height: number;
  hasAudio: boolean;
}

interface ToolOptions {
  toolsPath: string;
  timeoutSeconds: number;
}

/** Probes `file` with ffprobe. Throws ProcessingError when ffprobe is missing or cannot read it. */
export async function probeMedia(file: string, options: ToolOptions): Promise<MediaProbe> {
  const out = await runTool('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], options);
  const info = JSON.parse(out) as {
    format?: { duration?: string };
    streams?: {
      codec_type?: string;
      width?: number;
      height?: number;
      duration?: string;
      tags?: { rotate?: string };
      side_data_list?: { rotation?: number }[];
    }[];
  };
  const video = info.streams?.find((s) => s.codec_type === 'video');
  const duration = Number(info.format?.duration ?? video?.duration ?? NaN);
  if (!Number.isFinite(duration)) throw new ProcessingError('MEDIA_UNPLAYABLE', 'ffprobe found no duration: the file is not playable media');
  let width = video?.width ?? 0;
  let height = video?.height ?? 0;
  const rotation = Math.abs(Number(video?.tags?.rotate ?? video?.side_data_list?.[0]?.rotation ?? 0));
  if (rotation === 90 || rotation === 270) [width, height] = [height, width];
  return { duration, width, height, hasAudio: Boolean(info.streams?.some((s) => s.codec_type === 'audio')) };
}

/** The rendition heights for a source `height`: those of RENDITION_HEIGHTS not above it, or the source's own (even) height when it is below 360. */
export function renditionHeights(height: number): number[] {
  const fitting = RENDITION_HEIGHTS.filter((h) => h <= height);
  return fitting.length > 0 ? [...fitting] : [Math.max(2, height - (height % 2))];
}

/** One produced rendition: resolution name, size in pixels, and its files in `dir` (MP4 fallback, HLS playlist and segments). */
export interface Rendition {
  resolution: string;
  width: number;
  height: number;
  dir: string;
  mp4: string;
  hlsFiles: string[];
}

/**
 * Transcodes `input` into H.264/AAC renditions (MP4 with faststart, then HLS
 * VOD segments of 6 s from it) under `workDir/<h>p/`, and a JPEG poster frame.
 * Sizes in pixels; the width keeps the aspect ratio and is even.
 */
export async function transcodeVideo(
  input: string,
  probe: MediaProbe,
  workDir: string,
  options: ToolOptions,
): Promise<{ renditions: Rendition[]; poster: string }> {
  const renditions: Rendition[] = [];
  for (const height of renditionHeights(probe.height)) {
    const resolution = `${height}p`;
    const dir = path.join(workDir, resolution);
    const hlsDir = path.join(dir, 'hls');
    await import('node:fs/promises').then((fs) => fs.mkdir(hlsDir, { recursive: true }));
    const mp4 = path.join(dir, 'video.mp4');
    const audio = probe.hasAudio ? ['-c:a', 'aac', '-b:a', '128k', '-ac', '2'] : ['-an'];
    await runTool(
      'ffmpeg',
      [
        '-y',
        '-v',
        'error',
        '-i',
        input,
        '-vf',
        `scale=-2:${height}`,
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-crf',
        '23',
        '-pix_fmt',
        'yuv420p',
        ...audio,
        '-movflags',
        '+faststart',
        mp4,
      ],
      options,
    );
    await runTool(
      'ffmpeg',
      [
        '-y',
        '-v',
        'error',
        '-i',
        mp4,
        '-c',
        'copy',
        '-f',
        'hls',
        '-hls_time',
        '6',
        '-hls_playlist_type',
        'vod',
        '-hls_segment_filename',
        path.join(hlsDir, 'segment-%03d.ts'),
        path.join(hlsDir, 'index.m3u8'),
      ],
      options,
    );
    const out = await probeMedia(mp4, options);
    renditions.push({ resolution, width: out.width, height: out.height, dir, mp4, hlsFiles: (await readdir(hlsDir)).sort() });
  }
  const poster = path.join(workDir, 'poster.jpg');
  const at = Math.min(1, probe.duration / 2).toFixed(2);
  await runTool(
    'ffmpeg',
    ['-y', '-v', 'error', '-ss', at, '-i', input, '-frames:v', '1', '-vf', `scale=-2:${Math.min(720, probe.height - (probe.height % 2))}`, poster],
    options,
  );
  return { renditions, poster };
}

/** Normalises audio for playback: AAC 128 kb/s stereo in an M4A container, at `output`. */
export async function normaliseAudio(input: string, output: string, options: ToolOptions): Promise<void> {
  await runTool('ffmpeg', ['-y', '-v', 'error', '-i', input, '-vn', '-c:a', 'aac', '-b:a', '128k', '-ac', '2', '-movflags', '+faststart', output], options);
}
