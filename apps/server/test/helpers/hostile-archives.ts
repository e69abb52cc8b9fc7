import zlib from 'node:zlib';
import tar from 'tar-stream';

/** One entry of a hand-built archive: a file (data), a directory, or a link to `linkname`. */
export interface RawEntry {
  name: string;
  data?: Buffer | string;
  type?: 'file' | 'directory' | 'symlink' | 'link';
  linkname?: string;
}

/** A tar.gz with exactly these entries (names as given: `../x`, `/abs`, links …). */
export async function tarGz(entries: RawEntry[]): Promise<Buffer> {
  const pack = tar.pack();
  const chunks: Buffer[] = [];
  const done = new Promise<void>((resolve, reject) => {
    const gz = zlib.createGzip();
    pack.pipe(gz);
    gz.on('data', (c: Buffer) => chunks.push(c));
    gz.on('end', () => resolve());
    gz.on('error', reject);
  });
  for (const e of entries) {
    const type = e.type ?? 'file';
    if (type === 'file') {
      const data = Buffer.from(e.data ?? '');
      pack.entry({ name: e.name, size: data.length, type: 'file' }, data);
    } else {
      pack.entry({ name: e.name, type, ...(e.linkname ? { linkname: e.linkname } : {}) });
    }
  }
  pack.finalize();
  await done;
  return Buffer.concat(chunks);
}

/** A zip entry already deflated: `crc` and `size` are those of the uncompressed bytes; `mode` the Unix mode (default 0100644). */
export interface DeflatedEntry {
  name: string;
  compressed: Buffer;
  crc: number;
  size: number;
  mode?: number;
}

/**
 * A zip with exactly these entries (deflated), names kept as given. A symlink
 * entry carries the Unix mode 0120777 in its external attributes, as Info-ZIP writes it.
 */
export function zip(entries: RawEntry[]): Buffer {
  return zipOfDeflated(
    entries.map((e) => {
      const raw = Buffer.from(e.type === 'symlink' ? (e.linkname ?? '') : (e.data ?? ''));
      const mode = e.type === 'symlink' ? 0o120777 : e.type === 'directory' ? 0o040755 : 0o100644;
      return { name: e.name, compressed: zlib.deflateRawSync(raw), crc: zlib.crc32(raw), size: raw.length, mode };
    }),
  );
}

/** A zip of already deflated entries whose headers declare the sizes given (local headers, central directory, end record; no zip64). */
export function zipOfDeflated(entries: DeflatedEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(e.crc, 14);
    local.writeUInt32LE(e.compressed.length, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, e.compressed);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(e.crc, 16);
    central.writeUInt32LE(e.compressed.length, 20);
    central.writeUInt32LE(e.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((e.mode ?? 0o100644) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + e.compressed.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

/** A minimal valid course backup (one section, one page) whose page content is `pageHtml`; `mainXml` replaces moodle_backup.xml. */
export function minimalBackup(options: { pageHtml?: string; mainXml?: string } = {}): RawEntry[] {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const main =
    options.mainXml ??
    `<?xml version="1.0" encoding="UTF-8"?>
<moodle_backup><information><name>hostile.mbz</name><moodle_release>4.1</moodle_release><backup_release>4.1</backup_release>
<original_site_identifier_hash>hostile</original_site_identifier_hash><original_course_id>9</original_course_id><original_course_fullname>Hostile</original_course_fullname><original_course_shortname>H1</original_course_shortname>
<details><detail backup_id="x"><type>course</type></detail></details>
<contents><activities><activity><moduleid>1</moduleid><sectionid>1</sectionid><modulename>page</modulename><title>Evil page</title><directory>activities/page_1</directory></activity></activities>
<sections><section><sectionid>1</sectionid><title>S</title><directory>sections/section_1</directory></section></sections></contents></information></moodle_backup>`;
  return [
    { name: 'moodle_backup.xml', data: main },
    { name: 'course/course.xml', data: '<?xml version="1.0"?><course id="9"><shortname>H1</shortname><fullname>Hostile</fullname></course>' },
    {
      name: 'sections/section_1/section.xml',
      data: '<?xml version="1.0"?><section id="1"><number>0</number><name>Start</name><summary></summary><sequence>1</sequence><visible>1</visible></section>',
    },
    {
      name: 'activities/page_1/module.xml',
      data: '<?xml version="1.0"?><module id="1"><modulename>page</modulename><sectionid>1</sectionid><visible>1</visible></module>',
    },
    {
      name: 'activities/page_1/page.xml',
      data: `<?xml version="1.0"?><activity id="1" moduleid="1" modulename="page" contextid="5"><page id="1"><name>Evil page</name><intro></intro><content>${esc(options.pageHtml ?? '<p>Hello</p>')}</content></page></activity>`,
    },
    { name: 'files.xml', data: '<?xml version="1.0"?><files></files>' },
  ];
}

/** moodle_backup.xml that declares an external entity (XXE) reading /etc/passwd. */
export const XXE_XML = `<?xml version="1.0"?>
<!DOCTYPE moodle_backup [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<moodle_backup><information><name>&xxe;</name><details><detail><type>course</type></detail></details></information></moodle_backup>`;

/** moodle_backup.xml with the "billion laughs" entity expansion. */
export const BILLION_LAUGHS_XML = `<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;"><!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">]>
<moodle_backup><information><name>&lol4;</name></information></moodle_backup>`;
