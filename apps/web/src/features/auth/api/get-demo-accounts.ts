import type { listDemoAccounts } from '@klinikita/domain/auth/auth.contract';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../shared/api/contract-client.ts';

/** Demo accounts while the demo data is in use; none otherwise (the login page: no schemas loaded). */
export async function getDemoAccounts() {
  const { data } = await callRoute<typeof listDemoAccounts>({ method: 'GET', path: '/auth/demo-accounts' });
  return { accounts: data?.accounts ?? [], password: data?.password ?? '' };
}

export const useDemoAccounts = () =>
  useQuery({
    queryKey: ['auth', '/auth/demo-accounts'],
    queryFn: getDemoAccounts,
    staleTime: Number.POSITIVE_INFINITY,
  });
