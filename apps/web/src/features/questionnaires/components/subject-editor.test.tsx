import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QuestionnaireSubject } from '@atrium/contracts';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { SubjectEditor } from './subject-editor';

// Two shared cores run many suites at once: give answers from the mocked server time to land.
configure({ asyncUtilTimeout: 5_000 });

const fetchMock = vi.fn<typeof fetch>();

const single: QuestionnaireSubject = {
  id: 1,
  type: 'single_selection',
  description: '<p>Favourite colour?</p>',
  is_required: true,
  sort: 1,
  options: [
    { id: 'a', content: 'Red' },
    { id: 'b', content: 'Blue' },
  ],
};
const matrix: QuestionnaireSubject = {
  id: 6,
  type: 'matrix',
  description: '<p>Rate the parts</p>',
  is_required: false,
  sort: 2,
  rows: [{ id: 'r1', content: 'Lectures' }],
  columns: [
    { id: 'c1', content: 'Poor' },
    { id: 'c2', content: 'Good' },
  ],
};

const calls = (method: string) => fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method);
const bodyOf = (call: Parameters<typeof fetch>) => JSON.parse(String(call[1]?.body)) as unknown;
/** The open subject modal. */
const dialog = async () =>
  (await screen.findByText(/^(Add|Edit) a question|^Edit question/, { selector: '.ant-modal-title' })).closest<HTMLElement>('.ant-modal')!;
const save = (modal: HTMLElement) => fireEvent.click(within(modal).getByText('Save').closest('button')!);

// jsdom has no layout: ProseMirror asks ranges for their rectangles when it scrolls the selection into view.
const emptyRects = () => Object.assign([] as DOMRect[], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getClientRects ??= emptyRects;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();

describe('SubjectEditor (issue 15 §5, course team)', { timeout: 60_000 }, () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('adds a rating subject with its scale and end labels', async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, { ...single, id: 9 }));
    const user = userEvent.setup();
    renderWithApp(<SubjectEditor activityId={7} subjects={[]} />);
    expect(screen.getByText('No questions yet. Add the first one.')).toBeInTheDocument();
    await user.click(screen.getByText('Add a question').closest('button')!);
    await user.click(await screen.findByText('Rating scale'));
    const modal = await dialog();
    expect(within(modal).getByText('Add a question: Rating scale')).toBeInTheDocument();

    const editor = await within(modal).findByRole('textbox', { name: 'Question' }, { timeout: 15_000 });
    editor.focus();
    await user.keyboard('How hard was it?');
    fireEvent.change(within(modal).getByLabelText('Highest'), { target: { value: '7' } });
    fireEvent.change(within(modal).getByLabelText('Label of the lowest'), { target: { value: ' Easy ' } });
    fireEvent.click(within(modal).getByLabelText('Answer required'));
    save(modal);

    await waitFor(() => expect(calls('POST')).toHaveLength(1));
    expect(String(calls('POST')[0]![0])).toBe('/api/questionnaires/7/subjects');
    expect(bodyOf(calls('POST')[0]!)).toEqual({
      type: 'rating',
      description: '<p>How hard was it?</p>',
      is_required: true,
      min: 1,
      max: 7,
      min_label: 'Easy',
      max_label: '',
    });
  });

  it('edits a selection with PUT, and shows the server’s 400 on the options it names', async () => {
    fetchMock.mockResolvedValue(jsonResponse(400, { code: 'VALIDATION_FAILED', message: 'Invalid', errors: { options: ['Give at least two options'] } }));
    renderWithApp(<SubjectEditor activityId={7} subjects={[single, matrix]} />);
    expect(screen.getAllByTestId('subject-item')).toHaveLength(2);
    fireEvent.click(screen.getByLabelText('Edit question 1'));
    const modal = await dialog();
    fireEvent.change(within(modal).getByLabelText('Option 2'), { target: { value: ' Green ' } });
    save(modal);
    expect(await within(modal).findByText('Give at least two options')).toBeInTheDocument();
    expect(String(calls('PUT')[0]![0])).toBe('/api/questionnaire-subjects/1');
    expect(bodyOf(calls('PUT')[0]!)).toEqual({
      type: 'single_selection',
      description: '<p>Favourite colour?</p>',
      is_required: true,
      options: ['Red', 'Green'],
    });
  });

  it('refuses a blank matrix label before calling the server; deletes after a confirm', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    renderWithApp(<SubjectEditor activityId={7} subjects={[single, matrix]} />);
    fireEvent.click(screen.getByLabelText('Edit question 2'));
    const modal = await dialog();
    fireEvent.change(within(modal).getByLabelText('Row 1'), { target: { value: '   ' } });
    save(modal);
    expect(await within(modal).findByText('Write a label or remove it.')).toBeInTheDocument();
    expect(within(modal).getByLabelText('Remove Column 2')).toBeDisabled();
    expect(calls('PUT')).toHaveLength(0);
    fireEvent.click(within(modal).getByText('Cancel').closest('button')!);

    fireEvent.click(screen.getByLabelText('Delete question 2'));
    const confirm = (await screen.findByText('Delete question 2?')).closest<HTMLElement>('.ant-popover')!;
    fireEvent.click(within(confirm).getByText('Delete').closest('button')!);
    await waitFor(() => expect(calls('DELETE')).toHaveLength(1));
    expect(String(calls('DELETE')[0]![0])).toBe('/api/questionnaire-subjects/6');
  });
});
