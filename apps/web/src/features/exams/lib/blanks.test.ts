import { describe, expect, it } from 'vitest';
import { blankNumbersOf, markBlanks, showBlankGaps } from './blanks';

describe('fill-in-blank markers', () => {
  it('finds each marked blank once, in order of appearance', () => {
    expect(blankNumbersOf('<p>[[2]] before [[1]], again [[2]]</p>')).toEqual([2, 1]);
    expect(blankNumbersOf('<p>no blanks, [1] or [[x]]</p>')).toEqual([]);
  });

  it('replaces the first marker of each blank in range by a slot and leaves the rest as text', () => {
    const { html, placed } = markBlanks('<p>The <b>capital</b> of France is [[1]]; of Italy, [[2]]. Repeat [[1]], stray [[3]].</p>', 2);
    expect(placed).toEqual([1, 2]);
    expect(html).toBe(
      '<p>The <b>capital</b> of France is <span class="exam-blank" data-blank="1"></span>; of Italy, <span class="exam-blank" data-blank="2"></span>. Repeat [[1]], stray [[3]].</p>',
    );
  });

  it('shows the markers as numbered gaps where the text is only read', () => {
    expect(showBlankGaps('<p>[[1]] and [[12]]</p>')).toBe('<p><span class="exam-blank-gap">1</span> and <span class="exam-blank-gap">12</span></p>');
  });
});
