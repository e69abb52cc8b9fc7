import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PDFDocument } from 'pdf-lib';
import { AnnotationDocumentSchema, type Annotation, type AnnotationDocument } from '@atrium/contracts';
import { flattenAnnotations } from './flatten';

const FIXTURES = join(import.meta.dirname, '../../../../../../shared/fixtures');
const tracemonkey = new Uint8Array(readFileSync(join(FIXTURES, 'pdf/pdfjs__tracemonkey.pdf')));
const submission = new Uint8Array(readFileSync(join(FIXTURES, 'pdf/moodlecore__submission.pdf')));
const png = new Uint8Array(readFileSync(join(FIXTURES, 'images/filetype__fixture.png')));
const jpeg = new Uint8Array(readFileSync(join(FIXTURES, 'images/filetype__fixture.jpg')));

const work = mkdtempSync(join(tmpdir(), 'atrium-flatten-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** One page of `pdf` rendered by poppler at `dpi`, as RGB pixels (PPM, no decoder needed). */
function renderPage(pdf: Uint8Array, page: number, dpi = 50): { width: number; height: number; rgb: Buffer } {
  const input = join(work, `in-${page}-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(input, pdf);
  const prefix = `${input}.out`;
  execFileSync('pdftoppm', ['-f', String(page), '-l', String(page), '-r', String(dpi), '-singlefile', input, prefix]);
  const data = readFileSync(`${prefix}.ppm`);
  // P6 header: magic, width, height, max value, each followed by one whitespace byte.
  const header = data
    .subarray(0, 64)
    .toString('latin1')
    .match(/^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/);
  if (!header) throw new Error('not a PPM');
  return { width: Number(header[1]), height: Number(header[2]), rgb: data.subarray(header[0].length) };
}

/** Share of red pixels in a square of `radius` pixels around (px, py). */
function redShare(image: ReturnType<typeof renderPage>, px: number, py: number, radius = 3): number {
  let red = 0;
  let all = 0;
  for (let y = py - radius; y <= py + radius; y += 1) {
    for (let x = px - radius; x <= px + radius; x += 1) {
      const offset = (y * image.width + x) * 3;
      const [r, g, b] = [image.rgb[offset]!, image.rgb[offset + 1]!, image.rgb[offset + 2]!];
      all += 1;
      if (r > 200 && g < 80 && b < 80) red += 1;
    }
  }
  return red / all;
}

function pdfinfoRotations(pdf: Uint8Array): number[] {
  const input = join(work, `info-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(input, pdf);
  const out = execFileSync('pdfinfo', ['-f', '1', '-l', '999', input], { encoding: 'utf8' });
  return [...out.matchAll(/^Page\s+\d+\s+rot:\s+(\d+)/gm)].map((match) => Number(match[1]));
}

const redStroke: Annotation = {
  id: 'a1',
  type: 'pen',
  page: 2,
  color: '#ff0000',
  width: 24,
  points: [
    [150, 400],
    [300, 420],
    [450, 400],
  ],
};

describe('flattenAnnotations', () => {
  it('draws a pen stroke on page 2 only, leaves the source bytes unchanged and keeps the page count', async () => {
    const before = Buffer.from(tracemonkey);
    const out = await flattenAnnotations({ source: tracemonkey, kind: 'pdf', document: { annotations: [redStroke], rotations: {} } });
    expect(Buffer.from(tracemonkey).equals(before)).toBe(true);
    expect((await PDFDocument.load(out)).getPageCount()).toBe(14);

    const page2 = renderPage(out, 2);
    const page1 = renderPage(out, 1);
    // PDF (300, 420) on a 612 × 792 pt page at 50 dpi: x = 300·50/72, y from the top = (792 − 420)·50/72.
    const [px, py] = [Math.round((300 * 50) / 72), Math.round(((792 - 420) * 50) / 72)];
    expect(page2.width).toBe(Math.round((612 * 50) / 72));
    expect(redShare(page2, px, py)).toBeGreaterThan(0.9);
    expect(redShare(page1, px, py)).toBe(0);
    // Far from the stroke, page 2 is not red.
    expect(redShare(page2, px, Math.round((792 - 200) * (50 / 72)))).toBe(0);
  });

  it('writes Chinese, Thai and Tifinagh text without throwing, and draws every stamp and a highlighter', async () => {
    const document: AnnotationDocument = {
      annotations: [
        {
          id: 't1',
          type: 'text',
          page: 1,
          x: 72,
          y: 700,
          text: '做得很好！請看第三題\nดีมาก ✓ Grüße\nⴰ ⵣ (Tifinagh: fontkit cannot shape it)',
          color: '#0044cc',
          size: 14,
        },
        { id: 's1', type: 'stamp', page: 1, x: 100, y: 100, stamp: 'check', color: '#00aa00', size: 30 },
        { id: 's2', type: 'stamp', page: 1, x: 150, y: 100, stamp: 'cross', color: '#ff0000', size: 30 },
        { id: 's3', type: 'stamp', page: 2, x: 200, y: 100, stamp: 'question', color: '#ff0000', size: 30 },
        { id: 's4', type: 'stamp', page: 2, x: 250, y: 100, stamp: 'star', color: '#ffaa00', size: 30 },
        {
          id: 'h1',
          type: 'highlighter',
          page: 1,
          color: '#ffff00',
          width: 14,
          points: [
            [72, 600],
            [300, 600],
          ],
        },
      ],
      rotations: {},
    };
    const out = await flattenAnnotations({ source: submission, kind: 'pdf', document });
    expect((await PDFDocument.load(out)).getPageCount()).toBe(2);
    // The cross stamp's centre is red on page 1 (612 × 792 pt page at 50 dpi).
    const page1 = renderPage(out, 1);
    const scale = page1.width / (await PDFDocument.load(submission)).getPage(0).getWidth();
    const height = page1.height;
    expect(redShare(page1, Math.round(150 * scale), Math.round(height - 100 * scale), 1)).toBeGreaterThan(0.5);
  });

  it("adds a page rotation to the page's own rotation, as pdfinfo shows", async () => {
    const out = await flattenAnnotations({ source: submission, kind: 'pdf', document: { annotations: [], rotations: { '2': 90 } } });
    expect(pdfinfoRotations(out)).toEqual([0, 90]);
    const rotated = new Uint8Array(readFileSync(join(FIXTURES, 'pdf/pdfjs__rotation.pdf')));
    const own = pdfinfoRotations(rotated);
    const again = await flattenAnnotations({ source: rotated, kind: 'pdf', document: { annotations: [], rotations: { '1': 270, '2': 90 } } });
    expect(pdfinfoRotations(again)).toEqual([(own[0]! + 270) % 360, (own[1]! + 90) % 360]);
  });

  it('draws text and stamps upright as the page is shown, on a page turned by the editor or by its own /Rotate', async () => {
    /** Width and height of the box of red pixels of a rendered page. */
    const redBox = (image: ReturnType<typeof renderPage>): [number, number] => {
      let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
      for (let y = 0; y < image.height; y += 1) {
        for (let x = 0; x < image.width; x += 1) {
          const offset = (y * image.width + x) * 3;
          if (image.rgb[offset]! > 200 && image.rgb[offset + 1]! < 80 && image.rgb[offset + 2]! < 80) {
            [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
          }
        }
      }
      return [x1 - x0 + 1, y1 - y0 + 1];
    };
    const text = (page: number): Annotation => ({ id: `t${page}`, type: 'text', page, x: 200, y: 400, text: 'MMMMMMMM', color: '#ff0000', size: 30 });
    const editorTurned = await flattenAnnotations({ source: submission, kind: 'pdf', document: { annotations: [text(1)], rotations: { '1': 90 } } });
    const [width, height] = redBox(renderPage(editorTurned, 1));
    expect(width).toBeGreaterThan(height * 3);

    const rotated = new Uint8Array(readFileSync(join(FIXTURES, 'pdf/pdfjs__rotation.pdf')));
    const ownTurn = await flattenAnnotations({ source: rotated, kind: 'pdf', document: { annotations: [text(2)], rotations: {} } });
    const [ownWidth, ownHeight] = redBox(renderPage(ownTurn, 2));
    expect(ownWidth).toBeGreaterThan(ownHeight * 3);
  });

  it('turns a PNG and a JPEG into a one-page PDF of the image size with the annotations on it', async () => {
    for (const [source, kind] of [
      [png, 'png'],
      [jpeg, 'jpeg'],
    ] as const) {
      const document: AnnotationDocument = {
        annotations: [
          {
            ...redStroke,
            page: 1,
            points: [
              [10, 10],
              [60, 10],
            ],
          },
        ],
        rotations: { '1': 180 },
      };
      const before = Buffer.from(source);
      const out = await flattenAnnotations({ source, kind, document });
      expect(Buffer.from(source).equals(before)).toBe(true);
      const pdf = await PDFDocument.load(out);
      expect(pdf.getPageCount()).toBe(1);
      expect(pdf.getPage(0).getRotation().angle).toBe(180);
      expect(pdf.getPage(0).getWidth()).toBeGreaterThan(0);
      expect(pdfinfoRotations(out)).toEqual([180]);
    }
  });

  it('refuses a source that is not a PDF or image with a clear message, and an encrypted PDF', async () => {
    const garbage = new TextEncoder().encode('hello, this is not a PDF');
    await expect(flattenAnnotations({ source: garbage, kind: 'pdf', document: { annotations: [], rotations: {} } })).rejects.toThrow(/not a readable PDF/);
    await expect(flattenAnnotations({ source: garbage, kind: 'png', document: { annotations: [], rotations: {} } })).rejects.toThrow(/not a readable PNG/);
    await expect(flattenAnnotations({ source: tracemonkey, kind: 'jpeg', document: { annotations: [], rotations: {} } })).rejects.toThrow(
      /not a readable JPEG/,
    );
    const encrypted = new Uint8Array(readFileSync(join(FIXTURES, 'pdf/pdfjs__issue3371_encrypted_pw-ELXRTQWS.pdf')));
    await expect(flattenAnnotations({ source: encrypted, kind: 'pdf', document: { annotations: [], rotations: {} } })).rejects.toThrow(/encrypted/);
  });

  it('flattens any valid document of random annotations and keeps the page count', async () => {
    const color = fc.integer({ min: 0, max: 0xffffff }).map((value) => `#${value.toString(16).padStart(6, '0')}`);
    const page = fc.integer({ min: 1, max: 3 });
    const coordinate = fc.double({ min: -200, max: 900, noNaN: true });
    const point = fc.tuple(coordinate, coordinate);
    const annotation: fc.Arbitrary<Annotation> = fc.oneof(
      fc.record({
        id: fc.uuid(),
        type: fc.constantFrom('pen' as const, 'highlighter' as const),
        page,
        color,
        width: fc.double({ min: 0.5, max: 100, noNaN: true }),
        points: fc.array(point, { minLength: 2, maxLength: 40 }),
      }),
      fc.record({
        id: fc.uuid(),
        type: fc.constant('text' as const),
        page,
        x: coordinate,
        y: coordinate,
        text: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }),
        color,
        size: fc.double({ min: 6, max: 72, noNaN: true }),
      }),
      fc.record({
        id: fc.uuid(),
        type: fc.constant('stamp' as const),
        page,
        x: coordinate,
        y: coordinate,
        stamp: fc.constantFrom('check' as const, 'cross' as const, 'question' as const, 'star' as const),
        color,
        size: fc.double({ min: 6, max: 72, noNaN: true }),
      }),
    );
    const rotations = fc.dictionary(fc.constantFrom('1', '2', '3'), fc.constantFrom(0 as const, 90 as const, 180 as const, 270 as const));
    await fc.assert(
      fc.asyncProperty(fc.record({ annotations: fc.array(annotation, { maxLength: 12 }), rotations }), async (document) => {
        const parsed = AnnotationDocumentSchema.safeParse(document);
        fc.pre(parsed.success);
        const out = await flattenAnnotations({ source: submission, kind: 'pdf', document: parsed.data! });
        expect((await PDFDocument.load(out)).getPageCount()).toBe(2);
      }),
      { numRuns: 30 },
    );
    // 30 real pdf-lib writes: about 2 s alone, more beside the other suites; bounded, not timed.
  }, 60_000);
});
