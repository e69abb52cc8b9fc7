/**
 * Caption tracks of a video (issue 23 item 4: "video captions shown when a track exists"): the WebVTT files
 * (W3C WebVTT) its activity holds beside it, named after it — `lecture.vtt`, or `lecture.en.vtt` /
 * `lecture.zh-CN.vtt` with a BCP 47 language tag (RFC 5646) before the extension. In the activity's order.
 */
export function captionTracksOf(
  videoName: string,
  files: readonly { id: number; name: string; status: string; inTrash?: boolean }[],
): { uploadId: number; srclang: string | null; name: string }[] {
  const base = videoName.replace(/\.[^.]+$/, '').toLowerCase();
  const tracks: { uploadId: number; srclang: string | null; name: string }[] = [];
  for (const file of files) {
    if (file.status !== 'ready' || file.inTrash) continue;
    const match = /^(.*?)(?:\.([A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*))?\.vtt$/i.exec(file.name);
    if (!match || match[1]!.toLowerCase() !== base) continue;
    const tag = match[2] ?? null;
    let srclang: string | null = null;
    if (tag) {
      try {
        srclang = Intl.getCanonicalLocales(tag)[0] ?? null;
      } catch {
        srclang = null;
      }
    }
    tracks.push({ uploadId: file.id, srclang, name: file.name });
  }
  return tracks;
}
