import sanitizeHtml from 'sanitize-html';

/**
 * The one allow-list for every rich text the server stores (module summaries,
 * activity descriptions, page content, notes …; issue 7 §6, STYLE.md "a
 * maintained library beats our own code"): the output of the Tiptap editor with
 * the spec's toolbar (headings, bold/italic/underline/strike, font size and
 * colour as inline style, lists, blockquote, code blocks, tables, links, images,
 * hr, indent, superscript/subscript) and formula markup (KaTeX output spans and
 * MathML, or an element carrying `data-latex`).
 *
 * Everything else is removed: script/style/iframe/object/svg elements, event
 * handler attributes (`on*`), `javascript:`/`vbscript:`/`data:` URLs (images may
 * be http(s) or a relative upload URL only), CSS other than a few whitelisted
 * properties with plain values (no `expression(…)`, no `url(…)`).
 */
const ALLOWED_TAGS = [
  'p',
  'br',
  'div',
  'span',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'strike',
  'del',
  'ins',
  'mark',
  'sub',
  'sup',
  'small',
  'ul',
  'ol',
  'li',
  'blockquote',
  'pre',
  'code',
  'hr',
  'a',
  'img',
  'figure',
  'figcaption',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
  'colgroup',
  'col',
  // KaTeX's MathML output (its HTML output is spans with classes).
  'math',
  'semantics',
  'mrow',
  'mi',
  'mo',
  'mn',
  'msup',
  'msub',
  'msubsup',
  'mfrac',
  'msqrt',
  'mroot',
  'mtext',
  'mspace',
  'mtable',
  'mtr',
  'mtd',
  'mover',
  'munder',
  'munderover',
  'mstyle',
  'mpadded',
  'annotation',
];

/** Inline styles the editor writes; values must look like a colour, a length, an alignment or a weight. */
const SAFE_COLOUR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*[\d.\s,%]+\)$/i, /^[a-z]{3,20}$/i];
const SAFE_LENGTH = [/^-?\d+(\.\d+)?(px|em|rem|%|pt|ex)?$/i];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    '*': ['class', 'data-latex', 'data-type', 'style', 'title', 'aria-hidden'],
    a: ['href', 'target', 'rel'],
    // A forum @mention (issue 18): `<span class="mention" data-user-id="12">@Name</span>` as the editor inserts it;
    // a vocabulary entry (issue 19 §4): `<span class="entry" data-entry-id="12">Name</span>` from the entries select.
    span: ['data-user-id', 'data-entry-id'],
    img: ['src', 'alt', 'width', 'height', 'data-upload-id'],
    td: ['colspan', 'rowspan', 'colwidth'],
    th: ['colspan', 'rowspan', 'colwidth', 'scope'],
    col: ['span', 'width'],
    ol: ['start', 'type'],
    code: ['class'],
    pre: ['class', 'data-language'],
    math: ['xmlns', 'display'],
    annotation: ['encoding'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  allowedStyles: {
    '*': {
      color: SAFE_COLOUR,
      'background-color': SAFE_COLOUR,
      'text-align': [/^(left|right|center|justify)$/],
      'font-size': SAFE_LENGTH,
      'font-weight': [/^(normal|bold|[1-9]00)$/],
      'font-style': [/^(normal|italic)$/],
      'text-decoration': [/^(underline|line-through|none)$/],
      'padding-left': SAFE_LENGTH,
      'margin-left': SAFE_LENGTH,
      'text-indent': SAFE_LENGTH,
      width: SAFE_LENGTH,
      height: SAFE_LENGTH,
      // KaTeX positions its glyphs with these.
      top: SAFE_LENGTH,
      'vertical-align': SAFE_LENGTH,
      'margin-right': SAFE_LENGTH,
      'min-width': SAFE_LENGTH,
    },
  },
  // Links always open in a new tab without access to the opener (issue 7: rel=noopener noreferrer, target=_blank forced).
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' } }),
  },
  disallowedTagsMode: 'discard',
  // Text of removed script/style/… elements goes too, not only the tags.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'template'],
  parseStyleAttributes: true,
};

/**
 * Sanitises one rich-text HTML fragment with the shared allow-list above.
 * Input: any string (HTML as the editor sends it). Output: HTML that cannot run
 * script in a browser; idempotent (sanitising the output again changes nothing).
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/**
 * Whether sanitised rich text shows anything: text other than whitespace, an
 * image, or a formula (`data-latex`). Used to refuse empty content (e.g. a note
 * of `<p><br></p>`).
 */
export function hasVisibleRichText(html: string): boolean {
  if (/<img\s/i.test(html) || /\sdata-latex="[^"]+"/i.test(html)) return true;
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, '') !== '';
}
