import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ContentModule, CourseContent } from '@atrium/contracts';
import { ApiError } from '../../../lib/api-client';
import { renderWithApp } from '../../../test/render';
import { EditableContent } from './editable-content';
import { ModuleFormModal } from './module-form-modal';
import { StudentContent } from './student-content';

const SUMMARY = '<p>Read <strong>chapter 2</strong> and the <a href="https://example.org/guide">guide</a>.</p>';
const module = (over: Partial<ContentModule> = {}): ContentModule => ({
  id: 4,
  title: 'Week 1',
  summary: SUMMARY,
  sort: 1,
  is_published: true,
  activities: [],
  ...over,
});
const content = (m: ContentModule): CourseContent => ({
  learning_mode: 'free',
  can_edit: false,
  modules: [m],
  study: { study_completeness: 0, last_activity: null, last_update_completeness_time: null },
});
const noop = () => {};

describe('ModuleFormModal: title and rich-text summary (issue 7)', () => {
  // The editor is a lazy chunk (Tiptap, KaTeX, CodeMirror): load it once here rather than inside each test's time.
  beforeAll(() => import('../../../components/rich-text-editor/rich-text-editor'), 60_000);

  it('edits a module: the stored summary is in the shared rich text editor and is sent back with the new title', async () => {
    const onSubmit = vi.fn(async () => undefined);
    const onClose = vi.fn();
    renderWithApp(<ModuleFormModal module={module()} onSubmit={onSubmit} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit module' });
    const editor = await within(dialog).findByRole('textbox', { name: 'Module summary' }, { timeout: 30_000 });
    expect(editor.querySelector('strong')).toHaveTextContent('chapter 2');
    expect(within(dialog).getByRole('toolbar', { name: 'Formatting' })).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Module title'), { target: { value: 'Week one' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const body = (onSubmit.mock.calls[0] as unknown as [{ title: string; summary: string | null }])[0];
    expect(body.title).toBe('Week one');
    expect(body.summary).toContain('<strong>chapter 2</strong>');
    expect(body.summary).toContain('href="https://example.org/guide"');
    expect(onClose).toHaveBeenCalled();
  }, 60_000);

  it('adds a module with no summary as null; asks for a title first', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderWithApp(<ModuleFormModal module={null} onSubmit={onSubmit} onClose={noop} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add module' });
    await within(dialog).findByRole('textbox', { name: 'Module summary' }, { timeout: 30_000 });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a title.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText('Module title'), { target: { value: 'Week 2' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ title: 'Week 2', summary: null }));
  }, 60_000);

  it("shows the server's field error on the summary and stays open", async () => {
    const onClose = vi.fn();
    const onSubmit = vi.fn(async () => {
      throw new ApiError(400, { code: 'VALIDATION_FAILED', message: 'summary: too long', errors: { summary: ['The summary is too long'] } });
    });
    renderWithApp(<ModuleFormModal module={module()} onSubmit={onSubmit} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit module' });
    await within(dialog).findByRole('textbox', { name: 'Module summary' }, { timeout: 30_000 });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The summary is too long')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  }, 60_000);
});

describe('module summary under the module title (students and instructors)', () => {
  it('a student sees the sanitised summary HTML under the title; links open in a new tab without an opener', async () => {
    renderWithApp(<StudentContent courseId={1} content={content(module())} onForbidden={noop} />);
    const card = screen.getByTestId('content-module');
    const summary = within(card).getByTestId('module-summary');
    expect(summary.querySelector('strong')).toHaveTextContent('chapter 2');
    const link = within(summary).getByRole('link', { name: 'guide' });
    await waitFor(() => expect(link).toHaveAttribute('rel', 'noopener noreferrer'));
    expect(link).toHaveAttribute('target', '_blank');
    // The title comes first, then the summary.
    expect(within(card).getByRole('heading', { name: 'Week 1' }).compareDocumentPosition(summary) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('the instructor sees it too; a module without a summary shows none', () => {
    const actions = {
      onEditModule: noop,
      onDeleteModule: noop,
      onPublishModule: noop,
      onAddActivity: noop,
      onEditActivity: noop,
      onDeleteActivity: noop,
      onPublishActivity: noop,
    };
    renderWithApp(
      <EditableContent
        courseId={1}
        content={{ ...content(module()), can_edit: true, modules: [module(), module({ id: 5, title: 'Week 2', summary: null, sort: 2 })] }}
        actions={actions}
      />,
    );
    const [first, second] = screen.getAllByTestId('content-module');
    expect(within(first!).getByTestId('module-summary')).toHaveTextContent('Read chapter 2 and the guide.');
    expect(within(second!).queryByTestId('module-summary')).not.toBeInTheDocument();
  });
});
