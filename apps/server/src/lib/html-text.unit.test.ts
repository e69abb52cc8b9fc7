import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plainText } from '../modules/forum/forum.search.js';
import { excerptOf, textOfSanitised } from './html-text.js';
import { sanitizeRichText } from './sanitize-html.js';

describe('textOfSanitised / excerptOf', () => {
  it('drops tags, spaces block ends, decodes entities and collapses whitespace', () => {
    expect(textOfSanitised('<p>Tom &amp;&nbsp;Jerry &#233;t&#xE9;</p><p>a&lt;b</p>\n<br>x')).toBe('Tom & Jerry été a<b x');
    expect(textOfSanitised('<p><a href="https://x.test/?a=1&amp;b=2" title="a &gt; b">link</a></p>')).toBe('link');
    expect(textOfSanitised('&unknown; &#0; &#x110000;')).toBe('&unknown; &#0; &#x110000;');
  });

  it('cuts at a word in the second half, else at max − 1, and ends with an ellipsis', () => {
    expect(excerptOf('<p>short</p>', 10)).toBe('short');
    expect(excerptOf('<p>alpha beta gamma delta</p>', 14)).toBe('alpha beta…');
    expect(excerptOf('<p>abcdefghijklmnop</p>', 8)).toBe('abcdefg…');
  });

  it('reads sanitised HTML as the sanitize-html library does, and never exceeds max', () => {
    const html = fc.oneof(
      fc.string(),
      fc
        .array(
          fc.constantFrom(
            '<p>',
            '</p>',
            '<b>',
            '</b>',
            '<br>',
            '<a href="https://a.test/?x=1&y=2">',
            '</a>',
            '&amp;',
            '&lt;',
            '<script>x</script>',
            '<img src=x onerror=alert(1)>',
            'word ',
            '字',
            ' ',
            '\n',
            '"',
            "'",
            '>',
            '<',
          ),
          { maxLength: 40 },
        )
        .map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(html, fc.integer({ min: 2, max: 60 }), (raw, max) => {
        const clean = sanitizeRichText(raw);
        expect(textOfSanitised(clean)).toBe(plainText(clean));
        expect(excerptOf(clean, max).length).toBeLessThanOrEqual(max);
      }),
      { numRuns: 500 },
    );
  });
});
