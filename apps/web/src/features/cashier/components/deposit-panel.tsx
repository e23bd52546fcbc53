import {
  DEPOSIT_METHODS,
  type DepositMethod,
  REFERENCE_METHODS,
} from '@klinikita/domain/billing/billing.rules';
import type { DocumentPaper } from '@klinikita/domain/billing/billing-documents.schema';
import { receiveDepositSchema, refundDepositSchema } from '@klinikita/domain/billing/deposits.schema';
import { formatRupiah } from '@klinikita/domain/common/format';
import type { Locale } from '@klinikita/domain/i18n/locale';
import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPrinter } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toFieldErrors, withoutFields } from '../../../shared/form-errors.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { usePermissions } from '../../../shared/session/permissions.ts';
import {
  type DepositEntry,
  depositReceiptUrl,
  type PatientDeposit,
  useReceiveDeposit,
  useRefundDeposit,
} from '../api/deposit-api.ts';
import { FORM_ERROR, MONEY_INPUT, serverErrors } from './cashier-forms.ts';

type Dialog = { kind: 'receive' } | { kind: 'history' } | { kind: 'refund'; entry: DepositEntry };

/**
 * The patient's deposit (uang muka) on the bill: the balance, "Deposit" to receive money into it
 * (its receipt printable), the ledger, and a refund of a receipt with its reason for holders of
 * `bill.approve`. Drawing on it is a DEPOSIT row of the payment form.
 */
export function DepositPanel({
  clinicId,
  deposit,
  paper,
}: {
  clinicId: number;
  deposit: PatientDeposit;
  paper: DocumentPaper;
}) {
  const { t } = useTranslation();
  const permissions = usePermissions();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [received, setReceived] = useState<DepositEntry | null>(null);
  const close = () => setDialog(null);
  return (
    <Stack gap={4} data-testid="deposit-panel">
      <Group justify="space-between">
        <Group gap="xs">
          <Text size="sm">{t('cashier.deposit.balance')}</Text>
          <Text fw={700} data-testid="deposit-balance">
            {formatRupiah(deposit.balance)}
          </Text>
        </Group>
        <Group gap="xs">
          {deposit.entries.length > 0 && (
            <Button size="xs" variant="subtle" onClick={() => setDialog({ kind: 'history' })}>
              {t('cashier.deposit.history')}
            </Button>
          )}
          {permissions.has('payment.take') && (
            <Button size="xs" variant="light" onClick={() => setDialog({ kind: 'receive' })}>
              {t('cashier.deposit.open')}
            </Button>
          )}
        </Group>
      </Group>
      {received && (
        <Alert color="teal" variant="light" py={6}>
          <Group justify="space-between">
            <Text size="sm" data-testid="deposit-receipt">
              {t('cashier.deposit.receivedLine', {
                number: received.receiptNumber ?? '–',
                amount: formatRupiah(received.amount),
              })}
            </Text>
            <ReceiptButton entry={received} paper={paper} />
          </Group>
        </Alert>
      )}
      <Modal opened={dialog?.kind === 'receive'} onClose={close} title={t('cashier.deposit.title')}>
        {dialog?.kind === 'receive' && (
          <ReceiveForm
            clinicId={clinicId}
            deposit={deposit}
            onDone={(entry) => {
              setReceived(entry);
              close();
            }}
            onCancel={close}
          />
        )}
      </Modal>
      <Modal
        opened={dialog?.kind === 'history'}
        onClose={close}
        title={t('cashier.deposit.history')}
        size="xl"
      >
        {dialog?.kind === 'history' && (
          <History
            deposit={deposit}
            paper={paper}
            canRefund={permissions.has('bill.approve')}
            onRefund={(entry) => setDialog({ kind: 'refund', entry })}
          />
        )}
      </Modal>
      <Modal opened={dialog?.kind === 'refund'} onClose={close} title={t('cashier.deposit.refundTitle')}>
        {dialog?.kind === 'refund' && (
          <RefundForm entry={dialog.entry} balance={deposit.balance} onDone={close} />
        )}
      </Modal>
    </Stack>
  );
}

function ReceiptButton({ entry, paper }: { entry: DepositEntry; paper: DocumentPaper }) {
  const { t } = useTranslation();
  return (
    <Button
      component="a"
      href={depositReceiptUrl(entry.uid, paper)}
      target="_blank"
      rel="noopener"
      size="xs"
      variant="light"
      leftSection={<IconPrinter size={14} />}
      aria-label={t('cashier.print.receiptOf', { number: entry.receiptNumber ?? '' })}
    >
      {t('cashier.print.receipt')}
    </Button>
  );
}

const asAmount = (v: number | string) => (typeof v === 'number' ? v : undefined);

function useErrors() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const errorOf = (key: string) => (errors[key] ? translateMessage(errors[key]) : undefined);
  return { errors, setErrors, errorOf };
}

function Footer({
  error,
  pending,
  submit,
  onCancel,
}: {
  error?: string;
  pending: boolean;
  submit: string;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {error && (
        <Alert color="red" variant="light">
          {translateMessage(error)}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('cashier.cancel')}
        </Button>
        <Button type="submit" loading={pending}>
          {submit}
        </Button>
      </Group>
    </>
  );
}

/** Money into the deposit: amount, method (a card, QRIS or transfer with its reference). One key per attempt. */
function ReceiveForm({
  clinicId,
  deposit,
  onDone,
  onCancel,
}: {
  clinicId: number;
  deposit: PatientDeposit;
  onDone: (entry: DepositEntry) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState({
    amount: '' as number | string,
    method: 'TUNAI' as DepositMethod,
    reference: '',
  });
  const { errors, setErrors, errorOf } = useErrors();
  const attemptKey = useRef<string | null>(null);
  const receive = useReceiveDeposit();
  const set = (key: keyof typeof values, value: string | number) => {
    attemptKey.current = null;
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => withoutFields(e, [key, FORM_ERROR]));
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    attemptKey.current ??= crypto.randomUUID();
    const parsed = receiveDepositSchema.safeParse({
      clinicId,
      idempotencyKey: attemptKey.current,
      amount: asAmount(values.amount),
      method: values.method,
      reference: REFERENCE_METHODS.includes(values.method) ? values.reference : null,
    });
    if (!parsed.success) return setErrors(toFieldErrors(parsed.error.issues));
    receive.mutate(
      { params: { patientUid: deposit.patientUid }, body: parsed.data },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'teal', message: translateMessage(answer.message) });
          if (answer.data) onDone(answer.data.entry);
        },
        onError: (error) => setErrors(serverErrors(error) ?? {}),
      },
    );
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t('cashier.deposit.from', { name: deposit.patientName })}</Text>
        <NumberInput
          label={t('cashier.deposit.amount')}
          required
          {...MONEY_INPUT}
          value={values.amount}
          onChange={(v) => set('amount', v)}
          error={errorOf('amount')}
        />
        <Select
          label={t('cashier.pay.method')}
          allowDeselect={false}
          data={DEPOSIT_METHODS.map((m) => ({ value: m, label: t(`billing.methods.${m}`) }))}
          value={values.method}
          onChange={(v) => v && set('method', v)}
          error={errorOf('method')}
        />
        {REFERENCE_METHODS.includes(values.method) && (
          <TextInput
            label={t('cashier.pay.reference')}
            required
            maxLength={100}
            value={values.reference}
            onChange={(e) => set('reference', e.currentTarget.value)}
            error={errorOf('reference')}
          />
        )}
        <Footer
          error={errors[FORM_ERROR]}
          pending={receive.isPending}
          submit={t('cashier.deposit.submit')}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}

function History({
  deposit,
  paper,
  canRefund,
  onRefund,
}: {
  deposit: PatientDeposit;
  paper: DocumentPaper;
  canRefund: boolean;
  onRefund: (entry: DepositEntry) => void;
}) {
  const { t, i18n } = useTranslation();
  const locale: Locale = i18n.language === 'en' ? 'en' : 'id';
  return (
    <Table striped data-testid="deposit-history">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('cashier.deposit.columns.at')}</Table.Th>
          <Table.Th>{t('cashier.deposit.columns.kind')}</Table.Th>
          <Table.Th>{t('cashier.deposit.columns.reference')}</Table.Th>
          <Table.Th ta="right">{t('cashier.deposit.columns.amount')}</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {deposit.entries.map((e) => (
          <Table.Tr key={e.uid}>
            <Table.Td>{formatDateTime(e.createdAt, locale)}</Table.Td>
            <Table.Td>
              {t(`cashier.deposit.kinds.${e.kind}`)}
              {e.method ? ` · ${t(`billing.methods.${e.method}`)}` : ''}
            </Table.Td>
            <Table.Td>{e.receiptNumber ?? e.billNumber ?? e.reason ?? ''}</Table.Td>
            <Table.Td ta="right">{formatRupiah(e.amount)}</Table.Td>
            <Table.Td>
              {e.kind === 'receipt' && (
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  <ReceiptButton entry={e} paper={paper} />
                  {canRefund && e.refundable > 0 && deposit.balance > 0 && (
                    <Button size="xs" variant="subtle" color="red" onClick={() => onRefund(e)}>
                      {t('cashier.deposit.refund')}
                    </Button>
                  )}
                </Group>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** (Part of) a receipt given back, with the reason; by a second person (the server checks). */
function RefundForm({
  entry,
  balance,
  onDone,
}: {
  entry: DepositEntry;
  balance: number;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const ceiling = Math.min(entry.refundable, balance);
  const [values, setValues] = useState({ amount: ceiling as number | string, reason: '' });
  const { errors, setErrors, errorOf } = useErrors();
  const refund = useRefundDeposit();
  const set = (key: keyof typeof values, value: string | number) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => withoutFields(e, [key, FORM_ERROR]));
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = refundDepositSchema.safeParse({ amount: asAmount(values.amount), reason: values.reason });
    if (!parsed.success) return setErrors(toFieldErrors(parsed.error.issues));
    refund.mutate(
      { params: { uid: entry.uid }, body: parsed.data },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'teal', message: translateMessage(answer.message) });
          onDone();
        },
        onError: (error) => setErrors(serverErrors(error) ?? {}),
      },
    );
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          {t('cashier.deposit.refundWhat', {
            number: entry.receiptNumber ?? '',
            amount: formatRupiah(ceiling),
          })}
        </Text>
        <NumberInput
          label={t('cashier.deposit.amount')}
          required
          {...MONEY_INPUT}
          value={values.amount}
          onChange={(v) => set('amount', v)}
          error={errorOf('amount')}
        />
        <Textarea
          label={t('cashier.reverse.reason')}
          required
          maxLength={500}
          value={values.reason}
          onChange={(e) => set('reason', e.currentTarget.value)}
          error={errorOf('reason')}
        />
        <Footer
          error={errors[FORM_ERROR]}
          pending={refund.isPending}
          submit={t('cashier.deposit.refundSubmit')}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}
