import { describe, expect, it } from 'vitest';
import { clozeBlank, parseCloze, plainText } from './moodle-cloze.js';

describe('the cloze syntax', () => {
  it('finds every part, replaces it by {#n} and reads type, weight, fractions, feedback and tolerance', () => {
    const { text, parts } = parseCloze(
      '<p>Capital: {1:SHORTANSWER:=Paris#Yes~%50%Marseille#Half~*#No}. Pi: {2:NUMERICAL:=3.14:0.01~%50%3:0.5}. ' +
        'State: {:MC:California~=Arizona#Right}. Pick: {1:MULTIRESPONSE:%50%a~%50%b~%-100%c}. Case: {SAC:=NaCl}. Not cloze: {A} {1:FOO:x}.</p>',
    );
    expect(text).toBe('<p>Capital: {#1}. Pi: {#2}. State: {#3}. Pick: {#4}. Case: {SAC:=NaCl}. Not cloze: {A} {1:FOO:x}.</p>');
    expect(parts.map((p) => [p.index, p.type, p.kind, p.weight, p.caseSensitive])).toEqual([
      [1, 'SHORTANSWER', 'shortanswer', 1, false],
      [2, 'NUMERICAL', 'numerical', 2, false],
      [3, 'MC', 'multichoice', 1, false],
      [4, 'MULTIRESPONSE', 'multiresponse', 1, false],
    ]);
    expect(parts[0]!.answers).toEqual([
      { text: 'Paris', fraction: 1, tolerance: 0 },
      { text: 'Marseille', fraction: 0.5, tolerance: 0 },
      { text: '*', fraction: 0, tolerance: 0 },
    ]);
    expect(parts[1]!.answers).toEqual([
      { text: '3.14', fraction: 1, tolerance: 0.01 },
      { text: '3', fraction: 0.5, tolerance: 0.5 },
    ]);
    expect(parts[3]!.answers.map((a) => a.fraction)).toEqual([0.5, 0.5, -1]);
  });

  it('honours escapes (\\~ \\} \\#) and character references, and every alias of the types', () => {
    const { parts } = parseCloze('{1:SA:=a\\~b\\}c\\#d#fb~=x &#35; y} {1:SAC:=Ab} {1:MW:=w} {1:MWC:=W} {1:NM:=5} {1:MCV:=v~w} {1:MCHS:=h~i} {1:MRH:=r~s}');
    expect(parts[0]!.answers.map((a) => a.text)).toEqual(['a~b}c#d', 'x &#35; y']);
    expect(parts.map((p) => `${p.kind}${p.caseSensitive ? '/C' : ''}`)).toEqual([
      'shortanswer',
      'shortanswer/C',
      'shortanswer',
      'shortanswer/C',
      'numerical',
      'multichoice',
      'multichoice',
      'multiresponse',
    ]);
  });

  it('a part as a blank: fully right answers accepted, partial ones dropped and said so; choices kept; several answers refused', () => {
    const { parts } = parseCloze(
      '{1:SHORTANSWER:=Paris~%50%Marseille~*} {1:NUMERICAL:=3.50:0.1~=7} {1:MULTICHOICE:<b>Cal</b>ifornia~=Arizona &amp; Co} {1:MR:=a~=b} {1:SA:%0%x} {1:SAC:=NaCl}',
    );
    expect(clozeBlank(parts[0]!, 'part 1')).toEqual({
      accepted: ['Paris'],
      choices: null,
      caseSensitive: false,
      notes: ['part 1: answers worth part of the points were dropped (only fully right ones are accepted)'],
    });
    expect(clozeBlank(parts[1]!, 'part 2')).toEqual({
      accepted: ['3.5', '7'],
      choices: null,
      caseSensitive: false,
      notes: ['part 2: the number is compared as text, its tolerance ±0.1 was not kept'],
    });
    expect(clozeBlank(parts[2]!, 'part 3')).toEqual({ accepted: ['Arizona & Co'], choices: ['California', 'Arizona & Co'], caseSensitive: false, notes: [] });
    expect(clozeBlank(parts[3]!, 'part 4')).toEqual({ why: 'part 4 (MR) takes several answers, which one blank cannot' });
    expect(clozeBlank(parts[4]!, 'part 5')).toEqual({ why: 'part 5 has no right answer' });
    expect(clozeBlank(parts[5]!, 'part 6')).toMatchObject({ accepted: ['NaCl'], caseSensitive: true });
  });

  it('plain text of an answer: tags dropped, entities decoded, spaces collapsed', () => {
    expect(plainText('<p>Tom &amp;&nbsp;Jerry &#233;t&#xE9;</p>\n<br>')).toBe('Tom & Jerry été');
  });
});
