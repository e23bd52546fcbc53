import { closeShiftSchema } from '@klinikita/domain/billing/cashier-shifts.schema';
import { formatRupiah } from '@klinikita/domain/common/format';
import { Alert, Button, Group, Modal, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toFieldErrors } from '../../../shared/form-errors.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { type Shift, useCloseShift } from '../api/shift-api.ts';
import { FORM_ERROR, MONEY_INPUT, serverErrors } from './cashier-forms.ts';

/**
 * Closing the shift: the cash counted in the drawer, the variance against what is expected shown
 * as it is typed, and its reason required when it is not zero (a variance then waits for a
 * second person's approval). The input stays on a refusal.
 */
export function CloseShiftDialog({ shift, onClose }: { shift: Shift; onClose: () => void }) {
  const { t } = useTranslation();
  const [counted, setCounted] = useState<number | ''>('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const close = useCloseShift();
  const expected = shift.totals.expectedCash;
  const variance = counted === '' ? null : counted - expected;
  const errorOf = (key: string) => (errors[key] ? translateMessage(errors[key]) : undefined);

  const submit = () => {
    const parsed = closeShiftSchema.safeParse({
      countedCash: counted === '' ? undefined : counted,
      reason: reason.trim() || undefined,
    });
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error.issues));
      return;
    }
    if (variance !== 0 && reason.trim().length < 3) {
      setErrors({ reason: 'cashierShifts.reasonRequiredField' });
      return;
    }
    setErrors({});
    close.mutate(
      { params: { uid: shift.uid }, body: parsed.data },
      { onSuccess: onClose, onError: (error) => setErrors(serverErrors(error) ?? {}) },
    );
  };

  return (
    <Modal opened onClose={onClose} title={t('cashierShifts.closeDialog.title')}>
      <Stack gap="sm" data-testid="close-shift-dialog">
        <Group justify="space-between">
          <Text size="sm">{t('cashierShifts.closeDialog.expected')}</Text>
          <Text fw={700} data-testid="expected-cash">
            {formatRupiah(expected)}
          </Text>
        </Group>
        <NumberInput
          label={t('cashierShifts.closeDialog.counted')}
          {...MONEY_INPUT}
          value={counted}
          onChange={(v) => setCounted(typeof v === 'number' ? v : '')}
          error={errorOf('countedCash')}
          data-autofocus
        />
        <Group justify="space-between">
          <Text size="sm">{t('cashierShifts.closeDialog.variance')}</Text>
          <Text fw={700} c={variance === null || variance === 0 ? undefined : 'red'} data-testid="variance">
            {variance === null ? '–' : `${variance < 0 ? '−' : ''}${formatRupiah(Math.abs(variance))}`}
          </Text>
        </Group>
        {variance !== null && variance !== 0 && (
          <Textarea
            label={t('cashierShifts.closeDialog.reason')}
            required
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={errorOf('reason')}
          />
        )}
        {errors[FORM_ERROR] && (
          <Alert color="red" variant="light">
            {translateMessage(errors[FORM_ERROR])}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cashierShifts.closeDialog.cancel')}
          </Button>
          <Button onClick={submit} loading={close.isPending} disabled={counted === ''}>
            {t('cashierShifts.closeDialog.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
