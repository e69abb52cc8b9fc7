/**
 * Resolves once `url` answers 2xx (a server the bench started is listening and ready), asking every
 * `everyMs` (default 100) ms; throws naming `url` when `deadline` (epoch ms) passes first.
 */
export async function waitForUrl(url, deadline, everyMs = 100) {
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`${url} did not answer in time`);
}
