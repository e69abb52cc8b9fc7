/** A question to open in the previewer (a question notification's destination, issue 18 §5). */
export interface QuestionTarget {
  uploadId: number;
  questionId: number;
  /** The document page to turn to, when the question is anchored at one. */
  page: number | null;
}

/**
 * The question a learning-activity hash points at: `#/{activityId}?upload={u}&page={p}&question={t}`
 * (notificationDestination, type topic, space question); null when the hash names none.
 */
export function questionTargetOf(hash: string): QuestionTarget | null {
  const query = hash.replace(/^#/, '').split('?')[1] ?? '';
  const params = new URLSearchParams(query);
  const positive = (name: string) => {
    const value = Number(params.get(name));
    return Number.isSafeInteger(value) && value > 0 ? value : null;
  };
  const uploadId = positive('upload');
  const questionId = positive('question');
  if (uploadId === null || questionId === null) return null;
  return { uploadId, questionId, page: positive('page') };
}
