import type { Annotation, AnnotationDocument, PageRotation } from '@atrium/contracts';
import { normaliseRotation } from './page-geometry';

/** What the editor edits: the annotations and page rotations of one upload. */
export interface EditorContent {
  annotations: Annotation[];
  rotations: Record<string, PageRotation>;
}

/** Editor state with undo/redo history; `isChanged` until saved (spec §4 PDF editor "changed"). */
export interface EditorState {
  content: EditorContent;
  past: EditorContent[];
  future: EditorContent[];
  /** The content as last loaded or saved. */
  saved: EditorContent;
}

export type EditorAction =
  | { type: 'load'; content: EditorContent }
  | { type: 'add'; annotation: Annotation }
  | { type: 'remove'; id: string }
  | { type: 'rotate'; page: number; by: number }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'saved'; content: EditorContent };

/** Most undo steps kept. */
export const HISTORY_LIMIT = 200;

export const EMPTY_CONTENT: EditorContent = { annotations: [], rotations: {} };

export function initialEditorState(content: EditorContent = EMPTY_CONTENT): EditorState {
  return { content, past: [], future: [], saved: content };
}

function change(state: EditorState, content: EditorContent): EditorState {
  return { ...state, content, past: [...state.past, state.content].slice(-HISTORY_LIMIT), future: [] };
}

/** The editor's reducer: every edit is one undo step; loading and saving reset the baseline. */
export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'load':
      return initialEditorState(action.content);
    case 'add':
      return change(state, { ...state.content, annotations: [...state.content.annotations, action.annotation] });
    case 'remove': {
      if (!state.content.annotations.some((annotation) => annotation.id === action.id)) return state;
      return change(state, { ...state.content, annotations: state.content.annotations.filter((annotation) => annotation.id !== action.id) });
    }
    case 'rotate': {
      const key = String(action.page);
      const next = normaliseRotation((state.content.rotations[key] ?? 0) + action.by);
      const rotations = { ...state.content.rotations };
      if (next === 0) delete rotations[key];
      else rotations[key] = next;
      return change(state, { ...state.content, rotations });
    }
    case 'undo': {
      const previous = state.past[state.past.length - 1];
      if (!previous) return state;
      return { ...state, content: previous, past: state.past.slice(0, -1), future: [state.content, ...state.future] };
    }
    case 'redo': {
      const [next, ...rest] = state.future;
      if (!next) return state;
      return { ...state, content: next, past: [...state.past, state.content], future: rest };
    }
    case 'saved':
      return { ...state, saved: action.content };
  }
}

/** True when the content differs from what was loaded or last saved. */
export function isContentChanged(state: EditorState): boolean {
  return state.content !== state.saved && JSON.stringify(state.content) !== JSON.stringify(state.saved);
}

/** The saved document of the content. */
export function toDocument(content: EditorContent): AnnotationDocument {
  return { annotations: content.annotations, rotations: content.rotations };
}

/** A fresh annotation id. */
export function newAnnotationId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `a${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
}
