import { describe, expect, it } from 'vitest';
import { BILLION_LAUGHS_XML, XXE_XML } from '../../../test/helpers/hostile-archives.js';
import { child, decodeXmlText, parseSafeXml, text, XmlRefusedError } from './safe-xml.js';

describe('parseSafeXml', () => {
  it('refuses an XXE document before parsing it', () => {
    expect(() => parseSafeXml(XXE_XML, 'moodle_backup.xml')).toThrow(XmlRefusedError);
    expect(() => parseSafeXml(XXE_XML, 'moodle_backup.xml')).toThrow(/DOCTYPE/);
    expect(() => parseSafeXml(XXE_XML, 'moodle_backup.xml')).toThrow(
      expect.objectContaining({ failureCode: 'XML_DOCTYPE_REFUSED', failureParams: { file: 'moodle_backup.xml' } }),
    );
  });

  it('refuses a billion-laughs document', () => {
    expect(() => parseSafeXml(BILLION_LAUGHS_XML, 'moodle_backup.xml')).toThrow(XmlRefusedError);
  });

  it('decodes predefined and numeric entities once, leaving unknown names as written', () => {
    const doc = parseSafeXml('<a><b>&lt;p&gt;caf&#233; &amp;amp; &#x4e2d; &foo;&lt;/p&gt;</b></a>', 'x');
    expect(text(child(doc, 'a'), 'b')).toBe('<p>café &amp; 中 &foo;</p>');
    expect(decodeXmlText('&amp;lt;')).toBe('&lt;');
  });

  it("reads Moodle's $@NULL@$ as null", () => {
    const doc = parseSafeXml('<a><b>$@NULL@$</b><c></c></a>', 'x');
    expect(text(child(doc, 'a'), 'b')).toBeNull();
    expect(text(child(doc, 'a'), 'c')).toBe('');
  });

  it('refuses malformed XML with a reason', () => {
    expect(() => parseSafeXml('<a><b></a>', 'course.xml')).toThrow(/course.xml is not well-formed/);
    expect(() => parseSafeXml('<a><b></a>', 'course.xml')).toThrow(
      expect.objectContaining({ failureCode: 'XML_MALFORMED', failureParams: { file: 'course.xml' } }),
    );
  });
});
