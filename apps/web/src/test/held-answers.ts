import { vi } from 'vitest';
import type { mockApi } from './render.tsx';

/**
 * Holds the answers to the calls `matches` selects until `release()`, as a slow network would:
 * `asked` lists the requests in flight. Wraps the fetch stub `mockApi` installed.
 */
export function holdAnswers(fetchMock: ReturnType<typeof mockApi>, matches: (url: URL) => boolean) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const asked: URL[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (matches(url)) {
      asked.push(url);
      await gate;
    }
    return fetchMock(input, init);
  });
  return { asked, release: () => release() };
}
