import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MountWhenOpened } from './mount-when-opened';
import { Result } from './result';

describe('Result (antd Result fetched on first use)', () => {
  it('shows its words and test id from the first frame, then antd’s result with its icon', async () => {
    const { container } = render(<Result status="404" title="Not here" subTitle="Gone away" extra={<button>Home</button>} data-testid="missing" />);
    expect(screen.getByTestId('missing')).toHaveTextContent('Not here');
    expect(screen.getByText('Gone away')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Home' })).toBeInTheDocument();
    await waitFor(() => expect(container.querySelector('.ant-result-404')).not.toBeNull());
    expect(screen.getByTestId('missing')).toHaveTextContent('Not here');
  });

  it('draws its title as the page’s h1 with pageTitle, from the first frame and in antd’s result (decision 0146)', async () => {
    const { container } = render(<Result status="404" title="Not here" pageTitle />);
    expect(screen.getByRole('heading', { level: 1, name: 'Not here' })).toBeInTheDocument();
    await waitFor(() => expect(container.querySelector('.ant-result-title h1')).not.toBeNull());
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('draws no heading without pageTitle', async () => {
    const { container } = render(<Result status="404" title="Not here" />);
    await waitFor(() => expect(container.querySelector('.ant-result-title')).not.toBeNull());
    expect(screen.queryByRole('heading')).toBeNull();
  });
});

describe('MountWhenOpened', () => {
  function Host() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button onClick={() => setOpen((value) => !value)}>toggle</button>
        <MountWhenOpened open={open}>
          <p>{open ? 'popup open' : 'popup closed'}</p>
        </MountWhenOpened>
      </>
    );
  }

  it('renders nothing before the first open, then keeps its children after closing', async () => {
    render(<Host />);
    expect(screen.queryByText(/popup/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'toggle' }));
    expect(screen.getByText('popup open')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'toggle' }));
    expect(screen.getByText('popup closed')).toBeInTheDocument();
  });
});
