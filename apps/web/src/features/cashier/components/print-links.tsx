import { DOCUMENT_PAPERS, type DocumentPaper } from '@klinikita/domain/billing/billing-documents.schema';
import { Button, Group, SegmentedControl, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { invoiceUrl, receiptUrl } from '../api/cashier-api.ts';

/** The paper both documents print on: A4, or the 80 mm roll of the cashier's printer. */
export function PaperPick({
  paper,
  onChange,
}: {
  paper: DocumentPaper;
  onChange: (p: DocumentPaper) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="xs">
      <Text size="sm">{t('cashier.print.paper')}</Text>
      <SegmentedControl
        size="xs"
        data={DOCUMENT_PAPERS.map((p) => ({ value: p, label: t(`cashier.print.papers.${p}`) }))}
        value={paper}
        onChange={(v) => onChange(v as DocumentPaper)}
      />
    </Group>
  );
}

/**
 * A PDF link that opens the shell's invoice or receipt modal (the session store's flags) on a
 * plain click; a click with a modifier or the middle button still opens the PDF in a new tab.
 */
function PdfLink({
  href,
  text,
  label,
  onOpen,
}: {
  href: string;
  text: string;
  label?: string;
  onOpen: () => void;
}) {
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onOpen();
  };
  return (
    <Button
      component="a"
      href={href}
      target="_blank"
      rel="noopener"
      onClick={open}
      size="xs"
      variant="light"
      leftSection={<IconPrinter size={14} />}
      aria-label={label}
    >
      {text}
    </Button>
  );
}

/** "Cetak rincian": the bill's invoice, in the invoice modal. */
export function InvoiceLink({ billUid, paper }: { billUid: string; paper: DocumentPaper }) {
  const { t } = useTranslation();
  return (
    <PdfLink
      href={invoiceUrl(billUid, paper)}
      text={t('cashier.print.invoice')}
      onOpen={() => sessionStore.setInvoiceModal({ billUid, paper })}
    />
  );
}

/** "Cetak kuitansi": a payment's receipt, in the receipt modal. */
export function ReceiptLink({
  paymentUid,
  paper,
  label,
}: {
  paymentUid: string;
  paper: DocumentPaper;
  label?: string;
}) {
  const { t } = useTranslation();
  return (
    <PdfLink
      href={receiptUrl(paymentUid, paper)}
      text={t('cashier.print.receipt')}
      label={label}
      onOpen={() => sessionStore.setReceiptModal({ paymentUid, paper })}
    />
  );
}
