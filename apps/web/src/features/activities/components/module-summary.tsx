import { useEffect, useRef } from 'react';
import '../../../components/rich-text-editor/rich-text-editor.css';

/**
 * A module's summary under its title (issue 7; Moodle-imported summaries too):
 * HTML already sanitised by the server's allow-list, shown as is. Links open in
 * a new tab without an opener; `span[data-latex]` formulas are drawn by KaTeX,
 * loaded only when the summary holds one (the content page of 600 activities
 * does not carry KaTeX otherwise).
 */
export function ModuleSummary({ html }: { html: string }) {
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    for (const link of element.querySelectorAll('a[href]')) {
      link.setAttribute('target', '_blank');
      link.setAttribute('rel', 'noopener noreferrer');
    }
    if (element.querySelector('span[data-latex]'))
      void import('../../../components/rich-text-editor/render-formulas').then(({ renderFormulas }) => renderFormulas(element));
  }, [html]);
  return <div ref={root} className="rich-text content-module-summary" data-testid="module-summary" dangerouslySetInnerHTML={{ __html: html }} />;
}
