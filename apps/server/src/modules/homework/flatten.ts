/**
 * Flattening of PDF editor annotations (issue 16 item 2): draws a document of
 * annotations (`AnnotationDocument`, PDF points of the unrotated page, origin
 * bottom-left, pages 1-based) onto a copy of a submitted PDF or image and
 * answers the bytes of a new PDF. Pure: no database, no storage; the student's
 * source bytes are never modified.
 */
import {
  BlendMode,
  LineCapStyle,
  PDFDocument,
  StandardFonts,
  concatTransformationMatrix,
  degrees,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  type Color,
  type PDFPage,
} from 'pdf-lib';
import type { AnnotationDocument, StampAnnotation, StrokeAnnotation, TextAnnotation } from '@atrium/contracts';
import { FontSet, shownText } from '../../lib/pdf-fonts.js';

/** What the source bytes are: a PDF, or a PNG / JPEG image that becomes a one-page PDF of the image's size (1 px = 1 pt). */
export type FlattenSourceKind = 'pdf' | 'png' | 'jpeg';

export interface FlattenInput {
  source: Uint8Array;
  kind: FlattenSourceKind;
  document: AnnotationDocument;
}

/**
 * Objects pdf-lib parses or writes between two yields to the event loop (its defaults, 100 and 50,
 * make a 1,000-object PDF wait on some 30 timers, each longer under load; 1,500 at a time blocks
 * for a few tens of milliseconds at most). Bench: bench/grading (issue 16).
 */
const OBJECTS_PER_TICK = 1500;

/** Opacity of highlighter strokes (multiplied over the page so the text beneath stays readable). */
export const HIGHLIGHTER_OPACITY = 0.35;

/**
 * Draws `document` onto a copy of `source` and answers the new PDF's bytes.
 * Pen strokes are polylines in their colour and width; highlighter strokes the
 * same, translucent (multiply); text in a font covering its characters (a CJK
 * font of the machine when one is found, else DejaVu Sans, else Helvetica with
 * unsupported characters replaced by `?`); stamps as vector shapes. A page's
 * rotation is added to its own `/Rotate`. Annotations on pages the source does
 * not have are skipped.
 * Throws an Error naming the problem when the source is not a readable PDF,
 * PNG or JPEG (including encrypted PDFs); drawing itself never throws on a
 * valid document.
 */
export async function flattenAnnotations({ source, kind, document }: FlattenInput): Promise<Uint8Array> {
  const pdf = await openSource(source, kind);
  const pages = pdf.getPages();
  const fonts = new FontSet(pdf);
  // Each page's shown rotation (its own /Rotate plus the editor's), read before the editor's is applied.
  const shownRotations = pages.map((page, index) => normalise(page.getRotation().angle + (document.rotations[String(index + 1)] ?? 0)));
  for (const annotation of document.annotations) {
    const page = pages[annotation.page - 1];
    if (!page) continue;
    const shown = shownRotations[annotation.page - 1] ?? 0;
    switch (annotation.type) {
      case 'pen':
      case 'highlighter':
        drawStroke(page, annotation);
        break;
      case 'text':
        await turned(page, annotation.x, annotation.y, shown, () => drawTextAnnotation(page, annotation, fonts));
        break;
      case 'stamp':
        await turned(page, annotation.x, annotation.y, shown, () => drawStamp(page, annotation, fonts));
        break;
    }
  }
  for (const [key, rotation] of Object.entries(document.rotations)) {
    const page = pages[Number(key) - 1];
    if (!page || rotation === 0) continue;
    page.setRotation(degrees(normalise(page.getRotation().angle + rotation)));
  }
  return pdf.save({ useObjectStreams: true, objectsPerTick: OBJECTS_PER_TICK });
}

/**
 * Runs the flattening a few times on a small PDF of its own, so the first grader's save does not
 * pay for compiling pdf-lib's parser and writer (a cold first save of 50 annotations on a 14-page
 * PDF took about twice as long as the next ones; bench/grading, issue 16). Never throws.
 */
export async function warmUpFlattening(): Promise<void> {
  try {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    for (let index = 0; index < 24; index += 1) {
      const page = pdf.addPage([612, 792]);
      for (let line = 0; line < 20; line += 1) page.drawText(`Warm-up page ${index + 1}, line ${line + 1}.`, { x: 72, y: 720 - line * 30, size: 11, font });
    }
    const source = await pdf.save({ useObjectStreams: true });
    const annotations: AnnotationDocument['annotations'] = [];
    for (let i = 0; i < 30; i += 1) {
      const page = 1 + (i % 24);
      const points = Array.from({ length: 20 }, (_, k) => [100 + k * 3, 300 + 10 * Math.sin(k / 3)] as [number, number]);
      annotations.push({ id: `p${i}`, type: i % 6 === 0 ? 'highlighter' : 'pen', page, color: '#e53935', width: 2, points });
      annotations.push({ id: `t${i}`, type: 'text', page, x: 100, y: 200, text: `Note ${i}\nsecond line`, color: '#1e88e5', size: 12 });
      annotations.push({
        id: `s${i}`,
        type: 'stamp',
        page,
        x: 300,
        y: 200,
        stamp: (['check', 'cross', 'question', 'star'] as const)[i % 4]!,
        color: '#43a047',
        size: 24,
      });
    }
    for (let round = 0; round < 3; round += 1) await flattenAnnotations({ source, kind: 'pdf', document: { annotations, rotations: { '2': 90 } } });
  } catch {
    // Only a warm-up: the real saves report their own errors.
  }
}

function normalise(angle: number): number {
  return (((Math.round(angle / 90) * 90) % 360) + 360) % 360;
}

/**
 * Runs `draw` turned counter-clockwise by `angle` degrees about (x, y): text and stamps are
 * drawn upright as the page is shown (its /Rotate turns the page clockwise), as the editor shows them.
 */
async function turned(page: PDFPage, x: number, y: number, angle: number, draw: () => Promise<void>): Promise<void> {
  if (angle === 0) {
    await draw();
    return;
  }
  const radians = (angle * Math.PI) / 180;
  const [cos, sin] = [Math.round(Math.cos(radians)), Math.round(Math.sin(radians))];
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(cos, sin, -sin, cos, x - cos * x + sin * y, y - sin * x - cos * y));
  try {
    await draw();
  } finally {
    page.pushOperators(popGraphicsState());
  }
}

async function openSource(source: Uint8Array, kind: FlattenSourceKind): Promise<PDFDocument> {
  // pdf-lib reads the bytes it is given; a copy keeps the caller's buffer out of its reach.
  const bytes = source.slice();
  if (kind === 'pdf') {
    let pdf: PDFDocument;
    try {
      pdf = await PDFDocument.load(bytes, { updateMetadata: false, parseSpeed: OBJECTS_PER_TICK });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (/encrypt/i.test(reason)) throw new Error('The PDF is encrypted and cannot be annotated');
      throw new Error(`The file is not a readable PDF: ${reason}`);
    }
    if (pdf.getPageCount() === 0) throw new Error('The PDF has no pages');
    return pdf;
  }
  const pdf = await PDFDocument.create();
  let image;
  try {
    image = kind === 'png' ? await pdf.embedPng(bytes) : await pdf.embedJpg(bytes);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`The file is not a readable ${kind === 'png' ? 'PNG' : 'JPEG'} image: ${reason}`);
  }
  const page = pdf.addPage([image.width, image.height]);
  page.drawImage(image, { x: 0, y: 0, width: image.width, height: image.height });
  return pdf;
}

function colorOf(hex: string): Color {
  const value = Number.parseInt(hex.slice(1), 16);
  return rgb(((value >> 16) & 0xff) / 255, ((value >> 8) & 0xff) / 255, (value & 0xff) / 255);
}

/** An SVG path through `points` (PDF points, y up) for drawSvgPath at x = y = 0, which flips y. */
function polylinePath(points: readonly (readonly [number, number])[]): string {
  return points.map(([x, y], index) => `${index === 0 ? 'M' : 'L'}${round(x)} ${round(-y)}`).join(' ');
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

function drawStroke(page: PDFPage, stroke: StrokeAnnotation): void {
  const isHighlighter = stroke.type === 'highlighter';
  page.drawSvgPath(polylinePath(stroke.points), {
    x: 0,
    y: 0,
    borderColor: colorOf(stroke.color),
    borderWidth: stroke.width,
    borderLineCap: isHighlighter ? LineCapStyle.Projecting : LineCapStyle.Round,
    borderOpacity: isHighlighter ? HIGHLIGHTER_OPACITY : 1,
    blendMode: isHighlighter ? BlendMode.Multiply : undefined,
  });
}

async function drawTextAnnotation(page: PDFPage, annotation: TextAnnotation, fonts: FontSet): Promise<void> {
  const lines = annotation.text.replace(/\r\n?/g, '\n').replace(/\t/g, '    ').split('\n');
  const font = await fonts.forText(annotation.text);
  const lineHeight = annotation.size * 1.25;
  for (const [index, line] of lines.entries()) {
    const shown = shownText(font, line);
    if (shown.trim() === '') continue;
    const options = { x: annotation.x, y: annotation.y - index * lineHeight, size: annotation.size, color: colorOf(annotation.color) };
    try {
      page.drawText(shown, { ...options, font });
    } catch {
      // fontkit's shaping of some scripts fails (its bundle lacks regeneratorRuntime): Helvetica, with `?` for what it lacks.
      const helvetica = await fonts.forText('?');
      page.drawText(shownText(helvetica, line), { ...options, font: helvetica });
    }
  }
}

/** Unit star (outer radius 1) as an SVG path, y down. */
const STAR_PATH = (() => {
  const corners: string[] = [];
  for (let i = 0; i < 10; i += 1) {
    const radius = i % 2 === 0 ? 1 : 0.4;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    corners.push(`${i === 0 ? 'M' : 'L'}${round(Math.cos(angle) * radius)} ${round(Math.sin(angle) * radius)}`);
  }
  return `${corners.join(' ')} Z`;
})();

async function drawStamp(page: PDFPage, stamp: StampAnnotation, fonts: FontSet): Promise<void> {
  const { x, y, size } = stamp;
  const color = colorOf(stamp.color);
  const half = size / 2;
  const line = { color, thickness: Math.max(1, size * 0.12), lineCap: LineCapStyle.Round };
  switch (stamp.stamp) {
    case 'check':
      page.drawSvgPath(
        polylinePath([
          [x - half * 0.8, y],
          [x - half * 0.2, y - half * 0.6],
          [x + half * 0.9, y + half * 0.7],
        ]),
        { x: 0, y: 0, borderColor: color, borderWidth: line.thickness, borderLineCap: LineCapStyle.Round },
      );
      break;
    case 'cross':
      page.drawLine({ start: { x: x - half * 0.7, y: y - half * 0.7 }, end: { x: x + half * 0.7, y: y + half * 0.7 }, ...line });
      page.drawLine({ start: { x: x - half * 0.7, y: y + half * 0.7 }, end: { x: x + half * 0.7, y: y - half * 0.7 }, ...line });
      break;
    case 'star':
      page.drawSvgPath(STAR_PATH, { x, y, scale: half, color });
      break;
    case 'question': {
      const font = await fonts.bold();
      const width = font.widthOfTextAtSize('?', size);
      const height = font.heightAtSize(size, { descender: false });
      page.drawText('?', { x: x - width / 2, y: y - height / 2, size, font, color });
      break;
    }
  }
}
