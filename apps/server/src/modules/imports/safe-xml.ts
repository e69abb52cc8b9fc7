import { XMLParser } from 'fast-xml-parser';
import { FailureError } from '../../lib/failure.js';

/** Why an XML document was refused: XML_DOCTYPE_REFUSED or XML_MALFORMED, with the document's `file` name; `message` is the English reason. */
export class XmlRefusedError extends FailureError {
  constructor(code: 'XML_DOCTYPE_REFUSED' | 'XML_MALFORMED', message: string, file: string) {
    super(code, message, { file });
    this.name = 'XmlRefusedError';
  }
}

/** A parsed XML element: child elements by name (one or many), attributes as `@_name`, text as `#text`. */
export type XmlNode = { [key: string]: XmlValue };
export type XmlValue = string | XmlNode | XmlValue[] | undefined | null;

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/**
 * Decodes the five predefined XML entities and numeric character references,
 * in one linear pass (nothing is expanded recursively; unknown names stay as written).
 */
export function decodeXmlText(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-z]{2,4});/g, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#')) {
      const code = name.startsWith('#x') ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return PREDEFINED[name] ?? whole;
  });
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  // Entities are never processed by the parser (no XXE, no billion laughs): the text is decoded by decodeXmlText above.
  processEntities: false,
  htmlEntities: false,
  tagValueProcessor: (_name, value) => decodeXmlText(value),
  attributeValueProcessor: (_name, value) => decodeXmlText(value),
});

/**
 * Parses an XML document from an untrusted archive. Refuses any DOCTYPE (and so
 * any DTD or entity declaration) before parsing; never resolves external
 * resources. Throws XmlRefusedError.
 */
export function parseSafeXml(text: string, what: string): XmlNode {
  if (/<!DOCTYPE/i.test(text) || /<!ENTITY/i.test(text))
    throw new XmlRefusedError('XML_DOCTYPE_REFUSED', `${what} declares a DOCTYPE or entities, which are not allowed`, what);
  try {
    return parser.parse(text, true) as XmlNode;
  } catch (error) {
    throw new XmlRefusedError('XML_MALFORMED', `${what} is not well-formed XML (${error instanceof Error ? error.message : String(error)})`, what);
  }
}

/** The element(s) under `key` as an array (a single child comes back as one element). */
export function list(node: XmlValue, key: string): XmlNode[] {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return [];
  const value = node[key];
  if (value === undefined || value === '') return [];
  const items = Array.isArray(value) ? value : [value];
  return items.filter((v): v is XmlNode => typeof v === 'object' && v !== null && !Array.isArray(v));
}

/** The child element `key` (first when repeated), or undefined. */
export function child(node: XmlValue, key: string): XmlNode | undefined {
  return list(node, key)[0];
}

/**
 * The text of child `key`, trimmed; Moodle's `$@NULL@$` marker and absence are null.
 */
export function text(node: XmlValue, key: string): string | null {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return null;
  let value = node[key];
  if (Array.isArray(value)) value = value[0];
  if (value === undefined) return null;
  const raw =
    typeof value === 'string'
      ? value
      : typeof value === 'object' && value !== null && !Array.isArray(value) && typeof value['#text'] === 'string'
        ? value['#text']
        : '';
  const trimmed = raw.trim();
  return trimmed === '$@NULL@$' ? null : trimmed;
}

/** A numeric child (null when missing, empty, `$@NULL@$` or not a number). */
export function num(node: XmlValue, key: string): number | null {
  const value = text(node, key);
  if (value === null || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/** An attribute of an element. */
export function attr(node: XmlValue, name: string): string | null {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return null;
  const value = node[`@_${name}`];
  return typeof value === 'string' ? value : null;
}
