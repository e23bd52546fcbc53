import { Button, Group, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { sessionStore } from '../../../shared/session/session-store.ts';
import type { BillListRow } from '../api/bill-list-api.ts';

/**
 * "Rincian" opens the bill's invoice in the shell's invoice modal; "Kuitansi" its receipt in the
 * receipt modal (a bill paid in several payments lets the user pick which).
 */
export function BillRowActions({ row }: { row: BillListRow }) {
  const { t } = useTranslation();
  const receipts = row.receipts;
  const openReceipt = (r: BillListRow['receipts'][number]) =>
    sessionStore.setReceiptModal({ paymentUid: r.paymentUid, number: r.number });
  const receiptButton = (
    <Button
      size="compact-sm"
      variant="light"
      disabled={!receipts.length}
      title={receipts.length ? undefined : t('invoiceList.actions.noReceipt')}
      aria-label={
        receipts.length === 1
          ? t('invoiceList.actions.receiptOf', { number: receipts[0].number })
          : `${t('invoiceList.actions.receipt')} ${row.invoiceNumber}`
      }
      onClick={receipts.length === 1 ? () => openReceipt(receipts[0]) : undefined}
    >
      {t('invoiceList.actions.receipt')}
    </Button>
  );
  return (
    <Group gap={6} justify="flex-end" wrap="nowrap">
      <Button
        size="compact-sm"
        variant="default"
        aria-label={t('invoiceList.actions.invoiceOf', { number: row.invoiceNumber })}
        onClick={() =>
          sessionStore.setInvoiceModal({
            billUid: row.billUid,
            number: row.invoiceNumber,
            clinicId: row.clinicId,
          })
        }
      >
        {t('invoiceList.actions.invoice')}
      </Button>
      {receipts.length > 1 ? (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>{receiptButton}</Menu.Target>
          <Menu.Dropdown>
            {receipts.map((r) => (
              <Menu.Item key={r.paymentUid} onClick={() => openReceipt(r)}>
                {r.number}
                {r.reversed && ` (${t('invoiceList.actions.reversed')})`}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      ) : (
        receiptButton
      )}
    </Group>
  );
}
