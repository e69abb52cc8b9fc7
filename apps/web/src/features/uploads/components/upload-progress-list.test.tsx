import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render';
import type { UploadItem } from '../hooks/use-uploader';
import { UploadProgressList } from './upload-progress-list';

const item = (over: Partial<UploadItem>): UploadItem => ({
  uid: 'a',
  name: 'a.pdf',
  size: 1000,
  status: 'uploading',
  percent: 0,
  sentBytes: 0,
  errors: [],
  ...over,
});
const noop = () => undefined;

describe('UploadProgressList live region (issue 23 item 4, WCAG 4.1.3)', () => {
  it('reads the overall progress in steps of ten while running, and the total once finished', () => {
    const view = renderWithApp(
      <UploadProgressList items={[item({ sentBytes: 450 }), item({ uid: 'b', sentBytes: 0 })]} onRemove={noop} onClearFinished={noop} />,
    );
    const region = screen.getByTestId('upload-announcement');
    expect(region).toHaveAttribute('role', 'status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toHaveTextContent('20% uploaded'); // 450 of 2000 bytes: 22 %, read as 20 %
    view.rerender(<UploadProgressList items={[item({ sentBytes: 480 }), item({ uid: 'b', sentBytes: 10 })]} onRemove={noop} onClearFinished={noop} />);
    expect(screen.getByTestId('upload-announcement')).toHaveTextContent('20% uploaded'); // 24 %: nothing new to read
    view.rerender(
      <UploadProgressList
        items={[item({ status: 'finished', sentBytes: 1000 }), item({ uid: 'b', status: 'finished', sentBytes: 1000 })]}
        onRemove={noop}
        onClearFinished={noop}
      />,
    );
    expect(screen.getByTestId('upload-announcement')).toHaveTextContent('100% uploaded');
  });

  it('leaves a failure to its popup (the region says nothing)', () => {
    renderWithApp(<UploadProgressList items={[item({ status: 'failed', errors: ['Network'] })]} onRemove={noop} onClearFinished={noop} />);
    expect(screen.getByTestId('upload-announcement')).toHaveTextContent(/^$/);
  });
});
