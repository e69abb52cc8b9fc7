import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, Route } from 'react-router';
import { USER_ROLE, type CourseResources, type LibraryItem, type ResourceFile } from '@atrium/contracts';
import { userOf } from '../../../test/fixtures';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { CourseResourcesPage } from './course-resources-page';

configure({ asyncUtilTimeout: 5_000 });

// pdf.js needs a real browser (DOMMatrix, canvas): jsdom stands in a marker for the PDF view, as in file-previewer.test.tsx.
vi.mock('../../previews/components/pdf-document', () => ({ PdfDocument: ({ url }: { url: string }) => <div data-testid="pdf-document" data-url={url} /> }));

const fetchMock = vi.fn<typeof fetch>();

function file(id: number, name: string, folder: string, extra: Partial<ResourceFile> = {}): ResourceFile {
  return {
    id,
    name,
    type: 'document',
    size: 2048,
    status: 'finished',
    allow_download: true,
    created_at: '2026-11-01T08:00:00.000Z',
    folder,
    via: 'course',
    ...extra,
  };
}

const learnerAnswer: CourseResources = {
  course_id: 2,
  can_manage: false,
  file_count: 3,
  truncated: false,
  folders: [
    { key: 'course', kind: 'course', path: null, module: null, activity: null, files: [file(11, 'syllabus.pdf', 'course')] },
    {
      key: 'course/Week 1/Slides',
      kind: 'folder',
      path: 'Week 1/Slides',
      module: null,
      activity: null,
      files: [file(12, 'intro.pptx', 'course/Week 1/Slides')],
    },
    {
      key: 'activity/7',
      kind: 'activity',
      path: null,
      module: { id: 3, title: 'Unit 1', published: true },
      activity: { id: 7, title: 'Reading week 1', type: 'material', published: true },
      files: [file(13, 'chapter1.docx', 'activity/7', { allow_download: false, via: 'activity', status: 'processing' })],
    },
  ],
};

const teamAnswer: CourseResources = {
  ...learnerAnswer,
  can_manage: true,
  file_count: 4,
  folders: [
    ...learnerAnswer.folders,
    {
      key: 'activity/9',
      kind: 'activity',
      path: null,
      module: { id: 4, title: 'Unit 2', published: false },
      activity: { id: 9, title: 'Listening exam', type: 'exam', published: true },
      files: [file(14, 'dialogue.mp3', 'activity/9', { type: 'audio', via: 'exam_subject' })],
    },
  ],
};

let answer: () => Response;

function route(input: RequestInfo | URL): Response {
  const url = String(input);
  if (url === '/api/user/course/2/resources/folder') return answer();
  if (url === '/api/uploads/settings')
    return jsonResponse(200, { maxLevelInUploadFolder: 5, maxFileCountInUploadFolder: 500, checkUploadExtension: true, maxUploadBytes: 1e9 });
  const preview = /\/api\/uploads\/(\d+)\?preview=true/.exec(url);
  if (preview) {
    const id = Number(preview[1]);
    const f = teamAnswer.folders.flatMap((x) => x.files).find((x) => x.id === id)!;
    return jsonResponse(200, {
      id,
      key: `k${id}`,
      name: f.name,
      size: f.size,
      type: f.type,
      status: 'processing',
      storage_type: 'local',
      upload_url: null,
      allow_download: f.allow_download,
      created_at: f.created_at,
      deleted: false,
      parent_type: 'course',
      parent_id: 2,
      source: null,
      isTextFile: false,
      downloadUrl: `/api/uploads/${id}/blob`,
      videos: [],
      failure_reason: null,
      duration: null,
      num_pages: null,
      is_encrypted: false,
      audio: null,
      scorm: null,
      is_text_file: false,
    });
  }
  if (/\/api\/uploads\/org\/arrears\/\d+/.test(url)) return jsonResponse(200, { is_org_transfer_arrears: false });
  return jsonResponse(404, { code: 'NOT_FOUND', message: 'no' });
}

/** The course page hands its course to the resources page through the outlet context. */
function renderPage(myRoles: string[] = ['student']) {
  return renderWithApp(<></>, {
    route: '/course/2/resource',
    path: '/nothing',
    extraRoutes: (
      <Route path="/course/:id" element={<Outlet context={{ id: 2, name: 'CS101', my_roles: myRoles }} />}>
        <Route path="resource" element={<CourseResourcesPage />} />
      </Route>
    ),
  });
}

describe('course resources /course/{id}/resource (issue 19 §3)', { timeout: 60_000 }, () => {
  beforeEach(() => {
    answer = () => jsonResponse(200, learnerAnswer);
    fetchMock.mockImplementation(async (input) => route(input));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('a learner sees the files by folder, the activity named, download only where allowed, and no upload', async () => {
    renderPage();
    const rows = await screen.findAllByTestId('resource-file');
    expect(rows.map((r) => r.getAttribute('data-upload-id'))).toEqual(['11', '12', '13']);
    const titles = screen.getAllByTestId('resource-folder-title').map((t) => t.textContent);
    expect(titles).toEqual(['Course files', 'Week 1/Slides', expect.stringContaining('Unit 1 › Reading week 1')]);
    expect(titles[2]).toContain('Material');
    expect(screen.getByText('3 files')).toBeInTheDocument();
    expect(within(rows[0]!).getByTestId('resource-download')).toHaveAttribute('href', '/api/uploads/11/blob');
    expect(within(rows[2]!).queryByTestId('resource-download')).toBeNull();
    expect(within(rows[2]!).getByTestId('resource-no-download')).toHaveTextContent('Download not allowed');
    expect(within(rows[2]!).getByTestId('resource-file-status')).toHaveTextContent('Processing');
    expect(within(rows[0]!).getByText(/^2\.00 KB · /)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload file' })).toBeNull();
  });

  it('the team gets the upload button, exam media and the unpublished badge, and may download everything', async () => {
    answer = () => jsonResponse(200, teamAnswer);
    renderPage(['instructor']);
    const rows = await screen.findAllByTestId('resource-file');
    expect(rows).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'Upload file' })).toBeInTheDocument();
    const exam = screen.getAllByTestId('resource-folder-title')[3]!;
    expect(exam).toHaveTextContent('Unit 2 › Listening exam');
    expect(exam).toHaveTextContent('Not published');
    expect(within(rows[3]!).getByText('Exam media')).toBeInTheDocument();
    expect(within(rows[2]!).getByTestId('resource-download')).toHaveAttribute('href', '/api/uploads/13/blob');
    expect(within(rows[2]!).getByText('Learners cannot download')).toBeInTheDocument();
  });

  it('opens a file in the previewer from the keyboard, and folders fold with Enter', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findAllByTestId('resource-file');
    const open = screen.getByRole('button', { name: 'Open chapter1.docx' });
    open.focus();
    await user.keyboard('{Enter}');
    await waitFor(async () => expect((await screen.findByTestId('previewer-file-name')).textContent).toBe('chapter1.docx'));
    expect(fetchMock.mock.calls.some(([input]) => String(input).startsWith('/api/uploads/13?preview=true'))).toBe(true);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('previewer-file-name')).toBeNull());

    const header = screen.getByText('Course files').closest('[role="button"]') as HTMLElement;
    expect(header).toHaveAttribute('aria-expanded', 'true');
    header.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(header).toHaveAttribute('aria-expanded', 'false'));
  });

  it('shows the empty state', async () => {
    answer = () =>
      jsonResponse(200, {
        course_id: 2,
        can_manage: false,
        file_count: 0,
        truncated: false,
        folders: [learnerAnswer.folders[0]!].map((f) => ({ ...f, files: [] })),
      });
    renderPage();
    expect(await screen.findByTestId('resources-empty')).toHaveTextContent('There are no files you can open in this course yet.');
  });

  it('shows the error with a retry, and the folders once it succeeds', async () => {
    let fail = true;
    answer = () => (fail ? jsonResponse(500, { code: 'INTERNAL', message: 'boom' }) : jsonResponse(200, learnerAnswer));
    const user = userEvent.setup();
    renderPage();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    await user.click(retry);
    expect(await screen.findAllByTestId('resource-file')).toHaveLength(3);
  });
});

describe('reuse from the library on the course resources page (issue 19 §3)', { timeout: 60_000 }, () => {
  const libraryFile = (id: number, name: string): LibraryItem => ({
    id,
    kind: 'file',
    name,
    parent_id: null,
    size: 1024,
    tags: [],
    upload: { id: id + 100, name, type: 'document', status: 'finished', size: 1024, mime_type: null },
    created_at: '2026-11-01T08:00:00.000Z',
    updated_at: '2026-11-01T08:00:00.000Z',
    trashed_at: null,
  });
  const reused: CourseResources = {
    ...teamAnswer,
    file_count: teamAnswer.file_count + 1,
    folders: [
      { ...teamAnswer.folders[0]!, files: [file(104, 'handbook.pdf', 'course', { via: 'library' }), ...teamAnswer.folders[0]!.files] },
      ...teamAnswer.folders.slice(1),
    ],
  };
  let role: (typeof USER_ROLE)[keyof typeof USER_ROLE];
  let reusedNow: boolean;
  const calls: { method: string; url: string; body: unknown }[] = [];

  beforeEach(() => {
    role = USER_ROLE.instructor;
    reusedNow = false;
    calls.length = 0;
    answer = () => jsonResponse(200, reusedNow ? reused : teamAnswer);
    fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      if (method !== 'GET') calls.push({ method, url: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : null });
      if (url.pathname === '/api/user') return jsonResponse(200, userOf({ role }));
      if (url.pathname === '/api/library/items')
        return jsonResponse(200, { folder: null, breadcrumbs: [], items: [libraryFile(4, 'handbook.pdf')], page: 1, page_size: 50, pages: 1, total: 1 });
      if (url.pathname === '/api/user/course/2/resources/library' && method === 'POST') {
        reusedNow = true;
        return jsonResponse(200, reused);
      }
      if (url.pathname === '/api/user/course/2/resources/library/104' && method === 'DELETE') {
        reusedNow = false;
        return new Response(null, { status: 204 });
      }
      return route(input);
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('the team picks a library file: it is added by reference, listed with the course files, and can be removed from the course', async () => {
    const user = userEvent.setup();
    renderPage(['instructor']);
    await screen.findAllByTestId('resource-file');
    await user.click(await screen.findByRole('button', { name: 'From my library' }));
    expect(await screen.findByText(/The course uses the files from the library itself/)).toBeInTheDocument();
    await user.click(await screen.findByRole('checkbox', { name: 'Choose handbook.pdf' }));
    await user.click(screen.getByRole('button', { name: 'Add 1 file' }));
    await waitFor(() => expect(calls).toContainEqual({ method: 'POST', url: '/api/user/course/2/resources/library', body: { upload_ids: [104] } }));
    const row = await waitFor(() => {
      const found = screen.getAllByTestId('resource-file').find((r) => r.getAttribute('data-upload-id') === '104');
      expect(found).toBeDefined();
      return found!;
    });
    expect(within(row).getByTestId('resource-from-library')).toHaveTextContent('From my library');
    // Only the reused file can be removed from the course; the course's own files cannot (here).
    expect(screen.getAllByTestId('resource-stop-reusing')).toHaveLength(1);
    await user.click(within(row).getByRole('button', { name: 'Remove handbook.pdf from the course' }));
    await user.click(await screen.findByRole('button', { name: 'Remove from the course' }));
    await waitFor(() => expect(calls).toContainEqual({ method: 'DELETE', url: '/api/user/course/2/resources/library/104', body: null }));
    await waitFor(() => expect(screen.getAllByTestId('resource-file').map((r) => r.getAttribute('data-upload-id'))).not.toContain('104'));
  });

  it('shows the refusal of a file that is not in my library', async () => {
    fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/user') return jsonResponse(200, userOf({ role }));
      if (url.pathname === '/api/library/items')
        return jsonResponse(200, { folder: null, breadcrumbs: [], items: [libraryFile(4, 'handbook.pdf')], page: 1, page_size: 50, pages: 1, total: 1 });
      if (url.pathname === '/api/user/course/2/resources/library' && init?.method === 'POST')
        return jsonResponse(404, { code: 'LIBRARY_ITEM_NOT_FOUND', message: 'no', errors: { upload_ids: ['library.notYourUpload'] } });
      return route(input);
    });
    const user = userEvent.setup();
    renderPage(['instructor']);
    await user.click(await screen.findByRole('button', { name: 'From my library' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Choose handbook.pdf' }));
    await user.click(screen.getByRole('button', { name: 'Add 1 file' }));
    expect(await screen.findByTestId('resources-reuse-error')).toBeInTheDocument();
  });

  it('learners get neither the library button nor the remove action', async () => {
    role = USER_ROLE.student;
    answer = () =>
      jsonResponse(200, { ...learnerAnswer, folders: [{ ...learnerAnswer.folders[0]!, files: [file(104, 'handbook.pdf', 'course', { via: 'library' })] }] });
    renderPage();
    await screen.findAllByTestId('resource-file');
    expect(screen.getByTestId('resource-from-library')).toHaveTextContent('From my library');
    expect(screen.queryByRole('button', { name: 'From my library' })).toBeNull();
    expect(screen.queryByTestId('resource-stop-reusing')).toBeNull();
  });
});
