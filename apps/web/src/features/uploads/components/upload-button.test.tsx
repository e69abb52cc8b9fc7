import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { UploadButton } from './upload-button';

const fetchMock = vi.fn<typeof fetch>();

/** A File as a folder pick gives it: with its path inside the chosen folder. */
function inFolder(relativePath: string, content: string): File {
  const file = new File(content ? [content] : [], relativePath.split('/').at(-1)!);
  Object.defineProperty(file, 'webkitRelativePath', { value: relativePath });
  return file;
}

function pick(testId: string, files: File[]) {
  fireEvent.change(screen.getByTestId(testId), { target: { files } });
}

describe('UploadButton (spec §5 folder upload and file rules)', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(async () =>
      jsonResponse(200, { maxLevelInUploadFolder: 3, maxFileCountInUploadFolder: 5, checkUploadExtension: true, maxUploadBytes: 1000 }),
    );
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('ignores .DS_Store, sets aside empty, unsupported, oversize and badly named files in a popup, and continues with the rest', async () => {
    const onFiles = vi.fn();
    renderWithApp(<UploadButton onFiles={onFiles} />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Upload folder' })).toBeEnabled());
    expect(fetchMock).toHaveBeenCalledWith('/api/uploads/settings', expect.anything());
    const good = inFolder('Week/notes.pdf', 'pdf');
    pick('upload-folder-input', [
      good,
      inFolder('Week/.DS_Store', 'x'),
      inFolder('Week/empty.txt', ''),
      inFolder('Week/tool.exe', 'x'),
      inFolder('Week/bad?name.pdf', 'x'),
      inFolder('Week/huge.pdf', 'x'.repeat(2000)),
    ]);
    const dialog = await screen.findByRole('dialog', { name: 'Some files cannot be uploaded' });
    const rows = within(dialog).getAllByTestId('upload-not-supported-item');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^Week\/empty\.txt.*The file is empty \(0 bytes\)\.$/),
      expect.stringMatching(/^Week\/tool\.exe.*not supported/),
      expect.stringMatching(/^Week\/bad\?name\.pdf.*characters that are not allowed: \?$/),
      expect.stringMatching(/^Week\/huge\.pdf.*larger than the limit of 1000\.00 Bytes/),
    ]);
    expect(dialog.textContent).not.toContain('.DS_Store');
    expect(onFiles).not.toHaveBeenCalled();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Upload the other file' }));
    expect(onFiles).toHaveBeenCalledWith([good], { folderFileCount: 5 });
  });

  it('offers no "Upload the other 0 files" when every file is set aside, only Cancel (issue 20 §13)', async () => {
    const onFiles = vi.fn();
    renderWithApp(<UploadButton onFiles={onFiles} />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Upload folder' })).toBeEnabled());
    pick('upload-folder-input', [inFolder('Week/empty.txt', ''), inFolder('Week/tool.exe', 'x')]);
    const dialog = await screen.findByRole('dialog', { name: 'Some files cannot be uploaded' });
    expect(within(dialog).getByText('2 files are set aside and will not be uploaded:')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Upload the other/ })).not.toBeInTheDocument();
    expect(dialog.textContent).not.toContain('0 files');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onFiles).not.toHaveBeenCalled();
  });

  it('refuses a folder deeper than the organisation allows, or with more files, with the spec messages, uploading nothing', async () => {
    const onFiles = vi.fn();
    renderWithApp(<UploadButton onFiles={onFiles} />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Upload folder' })).toBeEnabled());
    pick('upload-folder-input', [inFolder('A/b/c/deep.pdf', 'x')]);
    expect(await screen.findByText('The folder is nested too deeply: folders may be at most 3 levels deep.')).toBeInTheDocument();
    pick(
      'upload-folder-input',
      ['1', '2', '3', '4', '5', '6'].map((n) => inFolder(`A/${n}.pdf`, 'x')),
    );
    expect(await screen.findByText('The folder holds too many files: at most 5 files can be uploaded at once.')).toBeInTheDocument();
    expect(onFiles).not.toHaveBeenCalled();
  });

  it('passes good single files straight on without a popup', async () => {
    const onFiles = vi.fn();
    renderWithApp(<UploadButton onFiles={onFiles} />);
    const file = new File(['%PDF'], 'a.pdf');
    pick('upload-input', [file]);
    expect(onFiles).toHaveBeenCalledWith([file], {});
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
