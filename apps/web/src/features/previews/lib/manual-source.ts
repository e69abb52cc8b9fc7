/**
 * The user manual shipped with the web app (`apps/web/public/manual/<lang>.html`,
 * spec §2 manual viewer) for an interface language: Chinese languages (`zh-*`)
 * get the Simplified Chinese manual, every other language the English one.
 * Answers an app-relative URL such as `/manual/en-us.html`.
 */
export function userManualUrl(language: string, base: string = import.meta.env.BASE_URL): string {
  const file = language.toLowerCase().startsWith('zh') ? 'zh-cn' : 'en-us';
  return `${base.endsWith('/') ? base : `${base}/`}manual/${file}.html`;
}
