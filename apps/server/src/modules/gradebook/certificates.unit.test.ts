import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { drawCertificate } from './certificate-pdf.js';
import { newCertificateCode } from './certificates.service.js';

describe('certificates', () => {
  it('draws a PDF stating the learner, course, total and code, whatever script the name is in', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'certificate-unit-'));
    for (const userName of ['Ada Lovelace', '王小明', 'ⵜⴰⵎⴰⵣⵉⵖⵜ Tamazight', 'สมชาย ใจดี']) {
      const code = newCertificateCode();
      const bytes = await drawCertificate({ userName, courseTitle: 'Algebra I', total: 87.5, issuedAt: new Date('2026-11-26T09:00:00Z'), code });
      const file = path.join(dir, `${code}.pdf`);
      writeFileSync(file, bytes);
      const text = execFileSync('pdftotext', [file, '-']).toString();
      expect(text).toContain(code);
      expect(text).toContain('Algebra I');
      expect(text).toContain('87.50%');
      expect(text).toContain('2026-11-26');
    }
  }, 60_000);

  it('makes codes of 12 unambiguous characters in three groups, different each time', () => {
    const codes = new Set(Array.from({ length: 500 }, () => newCertificateCode()));
    expect(codes.size).toBe(500);
    for (const code of codes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
  });
});
