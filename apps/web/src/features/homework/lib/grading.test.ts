import { describe, expect, it } from 'vitest';
import { isEditable, pdfEditorPath } from './grading';

describe('isEditable (spec §6: the PDF editor edits documents and images only)', () => {
  it('opens PDFs, Office files and the raster images the server can flatten, and nothing else', () => {
    for (const name of ['a.pdf', 'b.docx', 'c.pptx', 'd.xlsx', 'e.png', 'f.JPG', 'g.gif', 'h.webp', 'i.bmp']) {
      expect(isEditable({ name, type: name.endsWith('.pdf') || /docx|pptx|xlsx/.test(name) ? 'document' : 'image' }), name).toBe(true);
    }
    for (const name of ['logo.svg', 'notes.txt', 'clip.mp4', 'data.zip']) {
      expect(isEditable({ name, type: name.endsWith('.svg') ? 'image' : 'document' }), name).toBe(false);
    }
  });

  it('builds the editor address with the submission, the upload and its name', () => {
    expect(pdfEditorPath(40, { id: 81, name: 'report final.pdf' })).toBe('/pdf/editor?submissionId=40&uploadId=81&fileName=report+final.pdf');
  });
});
