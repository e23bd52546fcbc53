import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { readEarly } from '../../../shared/api-client.ts';
import { mockApi } from '../../../test/render.tsx';
import { useRecord } from './record-api.ts';
import { firstRecordPage } from './record-first-page.ts';

describe('the record’s first page', () => {
  it('is the read the router starts early: the record takes it instead of asking again', async () => {
    const fetchMock = mockApi({});
    const { path, query } = firstRecordPage('p 1/x');
    readEarly(path, query);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useRecord('p 1/x'), { wrapper });
    // the mock answers 404 to every path: the record got the early read's answer
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
