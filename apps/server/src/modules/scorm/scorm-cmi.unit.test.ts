import { describe, expect, it } from 'vitest';
import { cmiForLaunch, formatTimespan, parseTimespan, trackedFields } from './scorm-cmi.js';
import { ManifestError, parseManifest } from './scorm-manifest.js';

describe('SCORM time spans', () => {
  it.each([
    ['0000:01:30.00', 90],
    ['12:00:00', 43200],
    ['PT1H2M3.5S', 3723.5],
    ['P1DT1S', 86401],
    ['PT0S', 0],
  ])('%s is %d s', (value, seconds) => expect(parseTimespan(value)).toBe(seconds));
  it.each(['', 'P', 'PT', '1:2', 'abc', 'PT-1S'])('%s is unreadable', (value) => expect(parseTimespan(value)).toBeNull());
  it('formats both versions and reads them back', () => {
    expect(formatTimespan(3723.5, '1.2')).toBe('0001:02:03.50');
    expect(formatTimespan(3723.5, '2004')).toBe('PT1H2M3.5S');
    for (const v of ['1.2', '2004'] as const) expect(parseTimespan(formatTimespan(4000.25, v))).toBe(4000.25);
  });
});

describe('CMI fields', () => {
  it('reads nested, bare and flattened CMI', () => {
    expect(trackedFields({ cmi: { core: { lesson_status: 'passed', score: { raw: 80 } } } }, '1.2')).toMatchObject({ status: 'passed', score: 80 });
    expect(trackedFields({ core: { lesson_location: 'p2' } }, '1.2')).toMatchObject({ location: 'p2' });
    expect(trackedFields({ 'cmi.completion_status': 'completed', 'cmi.score.scaled': '0.5' }, '2004')).toMatchObject({ status: 'completed', score: 50 });
  });
  it('hands back the CMI for a relaunch with total time and no session time', () => {
    expect(cmiForLaunch({ cmi: { completion_status: 'incomplete', session_time: 'PT5S' } }, '2004', 65)).toEqual({
      cmi: { completion_status: 'incomplete', total_time: 'PT0H1M5S', entry: 'resume' },
    });
  });
});

describe('imsmanifest.xml', () => {
  const manifest = (body: string, head = '<?xml version="1.0"?>') =>
    `${head}<manifest identifier="m" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"><metadata><schemaversion>2004 4th Edition</schemaversion></metadata>${body}</manifest>`;
  const orgs =
    '<organizations default="o"><organization identifier="o"><title>Org</title><item identifier="a" identifierref="r"><title>A</title><item identifier="b" identifierref="r2" parameters="?x=1"><title>B</title></item></item></organization></organizations>';
  const has = (p: string) => ['sco/a.html', 'b.html'].includes(p);

  it('reads the version, the title and nested SCOs with xml:base and parameters', () => {
    const out = parseManifest(
      manifest(
        `${orgs}<resources xml:base="sco/"><resource identifier="r" href="a.html"/><resource identifier="r2" xml:base="../" href="b.html"/></resources>`,
      ),
      has,
    );
    expect(out.version).toBe('2004');
    expect(out.title).toBe('Org');
    expect(out.scos).toEqual([
      { identifier: 'a', title: 'A', launch: 'sco/a.html' },
      { identifier: 'b', title: 'B', launch: 'b.html?x=1' },
    ]);
  });
  it('reads a plain IMS content package (no SCORM markers, as Moodle imscp packages are) as 1.2 with its items', () => {
    const plain = `<manifest identifier="m" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"><metadata><schema>IMS Content</schema><schemaversion>1.2.2</schemaversion></metadata>${orgs}<resources><resource identifier="r" type="webcontent" href="sco/a.html"/><resource identifier="r2" type="webcontent" href="b.html"/></resources></manifest>`;
    expect(parseManifest(plain, has)).toMatchObject({ version: '1.2', scos: [{ launch: 'sco/a.html' }, { launch: 'b.html?x=1' }] });
    expect(() => parseManifest(plain.replace(' xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"', '').replace('IMS Content', 'Other'), has)).toThrow(/neither/);
  });
  it('refuses a launch outside the package, a DOCTYPE, broken XML, and an unknown version', () => {
    expect(() =>
      parseManifest(manifest(`${orgs}<resources><resource identifier="r" href="../a.html"/><resource identifier="r2" href="b.html"/></resources>`), () => true),
    ).toThrow(ManifestError);
    expect(() => parseManifest(manifest(orgs, '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]>'), () => true)).toThrow(/DOCTYPE/);
    expect(() => parseManifest('<manifest><organizations>', () => true)).toThrow(/well-formed/);
    expect(() => parseManifest('<manifest><organizations/></manifest>', () => true)).toThrow(/neither/);
  });
});
