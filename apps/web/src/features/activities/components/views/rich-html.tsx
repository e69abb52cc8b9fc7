import { useEffect, useRef } from 'react';
import { renderFormulas } from '../../../../components/rich-text-editor/render-formulas';
import '../../../../components/rich-text-editor/rich-text-editor.css';

/**
 * Rich text as stored: HTML already sanitised by the server's allow-list
 * (issue 7), shown as is, with `span[data-latex]` formulas drawn by KaTeX
 * (trust off). Links open in a new tab without an opener.
 */
export function RichHtml({ html, testId }: { html: string; testId?: string }) {
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!root.current) return;
    void renderFormulas(root.current);
    for (const link of root.current.querySelectorAll('a[href]')) {
      link.setAttribute('target', '_blank');
      link.setAttribute('rel', 'noopener noreferrer');
    }
  }, [html]);
  return <div ref={root} className="rich-text" data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />;
}
