import { posix } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { Sco, ScormManifest } from '@atrium/contracts';
import { FailureError } from '../../lib/failure.js';

/** Largest imsmanifest.xml read, in bytes. */
export const MANIFEST_MAX_BYTES = 2 * 1024 * 1024;

/** A manifest that cannot be used: code SCORM_MANIFEST_INVALID; the message becomes the upload's failure_reason. */
export class ManifestError extends FailureError {
  constructor(message: string) {
    super('SCORM_MANIFEST_INVALID', message);
    this.name = 'ManifestError';
  }
}

type Node = Record<string, unknown>;

const asArray = (value: unknown): Node[] => (Array.isArray(value) ? (value as Node[]) : value && typeof value === 'object' ? [value as Node] : []);

function textOf(value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number') return String(value).trim();
  if (value && typeof value === 'object' && '#text' in value) return textOf((value as Node)['#text']);
  return '';
}

/** Joins xml:base values and an href as the package-relative path they name (no `..` allowed). */
function joinHref(...parts: string[]): string {
  return parts.filter(Boolean).join('').replace(/^\.\//, '');
}

/**
 * Reads imsmanifest.xml (IMS Content Packaging 1.1 as profiled by SCORM 1.2 and
 * SCORM 2004 CAM §3.4, or a plain IMS content package, read as 1.2): version, default organisation's title, and its launchable
 * items (an `item` whose `identifierref` names a `resource` with an `href`),
 * in document order. The XML is parsed with entity processing off and any
 * DOCTYPE refused (no XXE, no entity expansion). `hasFile` checks that each launch
 * file is in the package. Throws ManifestError.
 */
export function parseManifest(xml: string, hasFile: (path: string) => boolean): ScormManifest {
  if (/<!DOCTYPE/i.test(xml) || /<!ENTITY/i.test(xml)) throw new ManifestError('imsmanifest.xml declares a DOCTYPE or entities, which are not accepted');
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new ManifestError(`imsmanifest.xml is not well-formed XML (line ${valid.err.line}: ${valid.err.msg})`);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    removeNSPrefix: true,
    processEntities: false,
    htmlEntities: false,
    parseTagValue: false,
    parseAttributeValue: false,
    isArray: (name) => ['organization', 'item', 'resource', 'file', 'dependency'].includes(name),
  });
  const doc = parser.parse(xml) as Node;
  const manifest = doc.manifest as Node | undefined;
  if (!manifest || typeof manifest !== 'object') throw new ManifestError('imsmanifest.xml has no <manifest> root');

  const schemaVersion = textOf((manifest.metadata as Node | undefined)?.schemaversion);
  let version: ScormManifest['version'] | undefined;
  if (schemaVersion === '1.2') version = '1.2';
  else if (/2004|CAM 1\.3/i.test(schemaVersion)) version = '2004';
  else if (/adlcp_rootv1p2/i.test(xml)) version = '1.2';
  else if (/adlcp_v1p3/i.test(xml)) version = '2004';
  // A plain IMS Content Package (Moodle's imscp, issue 21 §4): the same organisation of items and resources without
  // SCORM's runtime. Read as 1.2: its items launch like SCOs, and pages that never call the API simply show.
  else if (/imsglobal\.org\/xsd\/imscp_v1p1|imscp_rootv1p1/i.test(xml) || /^IMS Content$/i.test(textOf((manifest.metadata as Node | undefined)?.schema)))
    version = '1.2';
  if (!version) throw new ManifestError('imsmanifest.xml is neither SCORM 1.2 nor SCORM 2004');

  const organizations = manifest.organizations as Node | undefined;
  const orgList = asArray(organizations?.organization);
  const defaultId = typeof organizations?.['@_default'] === 'string' ? organizations['@_default'] : undefined;
  const org = orgList.find((o) => o['@_identifier'] === defaultId) ?? orgList[0];
  if (!org) throw new ManifestError('imsmanifest.xml has no organization');

  const resourcesNode = manifest.resources as Node | undefined;
  const resourcesBase = typeof resourcesNode?.['@_base'] === 'string' ? resourcesNode['@_base'] : '';
  const resources = new Map(asArray(resourcesNode?.resource).map((r) => [String(r['@_identifier'] ?? ''), r]));

  const scos: Sco[] = [];
  const walk = (items: Node[]) => {
    for (const item of items) {
      const ref = item['@_identifierref'];
      if (typeof ref === 'string') {
        const resource = resources.get(ref);
        const href = resource?.['@_href'];
        if (!resource || typeof href !== 'string') throw new ManifestError(`Item ${String(item['@_identifier'])} names resource ${ref}, which has no href`);
        const base = typeof resource['@_base'] === 'string' ? resource['@_base'] : '';
        const joined = joinHref(resourcesBase, base, href);
        const cut = joined.search(/[?#]/);
        const rawFile = cut === -1 ? joined : joined.slice(0, cut);
        const file = posix.normalize(rawFile);
        const launch = file + (cut === -1 ? '' : joined.slice(cut));
        if (/^[a-z][a-z0-9+.-]*:/i.test(joined) || rawFile.startsWith('/') || file === '..' || file.startsWith('../') || !hasFile(decodeURIComponent(file))) {
          throw new ManifestError(`The launch file ${joined} of item ${String(item['@_identifier'])} is not in the package`);
        }
        const parameters = typeof item['@_parameters'] === 'string' ? item['@_parameters'].replace(/^[?&]/, '') : '';
        scos.push({
          identifier: String(item['@_identifier'] ?? ref),
          title: textOf(item.title) || String(item['@_identifier'] ?? ref),
          launch: parameters ? `${launch}${launch.includes('?') ? '&' : '?'}${parameters}` : launch,
        });
      }
      walk(asArray(item.item));
    }
  };
  walk(asArray(org.item));
  if (scos.length === 0) throw new ManifestError('imsmanifest.xml has no launchable item');
  return { version, title: textOf(org.title) || textOf(((manifest.metadata as Node | undefined)?.lom as Node | undefined)?.general) || 'SCORM package', scos };
}
