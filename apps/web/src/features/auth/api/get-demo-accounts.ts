import type { listDemoAccounts } from '@klinikita/domain/auth/auth.contract';
import { startTransition, useEffect, useState } from 'react';
import { callRoute } from '../../../shared/api/contract-call.ts';
import { reportUnexpectedError } from '../../../shared/api-client.ts';

type DemoAccounts = Awaited<ReturnType<typeof getDemoAccounts>>;

/** Demo accounts while the demo data is in use; none otherwise (the login page: no schemas loaded). */
export async function getDemoAccounts() {
  const { data } = await callRoute<typeof listDemoAccounts>({ method: 'GET', path: '/auth/demo-accounts' });
  return { accounts: data?.accounts ?? [], password: data?.password ?? '' };
}

/**
 * The demo accounts, asked when the login page opens (it has no query client: app/query-layer.ts).
 * The list is drawn as a transition, in slices: the form stays responsive while it is drawn.
 */
export function useDemoAccounts(): { data: DemoAccounts | undefined } {
  const [data, setData] = useState<DemoAccounts>();
  useEffect(() => {
    let mounted = true;
    getDemoAccounts().then(
      (found) => mounted && startTransition(() => setData(found)),
      (error) => void reportUnexpectedError(error),
    );
    return () => {
      mounted = false;
    };
  }, []);
  return { data };
}
