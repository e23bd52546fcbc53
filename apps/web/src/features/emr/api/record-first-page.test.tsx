import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { API_BASE } from '../../../shared/api-client.ts';
import { mockApi } from '../../../test/render.tsx';
import { useRecord } from './record-api.ts';
import { firstRecordPageUrl } from './record-first-page.ts';

describe('the record’s first page', () => {
  it('is asked for at the URL the router reads early (else the early read is never taken)', async () => {
    const fetchMock = mockApi({});
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    renderHook(() => useRecord('p 1/x'), { wrapper });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(String(fetchMock.mock.calls[0][0])).toBe(firstRecordPageUrl(API_BASE, 'p 1/x'));
  });
});
