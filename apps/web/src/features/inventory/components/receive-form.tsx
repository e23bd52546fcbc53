import { fromDDMMYYYY } from '@klinikita/domain/common/dates';
import { toBaseQuantity, unitFactor } from '@klinikita/domain/inventory/inventory.rules';
import { receiveSchema } from '@klinikita/domain/inventory/inventory.schema';
import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toFieldErrors } from '../../../shared/form-errors.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { useDrugSearch, useItemSettings, useLocationStock, useReceiveStock } from '../api/inventory-api.ts';
import { FORM_ERROR, serverErrors } from './form-errors.ts';
import { formatQuantity } from './stock-format.ts';
import { itemName } from './stock-table.tsx';

interface ReceiveValues {
  itemUid: string;
  batchNumber: string;
  expiry: string;
  quantity: number | string;
  unit: string;
  unitCost: number | string;
}

const EMPTY: ReceiveValues = {
  itemUid: '',
  batchNumber: '',
  expiry: '',
  quantity: '',
  unit: '',
  unitCost: '',
};

/** DD/MM/YYYY as it is typed: digits only, the slashes put in. */
const dayMask = (text: string) => {
  const digits = text.replace(/\D/g, '').slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join('/');
};

/** The items the picker offers: the drug master (with drug.read), else what the location holds. */
function useItemOptions(locationUid: string, search: string, drugRead: boolean) {
  const drugs = useDrugSearch(search, drugRead);
  const stock = useLocationStock(drugRead ? null : locationUid, {
    search: search || undefined,
    page: 1,
    limit: 20,
  });
  const rows = drugRead
    ? (drugs.data?.docs ?? []).map((d) => ({ value: d.uid, label: itemName(d) }))
    : (stock.data?.docs ?? []).map((i) => ({ value: i.itemUid, label: itemName(i) }));
  return rows;
}

/**
 * Receive a batch into a location: the item, batch number, expiry, quantity in a unit of the
 * item (base or packaging; the server converts) and the cost per that unit in whole rupiah. The
 * input stays when the server refuses it, its messages under the fields.
 */
export function ReceiveForm({
  locationUid,
  locationName,
  drugRead,
  onClose,
}: {
  locationUid: string;
  locationName: string;
  drugRead: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<ReceiveValues>(EMPTY);
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), 300);
  const options = useItemOptions(locationUid, search, drugRead);
  const settings = useItemSettings(values.itemUid || null).data;
  const receive = useReceiveStock();

  const set = <K extends keyof ReceiveValues>(key: K, value: ReceiveValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    const field = key === 'expiry' ? 'expiryDate' : key;
    setErrors(({ [field]: _, [FORM_ERROR]: __, ...rest }) => rest);
  };
  const errorOf = (key: string) => (errors[key] ? translateMessage(errors[key]) : undefined);

  const units = settings ? [{ name: settings.baseUnit, factor: 1 }, ...settings.units] : [];
  const unitData = units.map((u) => ({
    value: u.name,
    label:
      u.factor === 1
        ? u.name
        : t('inventory.screen.unitOption', {
            unit: u.name,
            factor: formatQuantity(u.factor),
            base: settings?.baseUnit,
          }),
  }));
  const factor = settings && values.unit ? unitFactor(settings.baseUnit, settings.units, values.unit) : null;
  const quantity = values.quantity === '' ? null : Number(values.quantity);
  const inBase =
    settings && factor && factor !== 1 && quantity
      ? t('inventory.screen.inBase', {
          qty: formatQuantity(toBaseQuantity(quantity, factor)),
          unit: settings.baseUnit,
        })
      : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = receiveSchema.safeParse({
      itemUid: values.itemUid,
      batchNumber: values.batchNumber,
      expiryDate: fromDDMMYYYY(values.expiry) ?? '',
      quantity: quantity ?? undefined,
      unit: values.unit,
      unitCost: values.unitCost === '' ? undefined : Number(values.unitCost),
    });
    if (!parsed.success) return setErrors(toFieldErrors(parsed.error.issues));
    setErrors({});
    receive.mutate(
      { params: { uid: locationUid }, body: parsed.data },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'teal', message: translateMessage(answer.message) });
          onClose();
        },
        onError: (error) => {
          const mapped = serverErrors(error);
          if (mapped) setErrors(mapped);
        },
      },
    );
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('inventory.screen.receiveTitle', { location: locationName })}
      size="lg"
      closeOnClickOutside={false}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Select
            label={t('inventory.screen.item')}
            placeholder={t('inventory.screen.itemPlaceholder')}
            required
            searchable
            data-autofocus
            data={picked && !options.some((o) => o.value === picked.value) ? [picked, ...options] : options}
            searchValue={searchText}
            onSearchChange={setSearchText}
            value={values.itemUid || null}
            onChange={(value, option) => {
              setPicked(option ?? null);
              set('itemUid', value ?? '');
              setValues((v) => ({ ...v, unit: '' }));
            }}
            filter={({ options: all }) => all}
            nothingFoundMessage={t('inventory.screen.alertsNone')}
            error={errorOf('itemUid')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
            <TextInput
              label={t('inventory.screen.batchNumber')}
              required
              maxLength={40}
              value={values.batchNumber}
              onChange={(e) => set('batchNumber', e.currentTarget.value)}
              error={errorOf('batchNumber')}
            />
            <TextInput
              label={t('inventory.screen.expiryDate')}
              placeholder="DD/MM/YYYY"
              required
              inputMode="numeric"
              value={values.expiry}
              onChange={(e) => set('expiry', dayMask(e.currentTarget.value))}
              error={errorOf('expiryDate')}
            />
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
              description={inBase}
              error={errorOf('quantity')}
            />
            <Select
              label={t('inventory.screen.unit')}
              required
              data={unitData}
              disabled={!settings}
              value={values.unit || null}
              onChange={(v) => set('unit', v ?? '')}
              allowDeselect={false}
              error={errorOf('unit')}
            />
            <NumberInput
              label={t('inventory.screen.unitCost')}
              required
              prefix="Rp "
              thousandSeparator="."
              decimalSeparator=","
              allowDecimal={false}
              allowNegative={false}
              hideControls
              value={values.unitCost}
              onChange={(v) => set('unitCost', v)}
              error={errorOf('unitCost')}
            />
          </SimpleGrid>
          {errors[FORM_ERROR] && (
            <Alert color="orange" variant="light">
              <Text size="sm">{translateMessage(errors[FORM_ERROR])}</Text>
            </Alert>
          )}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              {t('inventory.screen.cancel')}
            </Button>
            <Button type="submit" loading={receive.isPending}>
              {t('inventory.screen.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
