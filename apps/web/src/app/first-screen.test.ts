import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const fresh = () => import('./first-screen.ts');

describe('work that waits for the first screen', () => {
  beforeEach(() => {
    vi.resetModules();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('runs only once the first screen is shown and the browser is idle', async () => {
    const { afterFirstScreen, markFirstScreenShown } = await fresh();
    const run = vi.fn();
    afterFirstScreen(run);
    await vi.advanceTimersByTimeAsync(5000);
    expect(run).not.toHaveBeenCalled();

    markFirstScreenShown();
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2000);
    expect(run).toHaveBeenCalledOnce();

    // asked later, it runs at the next idle moment
    const late = vi.fn();
    afterFirstScreen(late);
    await vi.advanceTimersByTimeAsync(2000);
    expect(late).toHaveBeenCalledOnce();
  });

  it('runs nothing that was cancelled', async () => {
    const { afterFirstScreen, markFirstScreenShown } = await fresh();
    const run = vi.fn();
    const cancel = afterFirstScreen(run);
    cancel();
    markFirstScreenShown();
    await vi.advanceTimersByTimeAsync(2000);
    expect(run).not.toHaveBeenCalled();
  });
});
