import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api-client.ts';
import { EARLY_READ_TTL_MS, readEarly, takeEarlyRead } from './early-reads.ts';

const answer = () =>
  new Response(JSON.stringify({ status: true, message: 'OK', data: { n: 1 } }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

describe('early reads', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn(async () => answer());
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('the screen’s own GET of the same URL takes the early read instead of sending another', async () => {
    readEarly('/api/clinic/v1/things/a?limit=5', 'id');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const envelope = await api<{ n: number }>('things/a', { query: { limit: 5 } });
    expect(envelope.data).toEqual({ n: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // taken once: the next call is a request of its own
    await api('things/a', { query: { limit: 5 } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('is started once per URL, and not taken by another URL, another language or a write', async () => {
    readEarly('/api/clinic/v1/things/b', 'id');
    readEarly('/api/clinic/v1/things/b', 'id');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(takeEarlyRead('/api/clinic/v1/things/c', 'id')).toBeNull();
    await api('things/b', { method: 'POST', body: {} });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(takeEarlyRead('/api/clinic/v1/things/b', 'en')).toBeNull();
  });

  it('drops a read nobody took in time', () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    readEarly('/api/clinic/v1/things/d', 'id');
    vi.advanceTimersByTime(EARLY_READ_TTL_MS + 1);
    expect(takeEarlyRead('/api/clinic/v1/things/d', 'id')).toBeNull();
  });
});
