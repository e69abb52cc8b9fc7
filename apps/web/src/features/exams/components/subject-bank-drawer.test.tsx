import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { subjectOf } from '../test/fixtures';
import { SubjectBankDrawer } from './subject-bank-drawer';

// The rich-text editor as a plain textarea (see subject-list.test.tsx).
vi.mock('../../../components/rich-text-editor/lazy-rich-text-editor', () => ({
  LazyRichTextEditor: (props: { value?: string; onChange?: (html: string) => void; 'aria-label'?: string; id?: string }) => (
    <textarea id={props.id} aria-label={props['aria-label']} value={props.value ?? ''} onChange={(e) => props.onChange?.(e.target.value)} />
  ),
}));

const fetchMock = vi.fn<typeof fetch>();
const calls = (method: string, path: string) =>
  fetchMock.mock.calls.filter(([input, init]) => String(input).split('?')[0] === path && (init?.method ?? 'GET') === method);
const bodyOf = (method: string, path: string, i = 0) => JSON.parse(String(calls(method, path)[i]?.[1]?.body)) as Record<string, unknown>;

const capital = subjectOf({ id: 51, activity_id: null, category_id: 5, description: '<p>Capital of France?</p>' });
const boiling = subjectOf({
  id: 52,
  activity_id: null,
  category_id: null,
  type: 'true_or_false',
  description: '<p>Water boils at 100 °C.</p>',
  options: undefined,
  answer: true,
});

function serve() {
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/courses/2/subject-categories' && method === 'GET')
      return jsonResponse(200, { categories: [{ id: 5, name: 'Geography', sort: 1, subject_count: 1 }] });
    if (url.pathname === '/api/courses/2/subject-categories' && method === 'POST')
      return jsonResponse(201, { id: 6, name: 'Physics', sort: 2, subject_count: 0 });
    if (url.pathname === '/api/subject-categories/5' && method === 'PUT')
      return jsonResponse(200, { id: 5, name: (JSON.parse(String(init?.body)) as { name: string }).name, sort: 1, subject_count: 1 });
    if (url.pathname === '/api/subject-categories/5' && method === 'DELETE') return new Response(null, { status: 204 });
    if (url.pathname === '/api/courses/2/subjects' && method === 'GET') {
      const items = url.searchParams.get('type') === 'true_or_false' ? [boiling] : [capital, boiling];
      return jsonResponse(200, { items, page: 1, page_size: 20, pages: 1, total: items.length });
    }
    if (url.pathname === '/api/courses/2/subjects' && method === 'POST') return jsonResponse(201, { ...boiling, id: 53 });
    if (url.pathname === '/api/exams/7/subjects/from-bank') return jsonResponse(201, { subjects: [capital, boiling] });
    return jsonResponse(404, { code: 'NOT_FOUND', message: url.pathname });
  });
}

/** The bank drawer of course 2 (no exam to add to), once shown. */
async function openBank() {
  const user = userEvent.setup({ pointerEventsCheck: 0 });
  renderWithApp(<SubjectBankDrawer courseId={2} open onClose={() => {}} />);
  return { user, drawer: await screen.findByTestId('subject-bank') };
}

/** Filters the bank on the category Geography. */
async function chooseGeography(user: ReturnType<typeof userEvent.setup>, drawer: HTMLElement) {
  await user.click(within(drawer).getByLabelText('Category'));
  await user.click(await screen.findByTitle('Geography (1 question)'));
}

/** Asks to delete the chosen category Geography; answers the open confirmation. */
async function askToDeleteGeography(user: ReturnType<typeof userEvent.setup>, drawer: HTMLElement): Promise<HTMLElement> {
  await user.click(await within(drawer).findByLabelText('Delete the category “Geography”'));
  return (await screen.findByText('Delete the category “Geography”?')).closest('.ant-popover') as HTMLElement;
}

describe('the course’s subject bank (issue 15 §1)', { timeout: 30_000 }, () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('lists the bank with categories, filters by type, and copies the ticked subjects into the exam', async () => {
    serve();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderWithApp(<SubjectBankDrawer courseId={2} activityId={7} open onClose={() => {}} />);
    const drawer = await screen.findByTestId('subject-bank');
    await waitFor(() =>
      expect(
        within(drawer)
          .getAllByTestId('bank-subject-text')
          .map((e) => e.textContent),
      ).toEqual(['Capital of France?', 'Water boils at 100 °C.']),
    );
    expect(await within(drawer).findByText('Geography')).toBeInTheDocument();
    expect(within(drawer).getByText('Uncategorized')).toBeInTheDocument();

    await user.click(within(drawer).getByLabelText('Type'));
    await user.click(await screen.findByTitle('True or false'));
    await waitFor(() => expect(within(drawer).getAllByTestId('bank-subject-text')).toHaveLength(1));
    expect(String(calls('GET', '/api/courses/2/subjects').at(-1)?.[0])).toContain('type=true_or_false');

    await user.click(within(drawer).getByLabelText('Choose “Water boils at 100 °C.”'));
    expect(within(drawer).getByText('1 question selected')).toBeInTheDocument();
    await user.click(within(drawer).getByText('Add 1 question to the exam').closest('button')!);
    await waitFor(() => expect(calls('POST', '/api/exams/7/subjects/from-bank')).toHaveLength(1));
    expect(bodyOf('POST', '/api/exams/7/subjects/from-bank')).toEqual({ subject_ids: [52] });
    expect(await screen.findByText('2 questions added to the exam.')).toBeInTheDocument();
  });

  it('adds a bank subject filed in a new category', async () => {
    serve();
    const { user, drawer } = await openBank();
    // Without an exam there is nothing to add to.
    expect(within(drawer).queryByText(/to the exam/)).toBeNull();
    await user.click(within(drawer).getByText('Add to the bank').closest('button')!);
    await user.click(within((await screen.findByRole('menu')) as HTMLElement).getByText('True or false'));
    const dialog = (await screen.findByText('Add a bank question: True or false')).closest('.ant-modal') as HTMLElement;
    await user.type(within(dialog).getByLabelText('Question'), 'Ice floats.');
    await user.click(within(dialog).getByLabelText('Bank category'));
    await user.type(await screen.findByLabelText('New category name'), 'Physics{Enter}');
    await waitFor(() => expect(calls('POST', '/api/courses/2/subject-categories')).toHaveLength(1));
    expect(bodyOf('POST', '/api/courses/2/subject-categories')).toEqual({ name: 'Physics' });
    await user.click(within(dialog).getByText('Save').closest('button')!);
    await waitFor(() => expect(calls('POST', '/api/courses/2/subjects')).toHaveLength(1));
    expect(bodyOf('POST', '/api/courses/2/subjects')).toMatchObject({ type: 'true_or_false', description: 'Ice floats.', answer: true, category_id: 6 });
  });

  it('renames the chosen category, and deletes it after a confirmation saying its questions stay uncategorised', async () => {
    serve();
    const { user, drawer } = await openBank();
    expect(within(drawer).queryByLabelText(/Rename the category/)).toBeNull();
    await chooseGeography(user, drawer);

    await user.click(await within(drawer).findByLabelText('Rename the category “Geography”'));
    const dialog = (await screen.findByText('Rename the category')).closest('.ant-modal') as HTMLElement;
    const name = within(dialog).getByLabelText('Category name');
    await user.clear(name);
    await user.click(within(dialog).getByText('Save').closest('button')!);
    expect(await within(dialog).findByText('Enter a name.')).toBeInTheDocument();
    await user.type(name, 'Capitals');
    await user.click(within(dialog).getByText('Save').closest('button')!);
    await waitFor(() => expect(calls('PUT', '/api/subject-categories/5')).toHaveLength(1));
    expect(bodyOf('PUT', '/api/subject-categories/5')).toEqual({ name: 'Capitals' });

    const confirm = await askToDeleteGeography(user, drawer);
    expect(confirm).toHaveTextContent('Its 1 question stays in the bank, uncategorized');
    expect(calls('DELETE', '/api/subject-categories/5')).toHaveLength(0);
    await user.click(within(confirm).getByText('Delete').closest('button')!);
    await waitFor(() => expect(calls('DELETE', '/api/subject-categories/5')).toHaveLength(1));
    expect(await screen.findByText('Category “Geography” deleted.')).toBeInTheDocument();
    // The filter on the deleted category is cleared.
    await waitFor(() => expect(String(calls('GET', '/api/courses/2/subjects').at(-1)?.[0])).not.toContain('category_id'));
  }, 60_000);

  it('shows the server’s message when a category cannot be deleted', async () => {
    serve();
    const served = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) =>
      String(input) === '/api/subject-categories/5' && init?.method === 'DELETE'
        ? jsonResponse(409, { code: 'CONFLICT', message: 'This category is still drawn from by a random question' })
        : served(input, init),
    );
    const { user, drawer } = await openBank();
    await chooseGeography(user, drawer);
    const confirm = await askToDeleteGeography(user, drawer);
    await user.click(within(confirm).getByText('Delete').closest('button')!);
    expect(await screen.findByText('This category is still drawn from by a random question')).toBeInTheDocument();
    expect(within(drawer).getByLabelText('Delete the category “Geography”')).toBeInTheDocument();
  }, 60_000);
});
