import { DOCUMENT_PAPERS, type DocumentPaper } from '@klinikita/domain/billing/billing-documents.schema';
import { Alert, Button, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconPrinter } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type BankAccount,
  type InvoiceModal,
  type ReceiptModal,
  sessionStore,
  useSession,
} from '../session/session-store.ts';
import { invoicePdfUrl, receiptPdfUrl } from './document-urls.ts';

type Shown = { kind: 'invoice'; modal: InvoiceModal } | { kind: 'receipt'; modal: ReceiptModal };

const keyOf = (d: Shown) => (d.kind === 'invoice' ? `i:${d.modal.billUid}` : `r:${d.modal.paymentUid}`);

/** The invoice (rincian biaya) or the receipt (kuitansi) the store's flags name, as a PDF to print. */
export function DocumentModal() {
  const { t } = useTranslation();
  const invoice = useSession((s) => s.invoiceModal);
  const receipt = useSession((s) => s.receiptModal);
  const shown: Shown | null = invoice
    ? { kind: 'invoice', modal: invoice }
    : receipt
      ? { kind: 'receipt', modal: receipt }
      : null;
  // what was shown stays in the modal while it closes
  const last = useRef<Shown | null>(null);
  if (shown) last.current = shown;
  const doc = shown ?? last.current;
  const close = () => {
    sessionStore.setInvoiceModal(null);
    sessionStore.setReceiptModal(null);
  };
  const number = doc?.modal.number;
  const title =
    doc?.kind === 'invoice'
      ? number
        ? t('invoiceList.modal.invoiceTitleOf', { number })
        : t('invoiceList.modal.invoiceTitle')
      : number
        ? t('invoiceList.modal.receiptTitleOf', { number })
        : t('invoiceList.modal.receiptTitle');
  return (
    <Modal
      opened={shown !== null}
      onClose={close}
      title={title}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': t('invoiceList.modal.close') }}
    >
      {doc && <DocumentView key={keyOf(doc)} doc={doc} />}
    </Modal>
  );
}

function DocumentView({ doc }: { doc: Shown }) {
  const { t } = useTranslation();
  const [paper, setPaper] = useState<DocumentPaper>(doc.modal.paper ?? 'a4');
  const frame = useRef<HTMLIFrameElement>(null);
  const url =
    doc.kind === 'invoice'
      ? invoicePdfUrl(doc.modal.billUid, paper)
      : receiptPdfUrl(doc.modal.paymentUid, paper);
  const print = () => {
    try {
      frame.current?.contentWindow?.focus();
      frame.current?.contentWindow?.print();
    } catch {
      // a browser that will not print a PDF frame: its own viewer prints it
      window.open(url, '_blank', 'noopener');
    }
  };
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm">
        <Group gap="xs">
          <Text size="sm">{t('invoiceList.modal.paper')}</Text>
          <SegmentedControl
            size="xs"
            aria-label={t('invoiceList.modal.paper')}
            data={DOCUMENT_PAPERS.map((p) => ({ value: p, label: t(`invoiceList.modal.papers.${p}`) }))}
            value={paper}
            onChange={(v) => setPaper(v as DocumentPaper)}
          />
        </Group>
        <Group gap="xs">
          <Button
            component="a"
            href={url}
            target="_blank"
            rel="noopener"
            size="xs"
            variant="default"
            leftSection={<IconExternalLink size={14} />}
          >
            {t('invoiceList.modal.openTab')}
          </Button>
          <Button size="xs" leftSection={<IconPrinter size={14} />} onClick={print}>
            {t('invoiceList.modal.print')}
          </Button>
        </Group>
      </Group>
      {doc.kind === 'invoice' && <BankLine clinicId={doc.modal.clinicId} />}
      <iframe
        ref={frame}
        title={t('invoiceList.modal.frame')}
        src={url}
        style={{
          width: '100%',
          // the modal's header, the paper switch and the bank line above it stay in view
          height: 'calc(100dvh - 300px)',
          minHeight: 320,
          border: '1px solid var(--mantine-color-gray-3)',
          borderRadius: 4,
        }}
      />
    </Stack>
  );
}

/** The clinic's bank account for payment by transfer, from the session store. */
function BankLine({ clinicId }: { clinicId?: number }) {
  const { t } = useTranslation();
  const bank: BankAccount | null = useSession((s) => s.bankAccount);
  if (!bank || (clinicId !== undefined && bank.clinicId !== clinicId)) return null;
  if (!bank.accountNumber)
    return (
      <Text size="sm" c="dimmed">
        {t('invoiceList.modal.noBankAccount')}
      </Text>
    );
  return (
    <Alert variant="light" color="blue" py="xs">
      <Text size="sm">
        {t('invoiceList.modal.bankAccount', {
          bank: bank.bankName ?? '',
          number: bank.accountNumber,
          holder: bank.accountHolder ?? '',
        })}
      </Text>
    </Alert>
  );
}
