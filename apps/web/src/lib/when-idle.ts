/**
 * Runs `work` once the page is idle — after the tasks already queued (a long list drawn in steps)
 * and at most `timeoutMs` later — with `requestIdleCallback` where the browser has it, else a
 * timer. Answers the function that cancels it (for an effect's cleanup).
 */
export function whenIdle(work: () => void, timeoutMs = 2_000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(() => work(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(work, Math.min(timeoutMs, 200));
  return () => window.clearTimeout(timer);
}
