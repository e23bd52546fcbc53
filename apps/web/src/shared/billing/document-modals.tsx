import { lazy, Suspense, useRef } from 'react';
import { withCatalogues } from '../i18n/i18n.ts';
import { useSession } from '../session/session-store.ts';
import { useBankAccountSync } from './bank-account-sync.ts';

const modalChunk = withCatalogues(['invoiceList'], () => import('./document-modal.tsx'));
const DocumentModal = lazy(() => modalChunk().then((m) => ({ default: m.DocumentModal })));

/**
 * The invoice and receipt modals of the session store (spec 3), mounted once in the shell: any
 * screen opens one with `sessionStore.setInvoiceModal` / `setReceiptModal`. Their chunk loads on
 * the first opening; the store's bank account follows the active clinic from here.
 */
export function DocumentModals() {
  useBankAccountSync();
  const open = useSession((s) => s.invoiceModal !== null || s.receiptModal !== null);
  // once loaded it stays mounted, so that closing plays the modal's transition
  const wanted = useRef(false);
  if (open) wanted.current = true;
  if (!wanted.current) return null;
  return (
    <Suspense fallback={null}>
      <DocumentModal />
    </Suspense>
  );
}
