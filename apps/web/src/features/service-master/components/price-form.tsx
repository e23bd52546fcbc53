import { formatRupiah } from '@klinikita/domain/common/format';
import { PAYER_CLASSES, priceAddSchema } from '@klinikita/domain/services/service.schema';
import { priceTotal } from '@klinikita/domain/services/tariff.rules';
import {
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, isUnexpectedError, reportUnexpectedError } from '../../../shared/api-client.ts';
import { toFieldErrors } from '../../../shared/form-errors.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { useAddPrice } from '../api/services-api.ts';

const FORM_ERROR = '_form';
/** The scope select's value for a corporate-wide price. */
const ALL_CLINICS = 'all';

type Fee = 'facilityFee' | 'professionalFee' | 'consumablesFee';
const FEES: Fee[] = ['facilityFee', 'professionalFee', 'consumablesFee'];

interface PriceValues {
  scope: string;
  payerClass: string;
  validFrom: string;
  validTo: string;
  facilityFee: number | string;
  professionalFee: number | string;
  consumablesFee: number | string;
}

const amount = (v: number | string) => (v === '' ? 0 : Number(v));

/** "Tarif baru": a price from a day for a payer class, corporate-wide or one clinic's; its components and total. */
export function PriceForm({ serviceUid, onDone }: { serviceUid: string; onDone: () => void }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const add = useAddPrice();
  const [values, setValues] = useState<PriceValues>({
    scope: ALL_CLINICS,
    payerClass: 'general',
    validFrom: '',
    validTo: '',
    facilityFee: '',
    professionalFee: '',
    consumablesFee: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof PriceValues>(key: K, value: PriceValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _, [FORM_ERROR]: __, ...rest }) => rest);
  };
  const errorOf = (key: string) => (errors[key] ? translateMessage(errors[key]) : undefined);
  const total = priceTotal({
    facilityFee: amount(values.facilityFee),
    professionalFee: amount(values.professionalFee),
    consumablesFee: amount(values.consumablesFee),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = priceAddSchema.safeParse({
      clinicId: values.scope === ALL_CLINICS ? null : Number(values.scope),
      payerClass: values.payerClass,
      validFrom: values.validFrom,
      validTo: values.validTo || null,
      ...Object.fromEntries(FEES.map((f) => [f, values[f] === '' ? undefined : Number(values[f])])),
    });
    if (!parsed.success) return setErrors(toFieldErrors(parsed.error.issues));
    add.mutate(
      { uid: serviceUid, input: parsed.data },
      {
        onSuccess: (res) => {
          notifications.show({ color: 'teal', message: translateMessage(res.message) });
          onDone();
        },
        onError: (error) => {
          if (!(error instanceof ApiError) || isUnexpectedError(error)) {
            void reportUnexpectedError(error);
            return;
          }
          // a clash names the period it meets: the sentence above the buttons, the field marked
          setErrors({ ...toFieldErrors(error.errors), [FORM_ERROR]: error.message });
        },
      },
    );
  }

  return (
    <Card
      withBorder
      padding="sm"
      component="form"
      onSubmit={submit}
      noValidate
      aria-label={t('services.newPrice')}
    >
      <Stack gap="xs">
        <Text fw={600} size="sm">
          {t('services.newPrice')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
          <Select
            label={t('services.scope')}
            allowDeselect={false}
            data={[
              { value: ALL_CLINICS, label: t('services.scopeAll') },
              ...user.clinics.map((c) => ({ value: String(c.id), label: c.name })),
            ]}
            value={values.scope}
            onChange={(v) => v && set('scope', v)}
            error={errorOf('clinicId')}
          />
          <Select
            label={t('services.payerClass')}
            allowDeselect={false}
            data={PAYER_CLASSES.map((c) => ({ value: c, label: t(`services.payers.${c}`) }))}
            value={values.payerClass}
            onChange={(v) => v && set('payerClass', v)}
            error={errorOf('payerClass')}
          />
          <TextInput
            type="date"
            label={t('services.validFrom')}
            required
            value={values.validFrom}
            onChange={(e) => set('validFrom', e.currentTarget.value)}
            error={errorOf('validFrom')}
          />
          <TextInput
            type="date"
            label={t('services.validTo')}
            description={t('services.validToHint')}
            value={values.validTo}
            onChange={(e) => set('validTo', e.currentTarget.value)}
            error={errorOf('validTo')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="sm" verticalSpacing="xs">
          {FEES.map((fee) => (
            <NumberInput
              key={fee}
              label={t(`services.${fee}`)}
              required
              prefix="Rp "
              thousandSeparator="."
              decimalSeparator=","
              allowDecimal={false}
              allowNegative={false}
              hideControls
              value={values[fee]}
              onChange={(v) => set(fee, v)}
              error={errorOf(fee)}
            />
          ))}
          <div>
            <Text size="sm" fw={500}>
              {t('services.total')}
            </Text>
            <Text size="lg" fw={700} mt={4} data-testid="price-total">
              {formatRupiah(total)}
            </Text>
          </div>
        </SimpleGrid>
        {errors[FORM_ERROR] && (
          <Alert color="orange" variant="light">
            {translateMessage(errors[FORM_ERROR])}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('services.cancel')}
          </Button>
          <Button type="submit" loading={add.isPending}>
            {t('services.addPrice')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
