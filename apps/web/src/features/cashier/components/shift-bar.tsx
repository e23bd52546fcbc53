import { clinicDay } from '@klinikita/domain/common/clinic-day';
import { formatRupiah } from '@klinikita/domain/common/format';
import { Alert, Badge, Button, Card, Group, NumberInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClock } from '../../../shared/format.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { usePermissions } from '../../../shared/session/permissions.ts';
import { type Shift, useCloseDay, useCurrentShift, useOpenShift } from '../api/shift-api.ts';
import { FORM_ERROR, MONEY_INPUT, serverErrors } from './cashier-forms.ts';
import { CloseShiftDialog } from './close-shift-dialog.tsx';
import { ShiftApprovals } from './shift-approvals.tsx';

const money = (amount: number) => `${amount < 0 ? '−' : ''}${formatRupiah(Math.abs(amount))}`;

/**
 * The cashier's shift above the queue (issue 18 §4): "Shift belum dibuka" with the opening float
 * when none is open; else when it opened, the float, the cash expected so far and the non-cash
 * totals per method, and "Tutup shift". Shifts waiting for approval are shown; holders of
 * `bill.approve` see the clinic's and approve them. "Tutup hari" closes the clinic's day.
 */
export function ShiftBar({ clinicId, timeZone }: { clinicId: number; timeZone: string }) {
  const { t } = useTranslation();
  const permissions = usePermissions();
  const current = useCurrentShift(clinicId);
  const [closing, setClosing] = useState(false);
  const data = current.data;
  return (
    <Card withBorder padding="sm" data-testid="shift-bar">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start">
          {!data ? (
            <Text size="sm" c={current.isError ? 'red' : 'dimmed'}>
              {current.isError ? t('cashierShifts.bar.loadFailed') : '…'}
            </Text>
          ) : data.shift ? (
            <OpenShift shift={data.shift} timeZone={timeZone} onClose={() => setClosing(true)} />
          ) : permissions.has('payment.take') ? (
            <OpenForm clinicId={clinicId} />
          ) : (
            <span />
          )}
          <CloseDay clinicId={clinicId} timeZone={timeZone} />
        </Group>
        {data?.pending.map((s) => (
          <Alert key={s.uid} color="orange" variant="light" py={6}>
            {t('cashierShifts.bar.pending', { variance: money(s.variance ?? 0) })}
          </Alert>
        ))}
        {permissions.has('bill.approve') && data && (
          <ShiftApprovals clinicId={clinicId} own={data.pending.map((s) => s.uid)} />
        )}
      </Stack>
      {closing && data?.shift && <CloseShiftDialog shift={data.shift} onClose={() => setClosing(false)} />}
    </Card>
  );
}

function OpenShift({ shift, timeZone, onClose }: { shift: Shift; timeZone: string; onClose: () => void }) {
  const { t } = useTranslation();
  const item = (label: string, value: string, testId?: string) => (
    <Stack gap={0} key={label}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
  return (
    <Group gap="lg" align="flex-end">
      <Badge color="teal" variant="light">
        {t('cashierShifts.bar.title')}
      </Badge>
      {item(t('cashierShifts.bar.openedAt'), formatClock(new Date(shift.openedAt), timeZone).slice(0, 5))}
      {item(t('cashierShifts.bar.floatShown'), formatRupiah(shift.openingFloat))}
      {item(t('cashierShifts.bar.expected'), formatRupiah(shift.totals.expectedCash), 'shift-expected')}
      {shift.totals.nonCash.map((m) => item(t(`billing.methods.${m.method}`), money(m.amount)))}
      {item(t('cashierShifts.bar.payments'), String(shift.totals.payments))}
      {shift.totals.deposits.received + shift.totals.deposits.refunded > 0 &&
        item(
          t('cashierShifts.bar.deposits'),
          shift.totals.deposits.refunded
            ? t('cashierShifts.bar.depositsNet', {
                received: formatRupiah(shift.totals.deposits.received),
                refunded: formatRupiah(shift.totals.deposits.refunded),
              })
            : formatRupiah(shift.totals.deposits.received),
          'shift-deposits',
        )}
      <Button variant="light" color="orange" onClick={onClose}>
        {t('cashierShifts.bar.close')}
      </Button>
    </Group>
  );
}

function OpenForm({ clinicId }: { clinicId: number }) {
  const { t } = useTranslation();
  const [float, setFloat] = useState<number | ''>(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const open = useOpenShift();
  const submit = () =>
    open.mutate(
      { body: { clinicId, openingFloat: float === '' ? 0 : float } },
      { onSuccess: () => setErrors({}), onError: (error) => setErrors(serverErrors(error) ?? {}) },
    );
  return (
    <Group gap="sm" align="flex-end">
      <Stack gap={0}>
        <Text fw={600}>{t('cashierShifts.bar.none')}</Text>
        {errors[FORM_ERROR] && (
          <Text size="sm" c="red">
            {translateMessage(errors[FORM_ERROR])}
          </Text>
        )}
      </Stack>
      <NumberInput
        w={180}
        label={t('cashierShifts.bar.float')}
        {...MONEY_INPUT}
        value={float}
        onChange={(v) => setFloat(typeof v === 'number' ? v : '')}
        error={errors.openingFloat ? translateMessage(errors.openingFloat) : undefined}
      />
      <Button onClick={submit} loading={open.isPending}>
        {t('cashierShifts.bar.open')}
      </Button>
    </Group>
  );
}

function CloseDay({ clinicId, timeZone }: { clinicId: number; timeZone: string }) {
  const { t } = useTranslation();
  const closeDay = useCloseDay();
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = () => {
    const day = clinicDay(timeZone);
    if (!window.confirm(t('cashierShifts.day.confirm', { day }))) return;
    closeDay.mutate(
      { body: { clinicId, day } },
      {
        onSuccess: (answer) => {
          setRefusal(null);
          notifications.show({ color: 'teal', message: answer.message });
        },
        onError: (error) => setRefusal(serverErrors(error)?.[FORM_ERROR] ?? null),
      },
    );
  };
  return (
    <Stack gap={4} align="flex-end" maw={420}>
      <Button variant="default" onClick={submit} loading={closeDay.isPending}>
        {t('cashierShifts.day.close')}
      </Button>
      {refusal && (
        <Text size="sm" c="red" ta="right" data-testid="day-close-refusal">
          {translateMessage(refusal)}
        </Text>
      )}
    </Stack>
  );
}
