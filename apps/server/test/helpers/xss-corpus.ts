import { expect } from 'vitest';

/**
 * Stored-XSS payloads every rich-text field is tried with (script, event handlers, javascript:/vbscript:/data:
 * URLs, SVG, CSS expressions, frames, forms, meta refresh, base, mutation XSS through MathML foreign
 * content), and what must never come back out of the server's sanitiser. One corpus for every route
 * test (activities, forum …); the journeys' browser corpus is apps/web/e2e/activity-xss.spec.ts.
 */
export const XSS_PAYLOADS: readonly string[] = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<p onclick="alert(1)">click</p>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<svg onload=alert(1)><circle r="1"/></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><img src=x onerror=alert(1)></mtext></math>',
  '<div style="width: expression(alert(1))">x</div>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  '<iframe src="https://evil.example" srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="x.swf"></object><embed src="x.swf">',
  '<style>body{background:url(javascript:alert(1))}</style>',
  '<form action="https://evil.example"><input name=x><button formaction="javascript:alert(1)">go</button></form>',
  '<details open ontoggle=alert(1)>x</details>',
  '<body onload=alert(1)>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<img src=x:alert(1) onerror=eval(src)>',
  '"><script>alert(1)</script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<a href="https://ok.example" target="_self" onmouseover="alert(1)">ok</a>',
  // Mutation XSS through MathML foreign content (the DOMPurify bypass family).
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<math><mi><svg><style><img src=x onerror=alert(1)></style></svg></mi></math>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
];

/** The payloads as one text, a line each. */
export const XSS_CORPUS = XSS_PAYLOADS.join('\n');

/** What sanitised HTML never holds. */
export const XSS_FORBIDDEN: readonly RegExp[] = [
  /<script/i,
  /\son\w+\s*=/i,
  /javascript:/i,
  /vbscript:/i,
  /<svg/i,
  /expression\(/i,
  /data:/i,
  /<iframe/i,
  /<object/i,
  /<embed/i,
  /<style/i,
  /<form/i,
  /<meta/i,
  /<base/i,
  /srcdoc/i,
  /url\(/i,
];

/** Expects `html` to hold none of XSS_FORBIDDEN (each pattern named in a failure). */
export function expectNoXss(html: string | null | undefined): void {
  for (const re of XSS_FORBIDDEN) expect({ re: String(re), hit: re.test(html ?? '') }).toEqual({ re: String(re), hit: false });
}
