import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithApp } from '../../../test/render';
import { ScormPlayer } from './scorm-player';

const refused = { id: 7, data: { manifest: null }, status_code: 422, message: 'imsmanifest.xml is not well-formed XML (line 3: Unexpected close tag)' };

describe('ScormPlayer status of a package that is not ready (decision 0082)', () => {
  it('shows the translated failure instead of the English message when it has one', async () => {
    renderWithApp(<ScormPlayer uploadId={7} scorm={refused} activityId={null} failure="The package has no imsmanifest.xml at its root." />);
    expect(await screen.findByTestId('scorm-status')).toHaveTextContent('The package has no imsmanifest.xml at its root.');
    expect(screen.getByTestId('scorm-status')).not.toHaveTextContent('Unexpected close tag');
  });

  it("keeps the server's message for a package without a translated failure", async () => {
    renderWithApp(<ScormPlayer uploadId={7} scorm={{ ...refused, status_code: 202, message: 'This SCORM package is being processed' }} activityId={null} />);
    expect(await screen.findByTestId('scorm-status')).toHaveTextContent('This SCORM package is being processed');
  });
});
