import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RichHtml } from '../../features/activities/components/views/rich-html';
import { renderFormulas } from './render-formulas';

describe('renderFormulas', () => {
  it('draws a stored formula with KaTeX once it has loaded, and leaves the text around it as it was', async () => {
    const { container } = render(<RichHtml html={'<p>Energy: <span data-latex="E=mc^2"></span> and more</p>'} />);
    await waitFor(() => expect(container.querySelector('span[data-latex] .katex')).not.toBeNull());
    expect(container.textContent).toContain('Energy:');
    expect(container.textContent).toContain('and more');
  });

  it('resolves at once, drawing nothing, for rich text without a formula', async () => {
    const root = document.createElement('div');
    root.innerHTML = '<p>No formula here</p>';
    await renderFormulas(root);
    expect(root.innerHTML).toBe('<p>No formula here</p>');
  });

  it('never runs a formula’s \\href (trust off): the link is drawn as an error, not an anchor', async () => {
    const root = document.createElement('div');
    root.innerHTML = '<span data-latex="\\href{javascript:alert(1)}{x}"></span>';
    document.body.append(root);
    await renderFormulas(root);
    expect(root.querySelector('a')).toBeNull();
    expect(root.querySelector('.katex, .katex-error')).not.toBeNull();
    root.remove();
  });
});
