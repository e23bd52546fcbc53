import type { PayerInvoiceStatus } from '@klinikita/domain/billing/payer-invoices.rules';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const STATUS_COLOURS: Record<PayerInvoiceStatus, string> = {
  DRAFT: 'gray',
  APPROVED: 'blue',
  SENT: 'cyan',
  PARTIALLY_PAID: 'yellow',
  PAID: 'green',
  DISPUTED: 'red',
  WRITTEN_OFF: 'dark',
  CANCELLED: 'gray',
};

/** An invoice's status as a coloured badge. */
export function StatusBadge({ status }: { status: PayerInvoiceStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLOURS[status]} variant="light">
      {t(`payerInvoices.statuses.${status}`)}
    </Badge>
  );
}

/** 'YYYY-MM-DD' → 'DD/MM/YYYY'. */
export const shortDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
