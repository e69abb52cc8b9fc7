import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../lib/fixtures.js';
import { sniffContent } from './magic-bytes.js';

const fixture = (p: string) => readFileSync(fixturePath(p)).subarray(0, 4100);

describe('sniffContent (magic bytes against the extension)', () => {
  it('answers the MIME type of real files under their own extension', async () => {
    expect(await sniffContent(fixture('pdf/pdfjs__tracemonkey.pdf'), 'pdf')).toBe('application/pdf');
    expect(await sniffContent(fixture('images/filetype__fixture.jpg'), 'jpeg')).toBe('image/jpeg');
    expect(await sniffContent(fixture('office/pythondocx__test.docx'), 'docx')).toMatch(/wordprocessingml/);
    expect(await sniffContent(fixture('video/pythonpptx__just-two-mice.mp4'), 'mp4')).toBe('video/mp4');
  });

  it('refuses a file whose bytes are of another type', async () => {
    expect(await sniffContent(fixture('images/filetype__fixture.png'), 'pdf')).toBe(false);
    expect(await sniffContent(fixture('pdf/pdfjs__rotation.pdf'), 'txt')).toBe(false);
  });

  it('refuses a file lacking the signature its extension promises, accepts plain text', async () => {
    const text = Buffer.from('hello, plain text\n');
    expect(await sniffContent(text, 'pdf')).toBe(false);
    expect(await sniffContent(text, 'txt')).toBeUndefined();
    expect(await sniffContent(text, 'csv')).toBeUndefined();
  });
});
