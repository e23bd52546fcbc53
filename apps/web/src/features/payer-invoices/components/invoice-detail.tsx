import { mayDo } from '@klinikita/domain/billing/payer-invoices.rules';
import { reasonBodySchema } from '@klinikita/domain/billing/payer-invoices.schema';
import { formatRupiah } from '@klinikita/domain/common/format';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toFieldErrors } from '../../../shared/form-errors.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { usePermissions } from '../../../shared/session/permissions.ts';
import {
  invoicePdfUrl,
  type PayerInvoice,
  useApprove,
  useApproveWriteOff,
  useCancel,
  useDispute,
  usePayerInvoice,
  useRequestWriteOff,
  useResolve,
  useSend,
} from '../api/payer-invoices-api.ts';
import { ClaimDenials } from './claim-denials.tsx';
import { DenialDialog } from './denial-dialog.tsx';
import { FORM_ERROR, serverErrors } from './form-errors.ts';
import { StatusBadge, shortDay } from './invoice-format.tsx';
import { PaymentDialog } from './payment-dialog.tsx';

type ReasonAction = 'dispute' | 'writeOff' | 'cancel';

/** One invoice: its payer, days and money, its visits, its payments, and what may be done next. */
export function InvoiceDetail({ uid, today, onBack }: { uid: string; today: string; onBack: () => void }) {
  const { t } = useTranslation();
  const query = usePayerInvoice(uid);
  const invoice = query.data;
  return (
    <Stack gap="md">
      <Group>
        <Button variant="subtle" leftSection={<IconArrowLeft size={14} />} onClick={onBack}>
          {t('payerInvoices.web.back')}
        </Button>
      </Group>
      {!invoice ? (
        query.isError ? (
          <Alert color="red">{t('payerInvoices.notFound')}</Alert>
        ) : (
          <Loader size="sm" />
        )
      ) : (
        <InvoiceCard invoice={invoice} today={today} />
      )}
    </Stack>
  );
}

function InvoiceCard({ invoice, today }: { invoice: PayerInvoice; today: string }) {
  const { t } = useTranslation();
  const who = (p: PayerInvoice['preparedBy']) => (p ? `${p.name}` : '-');
  // an insurer's invoice is a claim batch: the insurer answers per visit
  const claim = invoice.payerKind === 'insurer';
  return (
    <Card withBorder padding="md" data-testid="invoice-detail">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Group gap="xs">
              <Title order={3}>{invoice.number}</Title>
              {claim && (
                <Badge color="grape" variant="outline">
                  {t('payerInvoices.claims.web.insurerClaim')}
                </Badge>
              )}
              <StatusBadge status={invoice.status} />
            </Group>
            <Text size="sm">{invoice.payerName}</Text>
            <Text size="sm" c="dimmed">
              {t('payerInvoices.web.period')}: {shortDay(invoice.periodFrom)} – {shortDay(invoice.periodTo)} ·{' '}
              {t('payerInvoices.web.issueDate')}: {shortDay(invoice.issueDate)} ·{' '}
              {t('payerInvoices.web.dueDate')}: {shortDay(invoice.dueDate)}
            </Text>
            <Text size="xs" c="dimmed">
              {t('payerInvoices.web.preparedBy')}: {who(invoice.preparedBy)} ·{' '}
              {t('payerInvoices.web.approvedBy')}: {who(invoice.approvedBy)} · {t('payerInvoices.web.sentBy')}
              : {who(invoice.sentBy)}
            </Text>
          </div>
          <Stack gap={2} align="flex-end">
            <Text size="sm">
              {t('payerInvoices.web.total')}: <b>{formatRupiah(invoice.total)}</b>
            </Text>
            <Text size="sm">
              {t('payerInvoices.web.paid')}: {formatRupiah(invoice.paid)}
            </Text>
            {invoice.denied > 0 && (
              <Text size="sm" c="red">
                {t('payerInvoices.claims.web.denied')}: {formatRupiah(invoice.denied)}
              </Text>
            )}
            {invoice.writtenOff > 0 && (
              <Text size="sm">
                {t('payerInvoices.web.writtenOff')}: {formatRupiah(invoice.writtenOff)}
              </Text>
            )}
            <Text size="sm" fw={700}>
              {t('payerInvoices.web.open')}: {formatRupiah(invoice.open)}
            </Text>
          </Stack>
        </Group>
        {invoice.disputeReason && (
          <Alert color="red" variant="light" title={t('payerInvoices.web.disputeReason')}>
            {invoice.disputeReason}
          </Alert>
        )}
        {invoice.writeOffReason && invoice.status !== 'WRITTEN_OFF' && (
          <Alert color="orange" variant="light" title={t('payerInvoices.web.writeOffPending')}>
            {invoice.writeOffReason}
          </Alert>
        )}
        <Actions invoice={invoice} today={today} />
        <Items invoice={invoice} />
        {claim && invoice.status !== 'DRAFT' && invoice.status !== 'APPROVED' && (
          <ClaimDenials invoice={invoice} />
        )}
        <Payments invoice={invoice} />
      </Stack>
    </Card>
  );
}

function Actions({ invoice, today }: { invoice: PayerInvoice; today: string }) {
  const { t } = useTranslation();
  const can = usePermissions();
  const [paying, setPaying] = useState(false);
  const [reason, setReason] = useState<ReasonAction | null>(null);
  const approve = useApprove();
  const send = useSend();
  const resolve = useResolve();
  const approveWriteOff = useApproveWriteOff();
  const done = {
    onSuccess: (answer: { message: string }) =>
      notifications.show({ color: 'green', message: translateMessage(answer.message) }),
    onError: (e: Error) => {
      const message = serverErrors(e)[FORM_ERROR];
      if (message) notifications.show({ color: 'red', message: translateMessage(message) });
    },
  };
  const params = { uid: invoice.uid };
  const manage = can.has('receivable.manage');
  const approver = can.has('bill.approve');
  const writeOffAsked = invoice.writeOffRequestedBy !== null && invoice.status !== 'WRITTEN_OFF';
  return (
    <Group gap="xs">
      <Button
        component="a"
        href={invoicePdfUrl(invoice.uid)}
        target="_blank"
        rel="noopener"
        size="xs"
        variant="light"
        leftSection={<IconPrinter size={14} />}
      >
        {t('payerInvoices.web.pdf')}
      </Button>
      {approver && mayDo(invoice.status, 'approve') && (
        <Button size="xs" loading={approve.isPending} onClick={() => approve.mutate({ params }, done)}>
          {t('payerInvoices.web.approve')}
        </Button>
      )}
      {manage && mayDo(invoice.status, 'send') && (
        <Button size="xs" loading={send.isPending} onClick={() => send.mutate({ params }, done)}>
          {t('payerInvoices.web.send')}
        </Button>
      )}
      {manage && mayDo(invoice.status, 'pay') && (
        <Button size="xs" color="green" onClick={() => setPaying(true)}>
          {t('payerInvoices.web.recordPayment')}
        </Button>
      )}
      {manage && mayDo(invoice.status, 'dispute') && (
        <Button size="xs" variant="light" color="red" onClick={() => setReason('dispute')}>
          {t('payerInvoices.web.dispute')}
        </Button>
      )}
      {manage && mayDo(invoice.status, 'resolve') && (
        <Button
          size="xs"
          variant="light"
          loading={resolve.isPending}
          onClick={() => resolve.mutate({ params, body: { note: null } }, done)}
        >
          {t('payerInvoices.web.resolve')}
        </Button>
      )}
      {manage && mayDo(invoice.status, 'writeOff') && !writeOffAsked && (
        <Button size="xs" variant="light" color="dark" onClick={() => setReason('writeOff')}>
          {t('payerInvoices.web.writeOff')}
        </Button>
      )}
      {approver && mayDo(invoice.status, 'writeOff') && writeOffAsked && (
        <Button
          size="xs"
          color="dark"
          loading={approveWriteOff.isPending}
          onClick={() => approveWriteOff.mutate({ params }, done)}
        >
          {t('payerInvoices.web.approveWriteOff')}
        </Button>
      )}
      {manage && mayDo(invoice.status, 'cancel') && (
        <Button size="xs" variant="subtle" color="red" onClick={() => setReason('cancel')}>
          {t('payerInvoices.web.cancel')}
        </Button>
      )}
      {paying && <PaymentDialog invoice={invoice} today={today} onClose={() => setPaying(false)} />}
      {reason && <ReasonDialog action={reason} uid={invoice.uid} onClose={() => setReason(null)} />}
    </Group>
  );
}

/** The reason a dispute, a write-off request or a draft's cancellation needs. */
function ReasonDialog({ action, uid, onClose }: { action: ReasonAction; uid: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const dispute = useDispute();
  const writeOff = useRequestWriteOff();
  const cancel = useCancel();
  const mutation = { dispute, writeOff, cancel }[action];
  const submit = () => {
    const parsed = reasonBodySchema.safeParse({ reason: text });
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error.issues));
      return;
    }
    mutation.mutate(
      { params: { uid }, body: parsed.data },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: translateMessage(answer.message) });
          onClose();
        },
        onError: (e) => setErrors(serverErrors(e)),
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={t(`payerInvoices.web.${action}`)}>
      <Stack gap="sm">
        <Textarea
          label={t('payerInvoices.web.reason')}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setErrors({});
          }}
          error={errors.reason ? translateMessage(errors.reason) : undefined}
          autosize
          minRows={2}
        />
        {errors[FORM_ERROR] && (
          <Alert color="red" variant="light">
            {translateMessage(errors[FORM_ERROR])}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('payerInvoices.web.close')}
          </Button>
          <Button onClick={submit} loading={mutation.isPending}>
            {t('payerInvoices.web.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function Items({ invoice }: { invoice: PayerInvoice }) {
  const { t } = useTranslation();
  const can = usePermissions();
  const [denying, setDenying] = useState<PayerInvoice['items'][number] | null>(null);
  const claim = invoice.payerKind === 'insurer';
  const mayDeny = claim && can.has('receivable.manage') && mayDo(invoice.status, 'deny');
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped data-testid="invoice-items">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>No</Table.Th>
            <Table.Th>{t('payerInvoices.web.visitDate')}</Table.Th>
            <Table.Th>{t('payerInvoices.web.patient')}</Table.Th>
            <Table.Th>{t('payerInvoices.web.mrn')}</Table.Th>
            <Table.Th>{t('payerInvoices.web.billNumber')}</Table.Th>
            <Table.Th ta="right">{t('payerInvoices.web.amount')}</Table.Th>
            <Table.Th ta="right">{t('payerInvoices.web.paid')}</Table.Th>
            {claim && <Table.Th ta="right">{t('payerInvoices.claims.web.denied')}</Table.Th>}
            <Table.Th ta="right">{t('payerInvoices.web.open')}</Table.Th>
            {mayDeny && <Table.Th />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoice.items.map((i, n) => (
            <Table.Tr key={i.receivableUid}>
              <Table.Td>{n + 1}</Table.Td>
              <Table.Td>{shortDay(i.visitDay)}</Table.Td>
              <Table.Td>{i.patientName}</Table.Td>
              <Table.Td>{i.mrn}</Table.Td>
              <Table.Td>{i.billNumber}</Table.Td>
              <Table.Td ta="right">{formatRupiah(i.amount)}</Table.Td>
              <Table.Td ta="right">{formatRupiah(i.paid)}</Table.Td>
              {claim && (
                <Table.Td ta="right" c={i.denied > 0 ? 'red' : undefined}>
                  {formatRupiah(i.denied)}
                </Table.Td>
              )}
              <Table.Td ta="right">{formatRupiah(i.open)}</Table.Td>
              {mayDeny && (
                <Table.Td>
                  {i.open > 0 && (
                    <Button
                      size="compact-xs"
                      variant="light"
                      color="red"
                      aria-label={t('payerInvoices.claims.web.recordDenialOf', { patient: i.patientName })}
                      onClick={() => setDenying(i)}
                    >
                      {t('payerInvoices.claims.web.recordDenial')}
                    </Button>
                  )}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {denying && <DenialDialog uid={invoice.uid} item={denying} onClose={() => setDenying(null)} />}
    </Table.ScrollContainer>
  );
}

function Payments({ invoice }: { invoice: PayerInvoice }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        {t('payerInvoices.web.payments')}
      </Text>
      {invoice.payments.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('payerInvoices.web.noPayments')}
        </Text>
      ) : (
        invoice.payments.map((p) => (
          <Group key={p.uid} justify="space-between">
            <Text size="sm">
              {shortDay(p.paidOn)} · {t(`payerInvoices.methods.${p.method}`)}
              {p.reference ? ` · ${p.reference}` : ''}
            </Text>
            <Text size="sm">{formatRupiah(p.amount)}</Text>
          </Group>
        ))
      )}
    </Stack>
  );
}
