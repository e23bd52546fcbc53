import { payerInvoiceSettingsSchema } from '@klinikita/domain/billing/payer-invoices.schema';
import { Alert, Button, Group, Loader, Modal, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toFieldErrors } from '../../../shared/form-errors.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { useInvoiceSettings, useSaveInvoiceSettings } from '../api/payer-invoices-api.ts';
import { FORM_ERROR, serverErrors } from './form-errors.ts';

type Account = { bankName: string; accountNumber: string; accountHolder: string };

/** The clinic's bank account printed on its invoices ("Pembayaran ke rekening …"). */
export function BankAccountDialog({ clinicId, onClose }: { clinicId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const query = useInvoiceSettings(clinicId);
  return (
    <Modal opened onClose={onClose} title={t('payerInvoices.web.bankAccount')}>
      {query.data ? (
        <BankAccountForm
          clinicId={clinicId}
          initial={{
            bankName: query.data.bankName ?? '',
            accountNumber: query.data.accountNumber ?? '',
            accountHolder: query.data.accountHolder ?? '',
          }}
          onClose={onClose}
        />
      ) : (
        <Loader size="sm" />
      )}
    </Modal>
  );
}

function BankAccountForm({
  clinicId,
  initial,
  onClose,
}: {
  clinicId: number;
  initial: Account;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveInvoiceSettings();
  const field = (key: keyof Account) => ({
    label: t(`payerInvoices.web.${key}`),
    value: values[key],
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [key]: value }));
    },
    error: errors[key] ? translateMessage(errors[key]) : undefined,
  });
  const submit = () => {
    const parsed = payerInvoiceSettingsSchema.safeParse({ clinicId, ...values });
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error.issues));
      return;
    }
    save.mutate(
      { body: parsed.data },
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
    <Stack gap="sm">
      <TextInput {...field('bankName')} />
      <TextInput {...field('accountNumber')} />
      <TextInput {...field('accountHolder')} />
      {errors[FORM_ERROR] && (
        <Alert color="red" variant="light">
          {translateMessage(errors[FORM_ERROR])}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('payerInvoices.web.close')}
        </Button>
        <Button onClick={submit} loading={save.isPending}>
          {t('payerInvoices.web.save')}
        </Button>
      </Group>
    </Stack>
  );
}
