/**
 * Embedded online video (spec §2 embed online video popup, §5: the URL must be
 * a supported online video link). Maps a page URL of a supported provider to
 * the provider's own embeddable player URL; anything else is refused.
 */

/** Providers whose players we embed in an iframe. */
export type OnlineVideoProvider = 'youtube' | 'vimeo' | 'bilibili' | 'youku' | 'tencent';

export interface OnlineVideoEmbed {
  provider: OnlineVideoProvider;
  /** HTTPS URL of the provider's embeddable player. */
  embedUrl: string;
}

function parse(raw: string): URL | null {
  try {
    const url = new URL(raw.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

const ID = /^[A-Za-z0-9_-]+$/;

/** The embeddable player of a supported online video link, or null when the link is not one (spec §5). */
export function onlineVideoEmbedOf(raw: string): OnlineVideoEmbed | null {
  const url = parse(raw);
  if (!url) return null;
  const host = url.hostname.replace(/^www\.|^m\./, '');
  const parts = url.pathname.split('/').filter(Boolean);
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const id = parts[0] === 'watch' ? url.searchParams.get('v') : parts[0] === 'embed' || parts[0] === 'shorts' ? parts[1] : null;
    return id && ID.test(id) ? { provider: 'youtube', embedUrl: `https://www.youtube-nocookie.com/embed/${id}` } : null;
  }
  if (host === 'youtu.be') {
    const id = parts[0];
    return id && ID.test(id) ? { provider: 'youtube', embedUrl: `https://www.youtube-nocookie.com/embed/${id}` } : null;
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = parts.find((p) => /^\d+$/.test(p));
    return id ? { provider: 'vimeo', embedUrl: `https://player.vimeo.com/video/${id}` } : null;
  }
  if (host === 'bilibili.com' && parts[0] === 'video' && parts[1] && /^BV[A-Za-z0-9]+$/.test(parts[1])) {
    return { provider: 'bilibili', embedUrl: `https://player.bilibili.com/player.html?bvid=${parts[1]}&autoplay=0` };
  }
  if (host === 'v.youku.com' && parts[0] === 'v_show') {
    const match = /^id_([A-Za-z0-9=]+)\.html$/.exec(parts[1] ?? '');
    return match ? { provider: 'youku', embedUrl: `https://player.youku.com/embed/${match[1]}` } : null;
  }
  if (host === 'v.qq.com') {
    const vid = url.searchParams.get('vid') ?? /^([A-Za-z0-9]+)\.html$/.exec(parts.at(-1) ?? '')?.[1];
    return vid && ID.test(vid) ? { provider: 'tencent', embedUrl: `https://v.qq.com/txp/iframe/player.html?vid=${vid}` } : null;
  }
  return null;
}
