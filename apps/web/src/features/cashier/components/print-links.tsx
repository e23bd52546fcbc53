import { DOCUMENT_PAPERS, type DocumentPaper } from '@klinikita/domain/billing/billing-documents.schema';
import { Button, Group, SegmentedControl, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
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

/** A PDF opened by the browser in a new tab (the session cookie goes with it). */
function PdfLink({ href, text, label }: { href: string; text: string; label?: string }) {
  return (
    <Button
      component="a"
      href={href}
      target="_blank"
      rel="noopener"
      size="xs"
      variant="light"
      leftSection={<IconPrinter size={14} />}
      aria-label={label}
    >
      {text}
    </Button>
  );
}

/** "Cetak rincian": the bill's invoice. */
export function InvoiceLink({ billUid, paper }: { billUid: string; paper: DocumentPaper }) {
  const { t } = useTranslation();
  return <PdfLink href={invoiceUrl(billUid, paper)} text={t('cashier.print.invoice')} />;
}

/** "Cetak kwitansi": a payment's receipt. */
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
  return <PdfLink href={receiptUrl(paymentUid, paper)} text={t('cashier.print.receipt')} label={label} />;
}
