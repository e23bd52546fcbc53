import { type DenialState, isResolved } from '@klinikita/domain/billing/payer-claims.rules';
import { mayDo } from '@klinikita/domain/billing/payer-invoices.rules';
import { reasonBodySchema } from '@klinikita/domain/billing/payer-invoices.schema';
import { formatRupiah } from '@klinikita/domain/common/format';
import { Alert, Badge, Button, Group, Modal, Stack, Table, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toFieldErrors } from '../../../shared/form-errors.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { usePermissions } from '../../../shared/session/permissions.ts';
import {
  type PayerDenial,
  type PayerInvoice,
  useApproveDenialWriteOff,
  usePayerDenials,
  useReclaimDenial,
  useRequestDenialWriteOff,
} from '../api/payer-invoices-api.ts';
import { FORM_ERROR, serverErrors } from './form-errors.ts';
import { shortDay } from './invoice-format.tsx';

const NOWRAP = { whiteSpace: 'nowrap' } as const;

const STATE_COLOURS: Record<DenialState, string> = {
  DENIED: 'red',
  WRITE_OFF_REQUESTED: 'orange',
  RECLAIMED: 'blue',
  WRITTEN_OFF: 'dark',
};

/**
 * "Penolakan asuransi": a claim batch's denials — the visit, the amount, the reason and the bill
 * lines named — and their resolution: claimed again on the next batch, or written off (asked by
 * one person, approved by another).
 */
export function ClaimDenials({ invoice }: { invoice: PayerInvoice }) {
  const { t } = useTranslation();
  const claim = usePayerDenials(invoice.uid);
  const denials = claim.data?.denials ?? [];
  const [writingOff, setWritingOff] = useState<string | null>(null);
  return (
    <Stack gap={4} data-testid="claim-denials">
      <Text fw={600} size="sm">
        {t('payerInvoices.claims.web.denials')}
      </Text>
      {denials.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('payerInvoices.claims.web.noDenials')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('payerInvoices.web.visitDate')}</Table.Th>
                <Table.Th>{t('payerInvoices.web.patient')}</Table.Th>
                <Table.Th>{t('payerInvoices.claims.web.reasonCode')}</Table.Th>
                <Table.Th ta="right">{t('payerInvoices.claims.web.denied')}</Table.Th>
                <Table.Th>{t('payerInvoices.claims.web.state')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {denials.map((d) => (
                <Table.Tr key={d.uid}>
                  <Table.Td>{shortDay(d.visitDay)}</Table.Td>
                  <Table.Td>{d.patientName}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{t(`payerInvoices.claims.reasons.${d.reasonCode}`)}</Text>
                    {d.lines.length > 0 && (
                      <Text size="xs">{d.lines.map((l) => l.description || `#${l.seq}`).join(', ')}</Text>
                    )}
                    {d.note && (
                      <Text size="xs" c="dimmed">
                        {d.note}
                      </Text>
                    )}
                    {d.state === 'WRITE_OFF_REQUESTED' && d.writeOffReason && (
                      <Text size="xs" c="orange">
                        {t('payerInvoices.claims.web.writeOffReason')}: {d.writeOffReason}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right" style={NOWRAP}>
                    {formatRupiah(d.amount)}
                  </Table.Td>
                  <Table.Td style={NOWRAP}>
                    <Badge
                      color={STATE_COLOURS[d.state]}
                      variant="light"
                      styles={{ label: { overflow: 'visible' } }}
                    >
                      {t(`payerInvoices.claims.states.${d.state}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <DenialActions invoice={invoice} denial={d} onWriteOff={() => setWritingOff(d.uid)} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {writingOff && (
        <WriteOffDialog uid={invoice.uid} denialUid={writingOff} onClose={() => setWritingOff(null)} />
      )}
    </Stack>
  );
}

function DenialActions({
  invoice,
  denial,
  onWriteOff,
}: {
  invoice: PayerInvoice;
  denial: PayerDenial;
  onWriteOff: () => void;
}) {
  const { t } = useTranslation();
  const can = usePermissions();
  const reclaim = useReclaimDenial();
  const approve = useApproveDenialWriteOff();
  if (isResolved(denial.state) || !mayDo(invoice.status, 'settleDenial')) return null;
  const params = { uid: invoice.uid, denialUid: denial.uid };
  const done = {
    onSuccess: (answer: { message: string }) =>
      notifications.show({ color: 'green', message: translateMessage(answer.message) }),
    onError: (e: Error) => {
      const message = serverErrors(e)[FORM_ERROR];
      if (message) notifications.show({ color: 'red', message: translateMessage(message) });
    },
  };
  const manage = can.has('receivable.manage');
  return (
    <Group gap={4} wrap="nowrap">
      {manage && (
        <Button
          size="compact-xs"
          variant="light"
          loading={reclaim.isPending}
          onClick={() => reclaim.mutate({ params, body: { note: null } }, done)}
        >
          {t('payerInvoices.claims.web.reclaim')}
        </Button>
      )}
      {manage && denial.state === 'DENIED' && (
        <Button size="compact-xs" variant="light" color="dark" onClick={onWriteOff}>
          {t('payerInvoices.claims.web.writeOff')}
        </Button>
      )}
      {can.has('bill.approve') && denial.state === 'WRITE_OFF_REQUESTED' && (
        <Button
          size="compact-xs"
          color="dark"
          loading={approve.isPending}
          onClick={() => approve.mutate({ params }, done)}
        >
          {t('payerInvoices.claims.web.approveWriteOff')}
        </Button>
      )}
    </Group>
  );
}

/** The reason a denial's write-off is asked with. */
function WriteOffDialog({
  uid,
  denialUid,
  onClose,
}: {
  uid: string;
  denialUid: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const request = useRequestDenialWriteOff();
  const submit = () => {
    const parsed = reasonBodySchema.safeParse({ reason: text });
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error.issues));
      return;
    }
    request.mutate(
      { params: { uid, denialUid }, body: parsed.data },
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
    <Modal opened onClose={onClose} title={t('payerInvoices.claims.web.writeOff')}>
      <Stack gap="sm">
        <Textarea
          label={t('payerInvoices.claims.web.writeOffReason')}
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
          <Button onClick={submit} loading={request.isPending}>
            {t('payerInvoices.web.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
