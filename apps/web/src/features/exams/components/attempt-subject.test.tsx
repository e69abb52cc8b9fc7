import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AnswerValue, AttemptSubject as Subject } from '@atrium/contracts';
import { renderWithApp } from '../../../test/render';
import { SUBJECTS } from '../test/fixtures';
import { AttemptSubject } from './attempt-subject';

/** One subject with its answer kept in state, every change reported to `onChange`. */
function Harness({ subject, onChange, initial }: { subject: Subject; onChange: (value: AnswerValue) => void; initial?: AnswerValue }) {
  const [value, setValue] = useState<AnswerValue | undefined>(initial);
  return (
    <AttemptSubject
      subject={subject}
      number={subject.type === 'description' ? undefined : 1}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

function renderSubject(subject: Subject, initial?: AnswerValue) {
  const onChange = vi.fn<(value: AnswerValue) => void>();
  const user = userEvent.setup();
  renderWithApp(<Harness subject={subject} onChange={onChange} initial={initial} />);
  return { onChange, user, group: () => screen.getByRole('group', { name: /Question 1/ }) };
}

describe('the answer input of each subject type (issue 15)', { timeout: 30_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('single selection: one radio per option inside the question’s fieldset', async () => {
    const { onChange, user, group } = renderSubject(SUBJECTS.single_selection);
    expect(within(group()).getByText('Which planet is red?')).toBeInTheDocument();
    expect(within(group()).getByText('2 points')).toBeInTheDocument();
    await user.click(within(group()).getByRole('radio', { name: 'Venus' }));
    expect(onChange).toHaveBeenLastCalledWith('o2');
    expect(within(group()).getByRole('radio', { name: 'Venus' })).toBeChecked();
    expect(within(group()).getByText('Answered')).toBeInTheDocument();
  });

  it('multiple selection: checkboxes whose ids make the answer', async () => {
    const { onChange, user, group } = renderSubject(SUBJECTS.multiple_selection);
    await user.click(within(group()).getByRole('checkbox', { name: '2' }));
    await user.click(within(group()).getByRole('checkbox', { name: '5' }));
    expect(onChange).toHaveBeenLastCalledWith(['p2', 'p5']);
  });

  it('true or false answers a boolean, false included', async () => {
    const { onChange, user, group } = renderSubject(SUBJECTS.true_or_false);
    await user.click(within(group()).getByRole('radio', { name: 'False' }));
    expect(onChange).toHaveBeenLastCalledWith(false);
    expect(within(group()).getByText('Answered')).toBeInTheDocument();
  });

  it('fill in the blanks: inputs sit at the [[n]] markers inside the text; a blank without a marker is listed below', async () => {
    const { onChange, user, group } = renderSubject(SUBJECTS.fill_in_blank, ['Paris']);
    const first = within(group()).getByRole('textbox', { name: 'Blank 1' });
    const second = within(group()).getByRole('textbox', { name: 'Blank 2' });
    const paragraph = within(group()).getByText('France').closest('p')!;
    expect(paragraph).toContainElement(first);
    expect(paragraph).toContainElement(second);
    expect(first.closest('[data-blank]')).toHaveAttribute('data-blank', '1');
    // In reading order: "… France is [blank 1] and of Italy [blank 2]."
    expect(paragraph.textContent).toBe('The capital of France is  and of Italy .');
    const [before, after] = [...paragraph.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent);
    expect(before).toBe('The capital of ');
    expect(after).toBe(' is ');
    expect(screen.queryByText('[[1]]', { exact: false })).not.toBeInTheDocument();
    expect(first).toHaveValue('Paris');
    const third = within(group()).getByRole('textbox', { name: 'Blank 3' });
    expect(paragraph).not.toContainElement(third);
    expect(within(group()).getByText('Blank 3:')).toBeInTheDocument();
    await user.type(second, 'Rome');
    expect(onChange).toHaveBeenLastCalledWith(['Paris', 'Rome', '']);
    expect(within(group()).getByText('Not answered')).toBeInTheDocument();
  });

  it('fill in the blanks with choices (imported gap-select): a blank with choices is a select of them, a typed one stays a text input', async () => {
    const subject = { ...SUBJECTS.fill_in_blank, blank_count: 2, blank_choices: [['Lyon', 'Paris', 'Rome'], null] };
    const { onChange, user, group } = renderSubject(subject);
    expect(within(group()).queryByRole('textbox', { name: 'Blank 1' })).toBeNull();
    const first = within(group()).getByRole('combobox', { name: 'Blank 1' });
    expect(within(group()).getByText('France').closest('p')).toContainElement(first);
    fireEvent.mouseDown(first);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Lyon', 'Paris', 'Rome']);
    await user.click(await screen.findByTitle('Paris'));
    expect(onChange).toHaveBeenLastCalledWith(['Paris', '']);
    await user.type(within(group()).getByRole('textbox', { name: 'Blank 2' }), 'Roma');
    expect(onChange).toHaveBeenLastCalledWith(['Paris', 'Roma']);
  });

  it('short answer: one line named by the question', async () => {
    const { onChange, user } = renderSubject(SUBJECTS.short_answer);
    await user.type(screen.getByRole('textbox', { name: 'Question 1' }), 'Ne');
    expect(onChange).toHaveBeenLastCalledWith('Ne');
  });

  it('numerical: a line with the units it accepts as its hint', async () => {
    const { onChange, user } = renderSubject(SUBJECTS.numerical);
    const input = screen.getByRole('textbox', { name: 'Question 1' });
    expect(input).toHaveAccessibleDescription('Units: m/s², cm/s²');
    await user.type(input, '9.8 m/s²');
    expect(onChange).toHaveBeenLastCalledWith('9.8 m/s²');
  });

  it('matching: a select per prompt, named by the prompt, answering { promptId: choiceId }', async () => {
    const { onChange, group } = renderSubject(SUBJECTS.matching);
    const france = within(group()).getByRole('combobox', { name: 'France' });
    expect(within(group()).getByRole('combobox', { name: 'Italy' })).toBeInTheDocument();
    fireEvent.mouseDown(france);
    fireEvent.click(await screen.findByTitle('Paris'));
    expect(onChange).toHaveBeenLastCalledWith({ fr: 'c-paris' });
  });

  it('essay: the rich-text editor', async () => {
    renderSubject(SUBJECTS.essay);
    expect(await screen.findByRole('textbox', { name: 'Your essay' }, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('description: text only, nothing to answer', () => {
    renderWithApp(<AttemptSubject subject={SUBJECTS.description} number={undefined} value={undefined} onChange={() => {}} />);
    expect(screen.getByText('Part B: reading')).toBeInTheDocument();
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });
});
