import katex from 'katex';
import 'katex/dist/katex.min.css';

/**
 * Renders every `span[data-latex]` below `root` with KaTeX (spec §2 formula editor):
 * the source is untrusted, so `trust: false` (no \href, \url, \htmlClass …) and
 * errors are drawn inline instead of thrown.
 */
export function renderFormulas(root: HTMLElement): void {
  for (const span of root.querySelectorAll<HTMLElement>('span[data-latex]')) {
    katex.render(span.getAttribute('data-latex') ?? '', span, { throwOnError: false, trust: false });
  }
}
