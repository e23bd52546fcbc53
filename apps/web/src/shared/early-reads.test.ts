import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_BASE, api, EARLY_READ_TTL_MS, readEarly } from './api-client.ts';
import { i18n } from './i18n/i18n.ts';

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
    readEarly('things/a', { limit: 5 });
    expect(fetchMock.mock.calls[0][0]).toBe(`${API_BASE}/things/a?limit=5`);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const envelope = await api<{ n: number }>('things/a', { query: { limit: 5 } });
    expect(envelope.data).toEqual({ n: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // taken once: the next call is a request of its own
    await api('things/a', { query: { limit: 5 } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('is started once per URL, and not taken by another URL, another language or a write', async () => {
    readEarly('things/b');
    readEarly('things/b');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await api('things/c');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await api('things/b', { method: 'POST', body: {} });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await i18n.changeLanguage('en');
    await api('things/b');
    expect(fetchMock).toHaveBeenCalledTimes(4);
    await i18n.changeLanguage('id');
  });

  it('is sent under its service, and taken only by a call under the same service', async () => {
    readEarly('things/e', { limit: 2 }, 'registration');
    expect((fetchMock.mock.calls[0][1] as RequestInit).headers).toMatchObject({ service: 'registration' });
    // the same URL without the service (or under another) is another call
    await api('things/e', { query: { limit: 2 } });
    await api('things/e', { query: { limit: 2 }, service: 'master' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await api('things/e', { query: { limit: 2 }, service: 'registration' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('drops a read nobody took in time', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    readEarly('things/d');
    vi.advanceTimersByTime(EARLY_READ_TTL_MS + 1);
    await api('things/d');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
