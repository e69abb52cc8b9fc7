import { describe, expect, it } from 'vitest';
import type { Annotation } from '@atrium/contracts';
import { editorReducer, initialEditorState, isContentChanged } from './editor-state';
import { annotationAt, simplifyStroke } from './annotation-geometry';

const stroke: Annotation = {
  id: 's',
  type: 'pen',
  page: 1,
  color: '#e53935',
  width: 2,
  points: [
    [0, 0],
    [100, 0],
  ],
};
const stamp: Annotation = { id: 't', type: 'stamp', page: 2, x: 50, y: 50, stamp: 'star', color: '#e53935', size: 20 };

describe('editorReducer', () => {
  it('adds, removes, rotates, undoes and redoes; changed until saved or undone', () => {
    let state = initialEditorState();
    state = editorReducer(state, { type: 'add', annotation: stroke });
    state = editorReducer(state, { type: 'rotate', page: 2, by: 90 });
    expect(state.content.rotations).toEqual({ '2': 90 });
    expect(isContentChanged(state)).toBe(true);
    state = editorReducer(state, { type: 'rotate', page: 2, by: 270 });
    expect(state.content.rotations).toEqual({});
    state = editorReducer(state, { type: 'remove', id: 's' });
    expect(state.content.annotations).toEqual([]);
    expect(isContentChanged(state)).toBe(false);
    state = editorReducer(state, { type: 'undo' });
    expect(state.content.annotations).toEqual([stroke]);
    state = editorReducer(state, { type: 'redo' });
    expect(state.content.annotations).toEqual([]);
    state = editorReducer(state, { type: 'add', annotation: stamp });
    expect(state.future).toEqual([]);
    state = editorReducer(state, { type: 'saved', content: state.content });
    expect(isContentChanged(state)).toBe(false);
  });

  it('ignores removing an annotation that is not there (no undo step)', () => {
    const state = initialEditorState({ annotations: [stroke], rotations: {} });
    expect(editorReducer(state, { type: 'remove', id: 'nope' })).toBe(state);
  });
});

describe('annotationAt', () => {
  it('finds the topmost annotation of the page within the tolerance', () => {
    const all = [stroke, { ...stroke, id: 'top' }, stamp];
    expect(annotationAt(all, 1, [50, 3], 2)?.id).toBe('top');
    expect(annotationAt(all, 1, [50, 10], 2)).toBeUndefined();
    expect(annotationAt(all, 1, [50, 50], 2)).toBeUndefined();
    expect(annotationAt(all, 2, [58, 42], 1)?.id).toBe('t');
    const text: Annotation = { id: 'x', type: 'text', page: 1, x: 10, y: 10, text: '好的\nok', color: '#000000', size: 10 };
    expect(annotationAt([text], 1, [25, 12], 0)?.id).toBe('x');
    // On a page shown turned by 90°, the text is turned counter-clockwise about (10, 10): it runs up the page.
    expect(annotationAt([text], 1, [28, 15], 0)?.id).toBe('x');
    expect(annotationAt([text], 1, [28, 15], 0, 90)).toBeUndefined();
    expect(annotationAt([text], 1, [8, 25], 0, 90)?.id).toBe('x');
  });
});

describe('simplifyStroke', () => {
  it('drops points closer than the distance, keeps the ends, and makes a dot of a click', () => {
    expect(
      simplifyStroke(
        [
          [0, 0],
          [0.1, 0],
          [5, 0],
          [5.1, 0],
        ],
        1,
      ),
    ).toEqual([
      [0, 0],
      [5, 0],
      [5.1, 0],
    ]);
    expect(simplifyStroke([[3, 4]], 1)).toEqual([
      [3, 4],
      [3, 4],
    ]);
  });
});
