import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../../lib/sanitize-html.js';

/** Issue 19 §4: an entry the editor inserts survives the stored-HTML allow-list, and nothing else rides on it. */
describe('entry markup in stored rich text', () => {
  it('keeps <span class="entry" data-entry-id> as the editor writes it', () => {
    const html = '<p>Plants use <span class="entry" data-entry-id="12">Photosynthesis</span> daily.</p>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('drops handlers on it, and data-entry-id on other elements', () => {
    expect(sanitizeRichText('<span class="entry" data-entry-id="3" onmouseover="alert(1)">X</span>')).toBe('<span class="entry" data-entry-id="3">X</span>');
    expect(sanitizeRichText('<a href="https://x.test" data-entry-id="3">X</a>')).not.toContain('data-entry-id');
  });
});
