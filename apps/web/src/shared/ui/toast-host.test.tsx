import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// the test setup mounts the toast container for every test: these load the modules afresh
beforeEach(() => vi.resetModules());

async function probe() {
  const host = await import('./toast-host.ts');
  function Probe() {
    return <span data-testid="wanted">{String(host.useToastHostWanted())}</span>;
  }
  render(<Probe />);
  return host;
}

describe('toast host', () => {
  it('is not mounted until something asks for it, then stays', async () => {
    const host = await probe();
    expect(screen.getByTestId('wanted')).toHaveTextContent('false');
    act(() => host.wantToastHost());
    expect(screen.getByTestId('wanted')).toHaveTextContent('true');
    act(() => host.wantToastHost());
    expect(screen.getByTestId('wanted')).toHaveTextContent('true');
  });

  it('is asked for by the first unexpected error, so its toast shows on the login page too', async () => {
    await probe();
    const { reportUnexpectedError } = await import('../api-client.ts');
    expect(screen.getByTestId('wanted')).toHaveTextContent('false');
    await act(() => reportUnexpectedError(new TypeError('Failed to fetch')));
    expect(screen.getByTestId('wanted')).toHaveTextContent('true');
  });
});
