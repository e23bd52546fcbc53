import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTypeaheadText } from './use-typeahead-text.ts';

function typing() {
  const answered = { current: false };
  const hook = renderHook(({ text }) => useTypeaheadText(text, { minLength: 2, interval: 100, answered }), {
    initialProps: { text: '' },
  });
  return {
    /** Whether the request of the text asked last is still out (else its answer is in). */
    inFlight: (inFlight: boolean) => {
      answered.current = !inFlight;
    },
    type: (text: string) => hook.rerender({ text }),
    asked: () => hook.result.current,
    wait: (ms: number) => act(() => vi.advanceTimersByTime(ms)),
  };
}

describe('useTypeaheadText', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    vi.advanceTimersByTime(1000);
  });
  afterEach(() => vi.useRealTimers());

  it('asks a key typed after a pause at once, with no debounce to wait out', () => {
    const box = typing();
    box.type('b');
    box.type('bu');
    expect(box.asked()).toBe('bu');
    box.wait(300);
    box.type('bud');
    expect(box.asked()).toBe('bud');
  });

  it('asks keys that come faster at most once per interval, and always the last text', () => {
    const box = typing();
    box.type('bu');
    expect(box.asked()).toBe('bu');
    box.wait(30);
    box.type('bud');
    box.wait(30);
    box.type('budi');
    // 60 ms after the last ask: the two keys wait for the interval, and only the last is asked
    expect(box.asked()).toBe('bu');
    box.wait(39);
    expect(box.asked()).toBe('bu');
    box.wait(1);
    expect(box.asked()).toBe('budi');
    box.wait(500);
    expect(box.asked()).toBe('budi');
  });

  it('asks at once, however soon, a key that comes once the last text has its answer', () => {
    const box = typing();
    box.type('bu');
    box.inFlight(false);
    box.wait(20);
    box.type('bud');
    expect(box.asked()).toBe('bud');
    // while that one is in flight, the next keys keep to the interval
    box.inFlight(true);
    box.wait(20);
    box.type('budi');
    expect(box.asked()).toBe('bud');
    box.wait(80);
    expect(box.asked()).toBe('budi');
  });

  it('passes texts that ask nothing at once, without counting them as asked', () => {
    const box = typing();
    box.type('s');
    expect(box.asked()).toBe('s');
    // the second letter, right after the first, is the first text asked: at once
    box.type('si');
    expect(box.asked()).toBe('si');
    box.type('');
    expect(box.asked()).toBe('');
  });
});
