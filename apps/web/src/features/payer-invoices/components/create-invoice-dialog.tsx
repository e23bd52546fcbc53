import { payerInvoiceCreateSchema } from '@klinikita/domain/billing/payer-invoices.schema';
import { formatRupiah } from '@klinikita/domain/common/format';
import { Alert, Button, Group, Modal, Select, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toFieldErrors } from '../../../shared/form-errors.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { useCreateInvoice, useOpenReceivables, usePayers } from '../api/payer-invoices-api.ts';
import { FORM_ERROR, serverErrors } from './form-errors.ts';
import { shortDay } from './invoice-format.tsx';

/** "Buat tagihan": a payer and a period, the visits it would take with their total, then the draft. */
export function CreateInvoiceDialog({
  clinicId,
  today,
  onClose,
  onCreated,
}: {
  clinicId: number;
  today: string;
  onClose: () => void;
  onCreated: (uid: string) => void;
}) {
  const { t } = useTranslation();
  const payers = usePayers(clinicId);
  const [values, setValues] = useState({ payer: '', from: `${today.slice(0, 8)}01`, to: today, note: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateInvoice();
  const ready = Boolean(values.payer && values.from && values.to && values.from <= values.to);
  const preview = useOpenReceivables(
    ready ? { clinicId, payer: values.payer, from: values.from, to: values.to } : null,
  );
  const set = (key: keyof typeof values, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _, [FORM_ERROR]: __, ...rest }) => rest);
  };
  const error = (key: string) => (errors[key] ? translateMessage(errors[key]) : undefined);

  const submit = () => {
    const parsed = payerInvoiceCreateSchema.safeParse({ clinicId, ...values });
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error.issues));
      return;
    }
    create.mutate(
      { body: parsed.data },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: translateMessage(answer.message) });
          if (answer.data) onCreated(answer.data.uid);
        },
        onError: (e) => setErrors(serverErrors(e)),
      },
    );
  };

  const items = preview.data?.items ?? [];
  return (
    <Modal opened onClose={onClose} title={t('payerInvoices.web.createTitle')} size="xl">
      <Stack gap="sm">
        <Select
          label={t('payerInvoices.web.payer')}
          placeholder={t('payerInvoices.web.payerPlaceholder')}
          nothingFoundMessage={t('payerInvoices.web.noPayers')}
          searchable
          data={(payers.data ?? []).map((p) => ({
            value: p.payer,
            label: `${p.payerName} — ${t('payerInvoices.web.openSummary', {
              count: p.openCount,
              amount: formatRupiah(p.openAmount),
            })}`,
          }))}
          value={values.payer || null}
          onChange={(v) => set('payer', v ?? '')}
          error={error('payer')}
        />
        <Group grow>
          <TextInput
            type="date"
            label={t('payerInvoices.web.from')}
            value={values.from}
            onChange={(e) => set('from', e.currentTarget.value)}
            error={error('from')}
          />
          <TextInput
            type="date"
            label={t('payerInvoices.web.to')}
            value={values.to}
            onChange={(e) => set('to', e.currentTarget.value)}
            error={error('to')}
          />
        </Group>
        <Textarea
          label={t('payerInvoices.web.note')}
          value={values.note}
          onChange={(e) => set('note', e.currentTarget.value)}
          error={error('note')}
          autosize
          minRows={1}
        />
        {ready && (
          <Stack gap={4} data-testid="invoice-preview">
            <Text fw={600} size="sm">
              {t('payerInvoices.web.preview')}
            </Text>
            {preview.data && items.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('payerInvoices.web.previewEmpty')}
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={560} mah={260}>
                <Table striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('payerInvoices.web.visitDate')}</Table.Th>
                      <Table.Th>{t('payerInvoices.web.patient')}</Table.Th>
                      <Table.Th>{t('payerInvoices.web.mrn')}</Table.Th>
                      <Table.Th ta="right">{t('payerInvoices.web.amount')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {items.map((i) => (
                      <Table.Tr key={i.receivableUid}>
                        <Table.Td>{shortDay(i.visitDay)}</Table.Td>
                        <Table.Td>{i.patientName}</Table.Td>
                        <Table.Td>{i.mrn}</Table.Td>
                        <Table.Td ta="right">{formatRupiah(i.amount)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            {preview.data && items.length > 0 && (
              <Text size="sm" fw={600} ta="right">
                {t('payerInvoices.web.total')}: {formatRupiah(preview.data.total)}
              </Text>
            )}
          </Stack>
        )}
        {errors[FORM_ERROR] && (
          <Alert color="red" variant="light">
            {translateMessage(errors[FORM_ERROR])}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('payerInvoices.web.close')}
          </Button>
          <Button onClick={submit} loading={create.isPending}>
            {t('payerInvoices.web.create')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
