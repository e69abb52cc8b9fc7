import type { AnnotationStamp } from '@atrium/contracts';

/** The editor's tools (issue 16: pen, highlighter, text box, stamp, eraser; page rotation is a toolbar action). */
export const EDITOR_TOOLS = ['pen', 'highlighter', 'text', 'stamp', 'eraser'] as const;
export type EditorTool = (typeof EDITOR_TOOLS)[number];

/** The chosen tool, colour (`#rrggbb`) and stamp. */
export interface ToolSettings {
  tool: EditorTool;
  color: string;
  stamp: AnnotationStamp;
}

/** Stroke widths and sizes in PDF points. */
export const PEN_WIDTH = 2;
export const HIGHLIGHTER_WIDTH = 14;
export const TEXT_SIZE = 14;
export const STAMP_SIZE = 28;

/** Colours offered: red first (grading), then blue, green, black, and yellow for highlighting. */
export const TOOL_COLORS = ['#e53935', '#1e64d8', '#2e9d41', '#222222', '#ffd400'] as const;

/** The colour a tool starts with. */
export function defaultColorOf(tool: EditorTool): string {
  return tool === 'highlighter' ? '#ffd400' : '#e53935';
}

/** Zoom steps (times the fit-width scale). */
export const ZOOM_MIN = 0.5;
export const ZOOM_MAX = 3;
export const ZOOM_STEP = 0.25;
