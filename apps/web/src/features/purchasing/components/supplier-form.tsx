import { supplierSchema } from '@klinikita/domain/purchasing/purchasing.schema';
import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toFieldErrors } from '../../../shared/form-errors.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { type Supplier, useCreateSupplier, useUpdateSupplier } from '../api/purchasing-api.ts';
import { FORM_ERROR, serverErrors } from './purchasing-format.ts';

interface Values {
  name: string;
  npwp: string;
  address: string;
  phone: string;
  contactPerson: string;
  email: string;
  paymentTermsDays: number | string;
  active: boolean;
}

const valuesOf = (s: Supplier | null): Values => ({
  name: s?.name ?? '',
  npwp: s?.npwp ?? '',
  address: s?.address ?? '',
  phone: s?.phone ?? '',
  contactPerson: s?.contactPerson ?? '',
  email: s?.email ?? '',
  paymentTermsDays: s?.paymentTermsDays ?? 30,
  active: s?.active ?? true,
});

/** A supplier added or changed: the input stays when refused, the messages under the fields. */
export function SupplierForm({ supplier, onClose }: { supplier: Supplier | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>(() => valuesOf(supplier));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateSupplier();
  const update = useUpdateSupplier();
  const pending = create.isPending || update.isPending;
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _, [FORM_ERROR]: __, ...rest }) => rest);
  };
  const errorOf = (key: string) => (errors[key] ? translateMessage(errors[key]) : undefined);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = supplierSchema.safeParse({
      ...values,
      paymentTermsDays: values.paymentTermsDays === '' ? undefined : Number(values.paymentTermsDays),
    });
    if (!parsed.success) return setErrors(toFieldErrors(parsed.error.issues));
    const done = {
      onSuccess: (answer: { message: string }) => {
        notifications.show({ color: 'teal', message: translateMessage(answer.message) });
        onClose();
      },
      onError: (error: unknown) => {
        const mapped = serverErrors(error);
        if (mapped) setErrors(mapped);
      },
    };
    if (supplier) update.mutate({ params: { uid: supplier.uid }, body: parsed.data }, done);
    else create.mutate({ body: parsed.data }, done);
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={supplier ? t('purchasing.screen.editSupplier') : t('purchasing.screen.newSupplier')}
      size="lg"
      closeOnClickOutside={false}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('purchasing.screen.name')}
            required
            data-autofocus
            maxLength={120}
            value={values.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            error={errorOf('name')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
            <TextInput
              label={t('purchasing.screen.npwp')}
              description={t('purchasing.screen.npwpHint')}
              maxLength={30}
              inputMode="numeric"
              value={values.npwp}
              onChange={(e) => set('npwp', e.currentTarget.value)}
              error={errorOf('npwp')}
            />
            <NumberInput
              label={t('purchasing.screen.paymentTerms')}
              min={0}
              max={365}
              allowDecimal={false}
              allowNegative={false}
              value={values.paymentTermsDays}
              onChange={(v) => set('paymentTermsDays', v)}
              error={errorOf('paymentTermsDays')}
            />
            <TextInput
              label={t('purchasing.screen.contactPerson')}
              maxLength={120}
              value={values.contactPerson}
              onChange={(e) => set('contactPerson', e.currentTarget.value)}
              error={errorOf('contactPerson')}
            />
            <TextInput
              label={t('purchasing.screen.phone')}
              maxLength={30}
              inputMode="tel"
              value={values.phone}
              onChange={(e) => set('phone', e.currentTarget.value)}
              error={errorOf('phone')}
            />
            <TextInput
              label={t('purchasing.screen.email')}
              maxLength={120}
              type="email"
              value={values.email}
              onChange={(e) => set('email', e.currentTarget.value)}
              error={errorOf('email')}
            />
          </SimpleGrid>
          <Textarea
            label={t('purchasing.screen.address')}
            maxLength={300}
            autosize
            minRows={2}
            value={values.address}
            onChange={(e) => set('address', e.currentTarget.value)}
            error={errorOf('address')}
          />
          <Switch
            label={t('purchasing.screen.active')}
            checked={values.active}
            onChange={(e) => set('active', e.currentTarget.checked)}
          />
          {errors[FORM_ERROR] && (
            <Alert color="orange" variant="light">
              <Text size="sm">{translateMessage(errors[FORM_ERROR])}</Text>
            </Alert>
          )}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              {t('purchasing.screen.cancel')}
            </Button>
            <Button type="submit" loading={pending}>
              {t('purchasing.screen.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
