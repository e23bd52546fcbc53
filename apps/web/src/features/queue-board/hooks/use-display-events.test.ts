import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource, stubEventSource } from '../test/queue-test-kit.ts';
import { useDisplayEvents } from './use-display-events.ts';

describe('useDisplayEvents', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    stubEventSource();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('refreshes on every event and reconnect, and reopens a stream the browser gave up on', () => {
    const onEvent = vi.fn();
    const { result, unmount } = renderHook(() => useDisplayEvents('/events', onEvent));
    const first = FakeEventSource.instances[0];
    act(() => first.onopen?.());
    act(() => first.emit('registration.called'));
    expect(onEvent).toHaveBeenCalledTimes(2);

    // a dropped stream the browser retries itself: only marked offline
    first.readyState = FakeEventSource.CONNECTING;
    act(() => first.onerror?.());
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(60_000));
    expect(FakeEventSource.instances).toHaveLength(1);

    // a stream closed for good (an error answer): opened again after a delay
    first.readyState = FakeEventSource.CLOSED;
    act(() => first.onerror?.());
    act(() => vi.advanceTimersByTime(2000));
    expect(FakeEventSource.instances).toHaveLength(2);
    const second = FakeEventSource.instances[1];
    act(() => second.onopen?.());
    expect(result.current).toBe(true);
    expect(onEvent).toHaveBeenCalledTimes(3);

    unmount();
    expect(second.readyState).toBe(FakeEventSource.CLOSED);
  });
});
