import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api-client.ts';

export interface DemoAccount {
  username: string;
  name: string;
  role: string;
}

interface DemoAccounts {
  accounts: DemoAccount[];
  password: string;
}

/** Demo accounts while the demo data is in use; none otherwise. */
export async function getDemoAccounts(): Promise<DemoAccounts> {
  const envelope = await api<{ accounts: DemoAccount[]; password: string | null }>('auth/demo-accounts');
  return { accounts: envelope.data?.accounts ?? [], password: envelope.data?.password ?? '' };
}

export const useDemoAccounts = () =>
  useQuery({ queryKey: ['demo-accounts'], queryFn: getDemoAccounts, staleTime: Number.POSITIVE_INFINITY });
