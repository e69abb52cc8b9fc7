/**
 * A polite live region (WCAG 2.2 4.1.3 status messages): screen readers read its text whenever it
 * changes, without moving the focus; nothing is shown. Keep it mounted while the text changes (a
 * region that appears together with its text is often not read), and change the text only at steps
 * worth hearing (a percent in tens, a finish), never with every byte.
 */
export function LiveAnnouncement({ text, testId }: { text: string; testId?: string }) {
  return (
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid={testId}>
      {text}
    </div>
  );
}
