import { Extension, Node, mergeAttributes } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { Color, FontSize, TextStyle } from '@tiptap/extension-text-style';
import { TableKit } from '@tiptap/extension-table';
import Image from '@tiptap/extension-image';
import Subscript from '@tiptap/extension-subscript';
import Superscript from '@tiptap/extension-superscript';
import katex from 'katex';
import 'katex/dist/katex.min.css';
import { MAX_INDENT } from './toolbar-items';

/**
 * Inline formula: stored as `<span class="formula" data-latex="…"></span>` and
 * drawn with KaTeX (spec §2 formula editor). Readers render the same span with
 * `renderFormulas` so the stored HTML carries no KaTeX markup.
 */
export const Formula = Node.create({
  name: 'formula',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  addAttributes() {
    return {
      latex: {
        default: '',
        parseHTML: (element) => element.getAttribute('data-latex') ?? '',
        renderHTML: (attributes) => ({ 'data-latex': String(attributes.latex ?? '') }),
      },
    };
  },
  parseHTML() {
    return [{ tag: 'span[data-latex]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['span', mergeAttributes({ class: 'formula' }, HTMLAttributes)];
  },
  addNodeView() {
    return ({ node }) => {
      const dom = document.createElement('span');
      dom.className = 'formula';
      dom.setAttribute('data-latex', String(node.attrs.latex ?? ''));
      katex.render(String(node.attrs.latex ?? ''), dom, { throwOnError: false, trust: false });
      return { dom };
    };
  },
});

/**
 * A mention of a course member (issue 18): stored as
 * `<span class="mention" data-user-id="12">@Name</span>`, kept whole (an atom), so the server can
 * find whom it names.
 */
export const Mention = Node.create({
  name: 'mention',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  addAttributes() {
    return {
      userId: {
        default: null,
        parseHTML: (element) => element.getAttribute('data-user-id'),
        renderHTML: (attributes) => ({ 'data-user-id': String(attributes.userId ?? '') }),
      },
      label: {
        default: '',
        parseHTML: (element) => (element.textContent ?? '').replace(/^@/, ''),
        renderHTML: () => ({}),
      },
    };
  },
  parseHTML() {
    return [{ tag: 'span.mention[data-user-id]' }];
  },
  renderHTML({ node, HTMLAttributes }) {
    return ['span', mergeAttributes({ class: 'mention' }, HTMLAttributes), `@${String(node.attrs.label ?? '')}`];
  },
  renderText({ node }) {
    return `@${String(node.attrs.label ?? '')}`;
  },
});

/**
 * A vocabulary entry of the organisation (issue 19 §4, spec §1 entries select): stored as
 * `<span class="entry" data-entry-id="12">Name</span>`, kept whole (an atom); readers show the
 * entry's hover card over it.
 */
export const EntryMark = Node.create({
  name: 'entry',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  addAttributes() {
    return {
      entryId: {
        default: null,
        parseHTML: (element) => element.getAttribute('data-entry-id'),
        renderHTML: (attributes) => ({ 'data-entry-id': String(attributes.entryId ?? '') }),
      },
      label: {
        default: '',
        parseHTML: (element) => element.textContent ?? '',
        renderHTML: () => ({}),
      },
    };
  },
  parseHTML() {
    return [{ tag: 'span.entry[data-entry-id]' }];
  },
  renderHTML({ node, HTMLAttributes }) {
    return ['span', mergeAttributes({ class: 'entry' }, HTMLAttributes), String(node.attrs.label ?? '')];
  },
  renderText({ node }) {
    return String(node.attrs.label ?? '');
  },
});

/** Paragraph and heading indent (0..MAX_INDENT steps of 2em), stored as `style="margin-left: Nem"`. */
export const Indent = Extension.create({
  name: 'indent',
  addGlobalAttributes() {
    return [
      {
        types: ['paragraph', 'heading'],
        attributes: {
          indent: {
            default: 0,
            parseHTML: (element) => {
              const em = parseFloat(element.style.marginLeft);
              return Number.isFinite(em) ? Math.min(MAX_INDENT, Math.max(0, Math.round(em / 2))) : 0;
            },
            renderHTML: (attributes) => (attributes.indent ? { style: `margin-left: ${Number(attributes.indent) * 2}em` } : {}),
          },
        },
      },
    ];
  },
});

/** The editor's extensions: starter kit (headings 1–4, lists, blockquote, code block, link with http/https/mailto only, underline), text style with colour and font size, tables, images, super/subscript, formula, mention, vocabulary entry, indent. */
export function editorExtensions() {
  return [
    StarterKit.configure({
      heading: { levels: [1, 2, 3, 4] },
      link: {
        openOnClick: false,
        autolink: true,
        protocols: ['http', 'https', 'mailto'],
        isAllowedUri: (url) => /^(https?:|mailto:)/i.test(url.trim()),
        HTMLAttributes: { rel: 'noopener noreferrer', target: '_blank' },
      },
    }),
    TextStyle,
    Color,
    FontSize,
    TableKit.configure({ table: { resizable: false } }),
    Image.configure({ inline: false, allowBase64: false }),
    Subscript,
    Superscript,
    Formula,
    Mention,
    EntryMark,
    Indent,
  ];
}
