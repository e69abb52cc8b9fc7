/**
 * Supported online video links (spec §4: an embedded video URL must be a
 * supported online video link, otherwise the original-URL field error) and the
 * http(s)-only rule of links. Pure; shared by the server (validation) and the
 * web (embedding).
 */

/** True for an absolute http: or https: URL with a host. */
export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
  } catch {
    return false;
  }
}

export type OnlineVideoProvider = 'youtube' | 'vimeo' | 'bilibili' | 'youku' | 'tencent';

/** A recognised online video: its provider, id and an https embed URL for an iframe. */
export interface OnlineVideo {
  provider: OnlineVideoProvider;
  video_id: string;
  embed_url: string;
}

const hostIs = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/**
 * Recognises YouTube (watch, youtu.be, embed, shorts), Vimeo, Bilibili (BV/av),
 * Youku and Tencent Video links; null for anything else (including non-http(s)).
 */
export function parseOnlineVideoUrl(value: string): OnlineVideo | null {
  if (!isHttpUrl(value)) return null;
  const u = new URL(value);
  const host = u.hostname.toLowerCase();
  const path = u.pathname;
  if (hostIs(host, 'youtube.com') || hostIs(host, 'youtube-nocookie.com')) {
    const v = u.searchParams.get('v') ?? /^\/(?:embed|shorts|live)\/([\w-]{6,20})/.exec(path)?.[1];
    return v && /^[\w-]{6,20}$/.test(v) ? { provider: 'youtube', video_id: v, embed_url: `https://www.youtube-nocookie.com/embed/${v}` } : null;
  }
  if (host === 'youtu.be') {
    const v = /^\/([\w-]{6,20})$/.exec(path)?.[1];
    return v ? { provider: 'youtube', video_id: v, embed_url: `https://www.youtube-nocookie.com/embed/${v}` } : null;
  }
  if (hostIs(host, 'vimeo.com')) {
    const v = /\/(\d{4,12})(?:\/|$)/.exec(path)?.[1];
    return v ? { provider: 'vimeo', video_id: v, embed_url: `https://player.vimeo.com/video/${v}` } : null;
  }
  if (hostIs(host, 'bilibili.com')) {
    const bv = /\/video\/(BV[0-9A-Za-z]{10})/.exec(path)?.[1];
    if (bv) return { provider: 'bilibili', video_id: bv, embed_url: `https://player.bilibili.com/player.html?bvid=${bv}` };
    const av = /\/video\/av(\d{1,12})/.exec(path)?.[1];
    return av ? { provider: 'bilibili', video_id: `av${av}`, embed_url: `https://player.bilibili.com/player.html?aid=${av}` } : null;
  }
  if (hostIs(host, 'youku.com')) {
    const v = /\/v_show\/id_([\w=]+?)(?:\.html)?$/.exec(path)?.[1] ?? /\/embed\/([\w=]+)/.exec(path)?.[1];
    return v ? { provider: 'youku', video_id: v, embed_url: `https://player.youku.com/embed/${v}` } : null;
  }
  if (host === 'v.qq.com') {
    const v = /\/([0-9a-z]{11})\.html$/.exec(path)?.[1] ?? u.searchParams.get('vid') ?? undefined;
    return v && /^[0-9a-z]{11}$/.test(v) ? { provider: 'tencent', video_id: v, embed_url: `https://v.qq.com/txp/iframe/player.html?vid=${v}` } : null;
  }
  return null;
}
