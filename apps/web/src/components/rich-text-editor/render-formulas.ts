import type katexApi from 'katex';

/** Loads KaTeX (≈75 KB gzip of script and its CSS) once, the first time a formula is shown. */
let katexModule: Promise<{ default: typeof katexApi }> | null = null;
function loadKatex(): Promise<{ default: typeof katexApi }> {
  katexModule ??= Promise.all([import('katex'), import('katex/dist/katex.min.css')]).then(([module]) => module);
  return katexModule;
}

/**
 * Renders every `span[data-latex]` below `root` with KaTeX (spec §2 formula editor):
 * the source is untrusted, so `trust: false` (no \href, \url, \htmlClass …) and
 * errors are drawn inline instead of thrown. KaTeX is loaded only when `root` holds a
 * formula, so rich text without one (most forum posts, pages, questions) costs no KaTeX
 * download or evaluation. Resolves once the formulas are drawn (at once when there are none).
 */
export async function renderFormulas(root: HTMLElement): Promise<void> {
  const spans = root.querySelectorAll<HTMLElement>('span[data-latex]');
  if (spans.length === 0) return;
  const { default: katex } = await loadKatex();
  for (const span of spans) {
    if (!span.isConnected) continue;
    katex.render(span.getAttribute('data-latex') ?? '', span, { throwOnError: false, trust: false });
  }
}
