import { DENIAL_REASONS } from '@klinikita/domain/billing/payer-claims.rules';
import { payerDenialsSchema } from '@klinikita/domain/billing/payer-claims.schema';
import { formatRupiah } from '@klinikita/domain/common/format';
import {
  Alert,
  Button,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Select,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toFieldErrors } from '../../../shared/form-errors.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { type PayerInvoice, usePayerDenials, useRecordDenials } from '../api/payer-invoices-api.ts';
import { FORM_ERROR, serverErrors } from './form-errors.ts';
import { shortDay } from './invoice-format.tsx';
import { MONEY_INPUT } from './money-input.ts';

type Item = PayerInvoice['items'][number];

/**
 * "Catat penolakan": the insurer's denial of one visit of a claim batch — the reason code, the
 * amount (all that is open by default, never more), a note and, if the insurer named them, the
 * bill lines. The server's messages show under their fields; the input stays.
 */
export function DenialDialog({ uid, item, onClose }: { uid: string; item: Item; onClose: () => void }) {
  const { t } = useTranslation();
  const claim = usePayerDenials(uid);
  const record = useRecordDenials();
  const [values, setValues] = useState({
    reasonCode: null as string | null,
    amount: item.open as number | '',
    note: '',
    lineSeqs: [] as string[],
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const error = (field: string) => {
    const key = errors[`lines.0.${field}`];
    return key ? translateMessage(key) : undefined;
  };
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [`lines.0.${key}`]: _, [FORM_ERROR]: __, ...rest }) => rest);
  };
  const lines = (claim.data?.billLines ?? []).filter((l) => l.receivableUid === item.receivableUid);

  const submit = () => {
    const parsed = payerDenialsSchema.safeParse({
      lines: [
        {
          receivableUid: item.receivableUid,
          reasonCode: values.reasonCode ?? undefined,
          amount: values.amount === '' ? undefined : values.amount,
          note: values.note,
          lineSeqs: values.lineSeqs.map(Number),
        },
      ],
    });
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error.issues));
      return;
    }
    record.mutate(
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
    <Modal
      opened
      onClose={onClose}
      title={t('payerInvoices.claims.web.denialTitle', {
        patient: item.patientName,
        day: shortDay(item.visitDay),
      })}
    >
      <Stack gap="sm" data-testid="denial-dialog">
        <Text size="sm" c="dimmed">
          {t('payerInvoices.claims.web.openOnItem', { amount: formatRupiah(item.open) })}
        </Text>
        <Select
          label={t('payerInvoices.claims.web.reasonCode')}
          placeholder={t('payerInvoices.claims.web.reasonPlaceholder')}
          data={DENIAL_REASONS.map((r) => ({ value: r, label: t(`payerInvoices.claims.reasons.${r}`) }))}
          value={values.reasonCode}
          onChange={(v) => set('reasonCode', v)}
          error={error('reasonCode')}
          withAsterisk
        />
        <NumberInput
          {...MONEY_INPUT}
          label={t('payerInvoices.claims.web.amount')}
          value={values.amount}
          onChange={(v) => set('amount', typeof v === 'number' ? v : '')}
          error={error('amount')}
          withAsterisk
        />
        {lines.length > 0 && (
          <MultiSelect
            label={t('payerInvoices.claims.web.billLines')}
            placeholder={
              values.lineSeqs.length ? undefined : t('payerInvoices.claims.web.billLinesPlaceholder')
            }
            data={lines.map((l) => ({
              value: String(l.seq),
              label: `${l.description} (${formatRupiah(l.amount)})`,
            }))}
            value={values.lineSeqs}
            onChange={(v) => set('lineSeqs', v)}
            error={error('lineSeqs')}
          />
        )}
        <Textarea
          label={t('payerInvoices.claims.web.note')}
          value={values.note}
          onChange={(e) => set('note', e.currentTarget.value)}
          error={error('note')}
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
          <Button color="red" onClick={submit} loading={record.isPending}>
            {t('payerInvoices.web.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
