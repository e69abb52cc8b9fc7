import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { ApiError } from '../../../lib/api-client';
import { renderWithApp } from '../../../test/render';
import { forbiddenViewOfError } from '../lib/activity-rules';
import { AccessForbiddenPopup } from './access-forbidden-popup';

const popupFor = (code: string, times: Record<string, string> = {}) => {
  renderWithApp(<AccessForbiddenPopup view={forbiddenViewOfError(new ApiError(403, { code, message: 'Forbidden', ...times } as never))} onClose={() => {}} />);
  return screen.findByRole('dialog');
};

describe('AccessForbiddenPopup (spec §2 titles, §9 YYYY-MM-DD HH:mm)', () => {
  it('not started: the title and the start time', async () => {
    const start = '2031-03-04T05:06:00.000Z';
    const dialog = await popupFor('ACTIVITY_NOT_STARTED', { start_time: start });
    expect(dialog).toHaveTextContent('This activity has not started yet');
    expect(screen.getByTestId('forbidden-time')).toHaveTextContent(`Start time: ${dayjs(start).format('YYYY-MM-DD HH:mm')}`);
  });

  it('ended: the title and the end time', async () => {
    const end = '2021-07-08T09:10:00.000Z';
    const dialog = await popupFor('ACTIVITY_ENDED', { end_time: end });
    expect(dialog).toHaveTextContent('This activity has ended');
    expect(screen.getByTestId('forbidden-time')).toHaveTextContent(`End time: ${dayjs(end).format('YYYY-MM-DD HH:mm')}`);
  });

  it('unpublished and locked: their titles, no time', async () => {
    const dialog = await popupFor('ACTIVITY_UNPUBLISHED');
    expect(dialog).toHaveTextContent('This activity is not published');
    expect(screen.queryByTestId('forbidden-time')).not.toBeInTheDocument();
  });

  it('locked (checkpoint): its title and why', async () => {
    const dialog = await popupFor('ACTIVITY_LOCKED');
    expect(dialog).toHaveTextContent('This activity is locked');
    expect(dialog).toHaveTextContent('finish the activities before this one first');
  });
});
