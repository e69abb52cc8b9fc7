import { render } from '@testing-library/react';
import { act, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useFocusReturn } from './use-focus-return';

function Dialog() {
  useFocusReturn();
  return <input aria-label="inside" autoFocus />;
}

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>open</button>
      <button onClick={() => setOpen(false)}>close</button>
      {open && <Dialog />}
    </>
  );
}

describe('useFocusReturn', () => {
  it('gives the focus back to the opener when the dialog unmounts', async () => {
    const { getByText, getByLabelText } = render(<Page />);
    const opener = getByText('open');
    opener.focus();
    await act(async () => opener.click());
    expect(document.activeElement).toBe(getByLabelText('inside'));
    await act(async () => getByText('close').click());
    await act(async () => await Promise.resolve());
    expect(document.activeElement).toBe(opener);
  });
});
