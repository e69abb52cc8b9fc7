import { describe, expect, it } from 'vitest';
import { AnnotationDocumentSchema, AnnotationsAnswerSchema, SaveAnnotationsBodySchema } from './annotations.schemas';

const pen = {
  id: 'a',
  type: 'pen',
  page: 1,
  color: '#ff0000',
  width: 2,
  points: [
    [1, 2],
    [3, 4],
  ],
};
const text = { id: 'b', type: 'text', page: 2, x: 10, y: 20, text: '做得好', color: '#000000', size: 12 };
const stamp = { id: 'c', type: 'stamp', page: 1, x: 10, y: 20, stamp: 'star', color: '#00aa00', size: 24 };

describe('AnnotationDocumentSchema', () => {
  it('accepts strokes, text and stamps with page rotations', () => {
    expect(AnnotationDocumentSchema.parse({ annotations: [pen, text, stamp], rotations: { '2': 90 } }).annotations).toHaveLength(3);
  });

  it('names the field of a bad colour, a one-point stroke, an unknown stamp, a 45° rotation and a page 0', () => {
    const cases: [unknown, string][] = [
      [{ annotations: [{ ...pen, color: 'red' }], rotations: {} }, 'annotations.0.color'],
      [{ annotations: [{ ...pen, points: [[1, 2]] }], rotations: {} }, 'annotations.0.points'],
      [{ annotations: [{ ...stamp, stamp: 'heart' }], rotations: {} }, 'annotations.0.stamp'],
      [{ annotations: [], rotations: { '1': 45 } }, 'rotations.1'],
      [{ annotations: [{ ...text, page: 0 }], rotations: {} }, 'annotations.0.page'],
      [{ annotations: [{ ...text, size: 100 }], rotations: {} }, 'annotations.0.size'],
    ];
    for (const [input, path] of cases) {
      const result = AnnotationDocumentSchema.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.path.join('.'))).toContain(path);
    }
  });

  it('allows at most 5000 annotations', () => {
    expect(AnnotationDocumentSchema.safeParse({ annotations: Array.from({ length: 5001 }, () => stamp), rotations: {} }).success).toBe(false);
  });

  it('carries the upload id in the save body and the flattened upload in the answer', () => {
    expect(SaveAnnotationsBodySchema.safeParse({ annotations: [], rotations: {} }).success).toBe(false);
    expect(
      AnnotationsAnswerSchema.parse({ upload_id: 3, annotations: [pen], rotations: {}, annotated_upload_id: null, updated_at: null }).annotated_upload_id,
    ).toBeNull();
  });
});
