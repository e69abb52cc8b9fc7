import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '../../test/render';
import { RichTextEditor } from './rich-text-editor';
import { EDITOR_TOOLBAR_DEFAULTS, editorLocaleOf, isFormulaPlaceholder, isSafeLinkHref } from './toolbar-items';

describe('RichTextEditor toolbar (spec §9 defaults)', () => {
  it('shows the spec §9 toolbar defaults in order, then the formula editor, each labelled', () => {
    renderWithApp(<RichTextEditor value="" />);
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    const order = Array.from(toolbar.querySelectorAll('[data-toolbar-item]'))
      .map((node) => node.getAttribute('data-toolbar-item'))
      .filter((key) => key !== 'bulletList' && key !== 'orderedList');
    expect(order).toEqual([...EDITOR_TOOLBAR_DEFAULTS, 'formula']);
    for (const name of [
      'Clear formatting',
      'Bold',
      'Italic',
      'Underline',
      'Strikethrough',
      'Text color',
      'Bulleted list',
      'Numbered list',
      'Quote',
      'Insert code',
      'Table',
      'Link',
      'Horizontal line',
      'Increase indent',
      'Decrease indent',
      'Superscript',
      'Subscript',
      'Insert formula',
    ]) {
      expect(within(toolbar).getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it('arrow keys move focus along the toolbar', async () => {
    renderWithApp(<RichTextEditor value="" />);
    screen.getByRole('button', { name: 'Clear formatting' }).focus();
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('button', { name: 'Insert formula' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Clear formatting' })).toHaveFocus();
  });

  it('disables the image button when no uploader is given', () => {
    renderWithApp(<RichTextEditor value="" />);
    expect(screen.getByRole('button', { name: 'Insert image' })).toBeDisabled();
  });
});

describe('formula editor popup (spec §5: a placeholder is refused with the latex empty tip)', () => {
  it('refuses to save the placeholder, then inserts the written formula', async () => {
    const onChange = vi.fn();
    renderWithApp(<RichTextEditor value="" onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Insert formula' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Formula editor');
    const source = within(dialog).getByRole('textbox', { name: 'LaTeX source' });
    expect(source).toHaveValue('\\placeholder');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The formula is empty: replace the placeholder with LaTeX.');
    expect(onChange).not.toHaveBeenCalled();

    await userEvent.clear(source);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toBeInTheDocument();

    await userEvent.type(source, 'x^2');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).getByTestId('formula-preview').querySelector('.katex')).not.toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(expect.stringContaining('data-latex="x^2"')));
  }, 20_000);
});

describe('link popup', () => {
  it('refuses a javascript: address on the field', async () => {
    const onChange = vi.fn();
    renderWithApp(<RichTextEditor value="<p>site</p>" onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Link' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Address'), { target: { value: 'javascript:alert(1)' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter an address starting with http://, https:// or mailto:.')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  }, 20_000);
});

describe('editor rules', () => {
  it('takes its locale from the html lang, en-US by default (spec §9)', () => {
    expect(editorLocaleOf('')).toBe('en-US');
    expect(editorLocaleOf(null)).toBe('en-US');
    expect(editorLocaleOf('zh-cn')).toBe('zh-CN');
    expect(editorLocaleOf('zh')).toBe('zh-CN');
    expect(editorLocaleOf('en-gb')).toBe('en-GB');
    expect(editorLocaleOf('fr-fr')).toBe('en-US');
  });

  it('knows a placeholder formula and safe link targets', () => {
    expect(isFormulaPlaceholder('\\placeholder')).toBe(true);
    expect(isFormulaPlaceholder('  ')).toBe(true);
    expect(isFormulaPlaceholder('a+\\placeholder')).toBe(true);
    expect(isFormulaPlaceholder('\\frac{a}{b}')).toBe(false);
    expect(isSafeLinkHref('https://example.org')).toBe(true);
    expect(isSafeLinkHref('javascript:alert(1)')).toBe(false);
    expect(isSafeLinkHref('data:text/html,x')).toBe(false);
  });
});
