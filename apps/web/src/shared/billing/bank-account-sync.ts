import type { getPayerInvoiceSettings } from '@klinikita/domain/billing/payer-invoices.contract';
import { useEffect } from 'react';
import { callRoute } from '../api/contract-call.ts';
import { usePermissions } from '../session/permissions.ts';
import { sessionStore } from '../session/session-store.ts';
import { useWorkingClinic } from '../session/working-clinic.ts';

/**
 * Keeps the session store's `bankAccount` on the active clinic's (spec 3), for users who read
 * bills: loaded after session start and again when the working clinic changes; signing out
 * clears it. A failed read leaves the invoice without the bank line, nothing more.
 */
export function useBankAccountSync(): void {
  const readsBills = usePermissions().has('bill.read');
  const clinicId = useWorkingClinic().clinic?.id ?? null;
  useEffect(() => {
    if (!readsBills || clinicId === null) {
      if (sessionStore.getState().bankAccount) sessionStore.setBankAccount(null);
      return;
    }
    if (sessionStore.getState().bankAccount?.clinicId === clinicId) return;
    let current = true;
    callRoute<typeof getPayerInvoiceSettings>(
      { method: 'GET', path: '/billing/payer-invoices/settings' },
      { query: { clinicId } },
    ).then(
      ({ data }) => {
        if (current && data) sessionStore.setBankAccount(data);
      },
      () => {
        if (current) sessionStore.setBankAccount(null);
      },
    );
    return () => {
      current = false;
    };
  }, [readsBills, clinicId]);
}
