import { describe, expect, it } from 'vitest';
import { editorKindOf, editorParamsOf, firstEditableUpload, pdfEditorPath } from './editor-params';

const origin = 'https://lms.example.org';
const params = (query: string) => editorParamsOf(new URLSearchParams(query), origin);
const upload = (id: number, name: string, type = 'document') => ({ id, name, type, status: 'ready' as const, size: 1, annotated_upload_id: null });

describe('editorParamsOf', () => {
  it('reads the spec §2 parameters and submissionId', () => {
    expect(params('uploadId=41&fileType=PDF&rotatedAngle=-90&fileName=a.pdf&submissionId=7')).toEqual({
      uploadId: 41,
      file: null,
      fileType: 'pdf',
      imgURL: null,
      rotatedAngle: 270,
      attachmentUrl: null,
      fileName: 'a.pdf',
      submissionId: 7,
    });
  });

  it('keeps only same-origin API paths as file URLs, and drops malformed numbers', () => {
    const read = params(
      `file=${encodeURIComponent('https://evil.example.com/x.pdf')}&imgURL=${encodeURIComponent('/api/uploads/3/blob')}&uploadId=abc&rotatedAngle=x`,
    );
    expect(read.file).toBeNull();
    expect(read.imgURL).toBe('/api/uploads/3/blob');
    expect(read.uploadId).toBeNull();
    expect(read.rotatedAngle).toBe(0);
  });
});

describe('editorKindOf', () => {
  const none = { fileType: null, imgURL: null, fileName: null };
  it('opens images, PDFs and Office documents, and nothing else (spec §6)', () => {
    expect(editorKindOf({ ...none, imgURL: '/api/uploads/1/blob' }, null)).toBe('image');
    expect(editorKindOf({ ...none, fileType: 'image' }, null)).toBe('image');
    expect(editorKindOf({ ...none, fileType: 'docx' }, null)).toBe('office');
    expect(editorKindOf(none, upload(1, 'essay.PDF'))).toBe('pdf');
    expect(editorKindOf(none, upload(1, 'scan.jpg', 'image'))).toBe('image');
    expect(editorKindOf(none, upload(1, 'report.docx'))).toBe('office');
    expect(editorKindOf(none, upload(1, 'talk.mp4', 'video'))).toBe('unsupported');
    expect(editorKindOf({ ...none, fileName: 'notes.zip' }, null)).toBe('unsupported');
    expect(editorKindOf(none, null)).toBe('pdf');
  });

  it('picks the first file of a submission the editor can open', () => {
    expect(firstEditableUpload([upload(1, 'talk.mp4', 'video'), upload(2, 'essay.docx')])?.id).toBe(2);
    expect(firstEditableUpload([upload(1, 'talk.mp4', 'video')])).toBeNull();
  });
});

describe('pdfEditorPath', () => {
  it('builds the grading address the editor reads back', () => {
    const path = pdfEditorPath({ submissionId: 7, uploadId: 41, fileType: 'pdf' });
    expect(path).toBe('/pdf/editor?submissionId=7&uploadId=41&fileType=pdf');
    expect(editorParamsOf(new URLSearchParams(path.split('?')[1]), origin)).toMatchObject({ submissionId: 7, uploadId: 41, fileType: 'pdf' });
    expect(pdfEditorPath({ submissionId: 8 })).toBe('/pdf/editor?submissionId=8');
  });
});
