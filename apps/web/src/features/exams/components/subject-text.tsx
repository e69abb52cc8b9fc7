import { RichHtml } from '../../activities/components/views/rich-html';
import { showBlankGaps } from '../lib/blanks';

/** A subject's text read-only (results, review, the team's list): rich text, a fill-in-blank's `[[n]]` markers as numbered gaps. */
export function SubjectText({ subject }: { subject: { type: string; description: string } }) {
  return <RichHtml html={subject.type === 'fill_in_blank' ? showBlankGaps(subject.description) : subject.description} />;
}
