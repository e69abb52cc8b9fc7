/**
 * Fonts for PDFs the server writes with pdf-lib (annotated submissions, certificates): Helvetica
 * when it covers the text, else a font of the machine that covers more of it — one CJK font
 * (Debian's Droid Sans Fallback, or a TTF/OTF `fc-list :lang=zh` finds; never a collection) and one broad
 * Latin/Greek/Cyrillic font (DejaVu/Noto Sans) — embedded subset on first use. Characters no font
 * has are drawn as `?` (shownText); nothing here throws on a missing font.
 */
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import fontkit from '@pdf-lib/fontkit';
import { StandardFonts, type PDFDocument, type PDFFont } from 'pdf-lib';

/** `text` as `font` can draw it: control characters dropped, characters it lacks as `?`. */
export function shownText(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  return Array.from(text)
    .map((char) => {
      const code = char.codePointAt(0) ?? 0;
      if (code < 0x20) return '';
      return supported.has(code) ? char : '?';
    })
    .join('');
}

/**
 * A font known to cover CJK (Debian's fonts-droid-fallback), then a broad Latin/Greek/Cyrillic font.
 * Font collections (.ttc: Noto CJK, WenQuanYi, AR PL) are never used: pdf-lib embeds one font per
 * file, and with a collection it wrote an invalid font after a minute's work (found when CI installed Noto CJK).
 */
const FONT_CANDIDATES = ['/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf'];
const BROAD_FONT_CANDIDATES = ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', '/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf'];

let fontFilesCache: Uint8Array[] | null = null;

function readFont(path: string): Uint8Array | null {
  try {
    return new Uint8Array(readFileSync(path));
  } catch {
    return null;
  }
}

/** The machine's single-font CJK files (TTF/OTF, no collections) found by `fc-list :lang=zh` (empty when fontconfig is absent). */
function fontconfigCjkFiles(): string[] {
  try {
    const out = execFileSync('fc-list', [':lang=zh', 'file'], { encoding: 'utf8', timeout: 3000, stdio: ['ignore', 'pipe', 'ignore'] });
    return out
      .split('\n')
      .map((line) => line.trim().replace(/:$/, ''))
      .filter((file) => /\.(ttf|otf)$/i.test(file));
  } catch {
    return [];
  }
}

/** Bytes of the text fonts of this machine, best first: one CJK font (when any) and one broad font; read once per process. */
function fontFiles(): Uint8Array[] {
  if (fontFilesCache) return fontFilesCache;
  const files: Uint8Array[] = [];
  for (const path of [...FONT_CANDIDATES, ...fontconfigCjkFiles()]) {
    const bytes = readFont(path);
    if (bytes) {
      files.push(bytes);
      break;
    }
  }
  for (const path of BROAD_FONT_CANDIDATES) {
    const bytes = readFont(path);
    if (bytes) {
      files.push(bytes);
      break;
    }
  }
  fontFilesCache = files;
  return files;
}

type FontkitFont = { fonts?: unknown[] };

/** @pdf-lib/fontkit, answering the first face of a font collection (TTC) so pdf-lib can subset it. */
const collectionAwareFontkit = {
  create(data: Uint8Array, postscriptName?: string) {
    const font = fontkit.create(data, postscriptName) as unknown as FontkitFont;
    return Array.isArray(font.fonts) && font.fonts.length > 0 ? font.fonts[0] : font;
  },
} as unknown as typeof fontkit;

/** Fonts of one output document, embedded on first use. */
export class FontSet {
  private custom: { font: PDFFont; chars: Set<number> }[] | null = null;
  private helvetica: PDFFont | null = null;
  private helveticaBold: PDFFont | null = null;

  constructor(private readonly pdf: PDFDocument) {}

  async bold(): Promise<PDFFont> {
    this.helveticaBold ??= await this.pdf.embedFont(StandardFonts.HelveticaBold);
    return this.helveticaBold;
  }

  /** The font covering most characters of `text` (Helvetica when no font of the machine does better). */
  async forText(text: string): Promise<PDFFont> {
    this.helvetica ??= await this.pdf.embedFont(StandardFonts.Helvetica);
    const codes = Array.from(text, (char) => char.codePointAt(0) ?? 0).filter((code) => code >= 0x20);
    const helveticaChars = new Set(this.helvetica.getCharacterSet());
    if (codes.every((code) => helveticaChars.has(code))) return this.helvetica;
    let best: PDFFont = this.helvetica;
    let bestCount = codes.filter((code) => helveticaChars.has(code)).length;
    for (const candidate of await this.customFonts()) {
      const count = codes.filter((code) => candidate.chars.has(code)).length;
      if (count > bestCount) {
        best = candidate.font;
        bestCount = count;
      }
    }
    return best;
  }

  private async customFonts(): Promise<{ font: PDFFont; chars: Set<number> }[]> {
    if (this.custom) return this.custom;
    this.custom = [];
    this.pdf.registerFontkit(collectionAwareFontkit);
    for (const bytes of fontFiles()) {
      try {
        const font = await this.pdf.embedFont(bytes, { subset: true });
        this.custom.push({ font, chars: new Set(font.getCharacterSet()) });
      } catch {
        // An unreadable font file is skipped; Helvetica remains.
      }
    }
    return this.custom;
  }
}
