import { z } from 'zod';

/**
 * PDF editor annotations (issue 16 item 2; spec §2 `/pdf/editor`). Every
 * coordinate is in PDF user-space points of the *unrotated* page, origin at the
 * bottom-left corner; pages are 1-based. Page rotation is one of the tools and
 * is kept apart from the annotations, per page. Text and stamps read upright as
 * the page is shown: they are turned counter-clockwise (in PDF space) by the
 * page's shown rotation — its own `/Rotate` plus the editor's — about their
 * anchor `x, y`. The server flattens a document onto a copy of the student's
 * file (the original stays untouched).
 */

/** Most annotations in one document, and most points in one stroke. */
export const MAX_ANNOTATIONS = 5000;
export const MAX_STROKE_POINTS = 5000;
/** Font size bounds of text and stamp annotations, in points. */
export const ANNOTATION_SIZE_MIN = 6;
export const ANNOTATION_SIZE_MAX = 72;
/** Longest text of a text annotation, in characters. */
export const ANNOTATION_TEXT_MAX = 2000;

/** Stamps offered by the editor, each drawn as a vector shape. */
export const ANNOTATION_STAMPS = ['check', 'cross', 'question', 'star'] as const;
export const AnnotationStampSchema = z.enum(ANNOTATION_STAMPS);
export type AnnotationStamp = z.infer<typeof AnnotationStampSchema>;

/** A page rotation in degrees, clockwise as in the PDF `/Rotate` entry. */
export const PAGE_ROTATIONS = [0, 90, 180, 270] as const;
export const PageRotationSchema = z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)]);
export type PageRotation = z.infer<typeof PageRotationSchema>;

const coordinate = z.number().finite().min(-100_000).max(100_000);
const annotationId = z.string().min(1).max(64);
const page = z.number().int().min(1).max(100_000);
/** `#rrggbb`. */
export const AnnotationColorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/);
const size = z.number().min(ANNOTATION_SIZE_MIN).max(ANNOTATION_SIZE_MAX);

/** A point `[x, y]` in PDF points. */
export const AnnotationPointSchema = z.tuple([coordinate, coordinate]);
export type AnnotationPoint = z.infer<typeof AnnotationPointSchema>;

/** A freehand stroke: `pen` opaque, `highlighter` translucent; `width` in points (0.5..100). */
export const StrokeAnnotationSchema = z.object({
  id: annotationId,
  type: z.enum(['pen', 'highlighter']),
  page,
  color: AnnotationColorSchema,
  width: z.number().min(0.5).max(100),
  points: z.array(AnnotationPointSchema).min(2).max(MAX_STROKE_POINTS),
});
export type StrokeAnnotation = z.infer<typeof StrokeAnnotationSchema>;

/** A text box: `x, y` is the baseline start of the first line; `size` is the font size in points. Lines split on `\n` and follow each other downwards as shown. */
export const TextAnnotationSchema = z.object({
  id: annotationId,
  type: z.literal('text'),
  page,
  x: coordinate,
  y: coordinate,
  text: z.string().min(1).max(ANNOTATION_TEXT_MAX),
  color: AnnotationColorSchema,
  size,
});
export type TextAnnotation = z.infer<typeof TextAnnotationSchema>;

/** A stamp centred on `x, y`; `size` is its width and height in points. */
export const StampAnnotationSchema = z.object({
  id: annotationId,
  type: z.literal('stamp'),
  page,
  x: coordinate,
  y: coordinate,
  stamp: AnnotationStampSchema,
  color: AnnotationColorSchema,
  size,
});
export type StampAnnotation = z.infer<typeof StampAnnotationSchema>;

/** One annotation of the PDF editor. */
export const AnnotationSchema = z.discriminatedUnion('type', [StrokeAnnotationSchema, TextAnnotationSchema, StampAnnotationSchema]);
export type Annotation = z.infer<typeof AnnotationSchema>;
export type AnnotationType = Annotation['type'];

/** Page number as a string (`"1"`, `"2"` …) → rotation added to the page's own rotation. */
export const PageRotationsSchema = z.record(z.string().regex(/^[1-9][0-9]{0,5}$/), PageRotationSchema);
export type PageRotations = z.infer<typeof PageRotationsSchema>;

/** Everything the editor saves for one upload: annotations (at most 5000) and page rotations. */
export const AnnotationDocumentSchema = z.object({
  annotations: z.array(AnnotationSchema).max(MAX_ANNOTATIONS),
  rotations: PageRotationsSchema,
});
export type AnnotationDocument = z.infer<typeof AnnotationDocumentSchema>;

/** `PUT /api/homework-submissions/{submissionId}/annotations`: the annotations of one of the submission's uploads. */
export const SaveAnnotationsBodySchema = AnnotationDocumentSchema.extend({
  upload_id: z.number().int().positive(),
});
export type SaveAnnotationsBody = z.infer<typeof SaveAnnotationsBodySchema>;

/** `GET /api/homework-submissions/{submissionId}/annotations?upload_id=N` query. */
export const AnnotationsQuerySchema = z.object({ upload_id: z.coerce.number().int().positive() });
export type AnnotationsQuery = z.infer<typeof AnnotationsQuerySchema>;

/**
 * Answer of both annotation calls: the stored document (empty when never saved),
 * the flattened PDF's upload id (null before the first save) and when it was saved.
 */
export const AnnotationsAnswerSchema = AnnotationDocumentSchema.extend({
  upload_id: z.number().int().positive(),
  annotated_upload_id: z.number().int().positive().nullable(),
  updated_at: z.iso.datetime({ offset: true }).nullable(),
});
export type AnnotationsAnswer = z.infer<typeof AnnotationsAnswerSchema>;
