import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { Upload } from '@atrium/contracts';
import { changeLocale } from '../../../lib/i18n';
import { renderWithApp } from '../../../test/render';
import { CourseFileList } from './course-file-list';

function upload(id: number, name: string, extra: Partial<Upload> = {}): Upload {
  return {
    id,
    key: `k${id}`,
    name,
    size: 1000,
    type: 'video',
    status: 'failed',
    storage_type: 'local',
    upload_url: null,
    allow_download: true,
    created_at: '2026-11-01T00:00:00.000Z',
    deleted: false,
    parent_type: 'course',
    parent_id: 1,
    source: null,
    isTextFile: false,
    downloadUrl: `/api/uploads/${id}/blob`,
    videos: [],
    failure_reason: null,
    failure_code: null,
    failure_params: null,
    duration: null,
    num_pages: null,
    is_encrypted: false,
    ...extra,
  };
}

describe('CourseFileList failure reasons (decision 0082)', () => {
  afterEach(async () => {
    await changeLocale('en-us');
  });

  const files = [
    upload(1, 'talk.mp4', {
      failure_code: 'TOOL_FAILED',
      failure_params: { tool: 'ffmpeg' },
      failure_reason: 'ffmpeg failed: [h264 @ 0x5581] Invalid NAL unit size',
    }),
    upload(2, 'old.mp4', { failure_reason: 'Recorded before failure codes' }),
  ];

  it('shows a coded failure translated with its parameters, never the stored English detail', async () => {
    renderWithApp(<CourseFileList uploads={files} loading={false} onOpen={() => {}} />);
    expect(await screen.findByText('Processing failed: ffmpeg could not process this file.')).toBeInTheDocument();
    expect(screen.queryByText(/Invalid NAL unit/)).not.toBeInTheDocument();
    expect(screen.getByText('Processing failed: Recorded before failure codes')).toBeInTheDocument();
  });

  it('shows it in the chosen language', async () => {
    await changeLocale('zh-tw');
    renderWithApp(<CourseFileList uploads={files} loading={false} onOpen={() => {}} />);
    await waitFor(() => expect(screen.getByText(/ffmpeg 無法處理此檔案。/)).toBeInTheDocument());
  });
});
