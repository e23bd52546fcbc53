import { adjustSchema, transferSchema } from '@klinikita/domain/inventory/inventory.schema';
import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toFieldErrors } from '../../../shared/form-errors.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import {
  type StockItem,
  type StockLocation,
  useAdjustStock,
  useItemSettings,
  useTransferStock,
} from '../api/inventory-api.ts';
import { FORM_ERROR, serverErrors } from './form-errors.ts';
import { formatDay, formatQuantity } from './stock-format.ts';
import { itemName } from './stock-table.tsx';

type Errors = Record<string, string>;

/** A form's messages: set from a parse or a refusal, cleared field by field as it is edited. */
function useErrors() {
  const [errors, setErrors] = useState<Errors>({});
  const clear = (field: string) => setErrors(({ [field]: _, [FORM_ERROR]: __, ...rest }) => rest);
  const errorOf = (field: string) => (errors[field] ? translateMessage(errors[field]) : undefined);
  const onError = (error: unknown) => {
    const mapped = serverErrors(error);
    if (mapped) setErrors(mapped);
  };
  return { errors, setErrors, clear, errorOf, onError };
}

function FormShell({
  title,
  onClose,
  onSubmit,
  pending,
  formError,
  children,
}: {
  title: string;
  onClose: () => void;
  onSubmit: (event: FormEvent) => void;
  pending: boolean;
  formError?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={title} closeOnClickOutside={false}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {children}
          {formError && (
            <Alert color="orange" variant="light">
              <Text size="sm">{translateMessage(formError)}</Text>
            </Alert>
          )}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              {t('inventory.screen.cancel')}
            </Button>
            <Button type="submit" loading={pending}>
              {t('inventory.screen.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

const done = (onClose: () => void) => (answer: { message: string }) => {
  notifications.show({ color: 'teal', message: translateMessage(answer.message) });
  onClose();
};

/** Move an item to another location of the clinic, in a unit of the item (FEFO out of this one). */
export function TransferForm({
  item,
  from,
  locations,
  onClose,
}: {
  item: StockItem;
  from: StockLocation;
  locations: readonly StockLocation[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const settings = useItemSettings(item.itemUid).data;
  const [values, setValues] = useState({
    toLocationUid: '',
    quantity: '' as number | string,
    unit: item.baseUnit,
  });
  const { errors, setErrors, clear, errorOf, onError } = useErrors();
  const transfer = useTransferStock();
  const set = (key: keyof typeof values, value: string | number) => {
    setValues((v) => ({ ...v, [key]: value }));
    clear(key);
  };
  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = transferSchema.safeParse({
      ...values,
      itemUid: item.itemUid,
      quantity: values.quantity === '' ? undefined : Number(values.quantity),
    });
    if (!parsed.success) return setErrors(toFieldErrors(parsed.error.issues));
    setErrors({});
    transfer.mutate({ params: { uid: from.uid }, body: parsed.data }, { onSuccess: done(onClose), onError });
  }
  const units = [item.baseUnit, ...(settings?.units.map((u) => u.name) ?? [])];
  return (
    <FormShell
      title={t('inventory.screen.transferTitle', { name: itemName(item), location: from.name })}
      onClose={onClose}
      onSubmit={submit}
      pending={transfer.isPending}
      formError={errors[FORM_ERROR]}
    >
      <Select
        label={t('inventory.screen.toLocation')}
        required
        data={locations
          .filter((l) => l.uid !== from.uid && l.active)
          .map((l) => ({ value: l.uid, label: l.name }))}
        value={values.toLocationUid || null}
        onChange={(v) => set('toLocationUid', v ?? '')}
        error={errorOf('toLocationUid')}
      />
      <Group grow align="flex-start">
        <NumberInput
          label={t('inventory.screen.quantity')}
          required
          min={0}
          decimalScale={3}
          decimalSeparator=","
          thousandSeparator="."
          hideControls
          value={values.quantity}
          onChange={(v) => set('quantity', v)}
          description={`${formatQuantity(item.onHand)} ${item.baseUnit}`}
          error={errorOf('quantity')}
        />
        <Select
          label={t('inventory.screen.unit')}
          required
          data={units}
          value={values.unit}
          onChange={(v) => set('unit', v ?? item.baseUnit)}
          allowDeselect={false}
          error={errorOf('unit')}
        />
      </Group>
    </FormShell>
  );
}

/** Correct one batch at a location to a count or by a difference (base units), with a reason. */
export function AdjustForm({
  item,
  location,
  onClose,
}: {
  item: StockItem;
  location: StockLocation;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState({
    batchNumber: item.batches[0]?.batchNumber ?? '',
    mode: 'count' as 'count' | 'delta',
    amount: '' as number | string,
    reason: '',
  });
  const { errors, setErrors, clear, errorOf, onError } = useErrors();
  const adjust = useAdjustStock();
  const set = (key: keyof typeof values, value: string | number) => {
    setValues((v) => ({ ...v, [key]: value }));
    clear(key === 'amount' ? values.mode : key);
  };
  function submit(event: FormEvent) {
    event.preventDefault();
    const amount = values.amount === '' ? undefined : Number(values.amount);
    const parsed = adjustSchema.safeParse({
      itemUid: item.itemUid,
      batchNumber: values.batchNumber,
      reason: values.reason,
      ...(values.mode === 'count' ? { count: amount ?? Number.NaN } : { delta: amount ?? Number.NaN }),
    });
    if (!parsed.success) return setErrors(toFieldErrors(parsed.error.issues));
    setErrors({});
    adjust.mutate(
      { params: { uid: location.uid }, body: parsed.data },
      { onSuccess: done(onClose), onError },
    );
  }
  return (
    <FormShell
      title={t('inventory.screen.adjustTitle', { name: itemName(item) })}
      onClose={onClose}
      onSubmit={submit}
      pending={adjust.isPending}
      formError={errors[FORM_ERROR]}
    >
      <Select
        label={t('inventory.screen.batchNumber')}
        required
        data={item.batches.map((b) => ({
          value: b.batchNumber,
          label: `${b.batchNumber} · ${formatDay(b.expiryDate)} · ${formatQuantity(b.quantity)} ${item.baseUnit}`,
        }))}
        value={values.batchNumber || null}
        onChange={(v) => set('batchNumber', v ?? '')}
        error={errorOf('batchNumber')}
      />
      <SegmentedControl
        aria-label={t('inventory.screen.adjustMode')}
        data={[
          { value: 'count', label: t('inventory.screen.adjustCount') },
          { value: 'delta', label: t('inventory.screen.adjustDelta') },
        ]}
        value={values.mode}
        onChange={(v) => setValues((s) => ({ ...s, mode: v as 'count' | 'delta' }))}
      />
      <NumberInput
        label={
          values.mode === 'count' ? t('inventory.screen.adjustCount') : t('inventory.screen.adjustDelta')
        }
        description={t('inventory.screen.adjustHint', { unit: item.baseUnit })}
        required
        allowNegative={values.mode === 'delta'}
        decimalScale={3}
        decimalSeparator=","
        thousandSeparator="."
        hideControls
        value={values.amount}
        onChange={(v) => set('amount', v)}
        error={errorOf(values.mode) ?? errorOf('count')}
      />
      <Textarea
        label={t('inventory.screen.reason')}
        required
        maxLength={500}
        autosize
        minRows={2}
        value={values.reason}
        onChange={(e) => set('reason', e.currentTarget.value)}
        error={errorOf('reason')}
      />
    </FormShell>
  );
}
