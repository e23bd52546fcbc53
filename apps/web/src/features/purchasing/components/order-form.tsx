import { fromDDMMYYYY } from '@klinikita/domain/common/dates';
import { formatRupiah } from '@klinikita/domain/common/format';
import { documentTotals, lineAmounts } from '@klinikita/domain/purchasing/purchasing.rules';
import { orderSchema } from '@klinikita/domain/purchasing/purchasing.schema';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toFieldErrors } from '../../../shared/form-errors.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import {
  type OrderDetail,
  useCreateOrder,
  useLocations,
  useSuppliers,
  useUpdateOrder,
} from '../api/purchasing-api.ts';
import { ItemSelect, type PickedItem, UnitSelect } from './line-fields.tsx';
import { PERCENT_INPUT, QUANTITY_INPUT, RUPIAH_INPUT } from './number-inputs.ts';
import { DocumentTotals } from './order-totals.tsx';
import { dayMask, FORM_ERROR, formatDay, serverErrors } from './purchasing-format.ts';

interface LineValues {
  key: number;
  item: PickedItem | null;
  unit: string;
  quantity: number | string;
  price: number | string;
  discountPercent: number | string;
}

let keys = 0;
const emptyLine = (): LineValues => ({
  key: ++keys,
  item: null,
  unit: '',
  quantity: '',
  price: '',
  discountPercent: 0,
});
const num = (v: number | string) => (v === '' ? undefined : Number(v));

/**
 * A draft purchase order, new or changed: supplier, receiving warehouse, expected date, PPN and
 * the lines (an item of the master, a unit of it, quantity, price per unit, discount). The totals
 * follow as typed; the input stays when refused, the messages under the fields.
 */
export function OrderForm({
  clinicId,
  order,
  onClose,
  onSaved,
}: {
  clinicId: number;
  order: OrderDetail | null;
  onClose: () => void;
  onSaved: (uid: string) => void;
}) {
  const { t } = useTranslation();
  const suppliers = useSuppliers({ active: 'true', page: 1, limit: 100 }).data?.docs ?? [];
  const locations = (useLocations(clinicId).data ?? []).filter((l) => l.active);
  const [supplierUid, setSupplierUid] = useState(order?.supplier.uid ?? '');
  const [locationUid, setLocationUid] = useState(order?.location.uid ?? '');
  const [expected, setExpected] = useState(order?.expectedDate ? formatDay(order.expectedDate) : '');
  const [ppn, setPpn] = useState<number | string>(order?.ppnPercent ?? 11);
  const [note, setNote] = useState(order?.note ?? '');
  const [lines, setLines] = useState<LineValues[]>(() =>
    order
      ? order.lines.map((l) => ({
          key: ++keys,
          item: { value: l.itemUid, label: l.itemName },
          unit: l.unit,
          quantity: l.quantity,
          price: l.price,
          discountPercent: l.discountPercent,
        }))
      : [emptyLine()],
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateOrder();
  const update = useUpdateOrder();
  const location =
    locationUid || locations.find((l) => l.type === 'warehouse')?.uid || locations[0]?.uid || '';
  const errorOf = (key: string) => (errors[key] ? translateMessage(errors[key]) : undefined);
  const clear = (...fields: string[]) =>
    setErrors((e) =>
      Object.fromEntries(Object.entries(e).filter(([k]) => !fields.includes(k) && k !== FORM_ERROR)),
    );
  const setLine = (i: number, patch: Partial<LineValues>) => {
    setLines((all) => all.map((l, j) => (j === i ? { ...l, ...patch } : l)));
    clear(...Object.keys(patch).map((k) => `lines.${i}.${k === 'item' ? 'itemUid' : k}`));
  };
  const amounts = lines.map((l) =>
    lineAmounts(Number(l.quantity) || 0, Number(l.price) || 0, Number(l.discountPercent) || 0),
  );
  const totals = documentTotals(amounts, Number(ppn) || 0);

  function submit(event: FormEvent) {
    event.preventDefault();
    const body = {
      supplierUid,
      locationUid: location,
      expectedDate: expected ? (fromDDMMYYYY(expected) ?? expected) : null,
      ppnPercent: num(ppn),
      note,
      lines: lines.map((l) => ({
        itemUid: l.item?.value ?? '',
        unit: l.unit,
        quantity: num(l.quantity),
        price: num(l.price),
        discountPercent: num(l.discountPercent) ?? 0,
      })),
    };
    const parsed = orderSchema.safeParse(body);
    if (!parsed.success) return setErrors(toFieldErrors(parsed.error.issues));
    const done = {
      onSuccess: (answer: { message: string; data?: OrderDetail }) => {
        notifications.show({ color: 'teal', message: translateMessage(answer.message) });
        if (answer.data) onSaved(answer.data.uid);
        else onClose();
      },
      onError: (error: unknown) => {
        const mapped = serverErrors(error);
        if (mapped) setErrors(mapped);
      },
    };
    if (order)
      update.mutate({ params: { uid: order.uid }, body: { ...parsed.data, version: order.version } }, done);
    else create.mutate({ body: parsed.data }, done);
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={
        order
          ? t('purchasing.screen.editOrderTitle', { number: order.number })
          : t('purchasing.screen.newOrderTitle')
      }
      size="80rem"
      closeOnClickOutside={false}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" verticalSpacing="xs">
            <Select
              label={t('purchasing.screen.supplier')}
              required
              searchable
              data-autofocus
              data={suppliers.map((s) => ({ value: s.uid, label: s.name }))}
              value={supplierUid || null}
              onChange={(v) => {
                setSupplierUid(v ?? '');
                clear('supplierUid');
              }}
              error={errorOf('supplierUid')}
            />
            <Select
              label={t('purchasing.screen.location')}
              required
              data={locations.map((l) => ({ value: l.uid, label: l.name }))}
              value={location || null}
              onChange={(v) => {
                setLocationUid(v ?? '');
                clear('locationUid');
              }}
              allowDeselect={false}
              error={errorOf('locationUid')}
            />
            <TextInput
              label={t('purchasing.screen.expectedDate')}
              placeholder="DD/MM/YYYY"
              inputMode="numeric"
              value={expected}
              onChange={(e) => {
                setExpected(dayMask(e.currentTarget.value));
                clear('expectedDate');
              }}
              error={errorOf('expectedDate')}
            />
            <NumberInput
              label={t('purchasing.screen.ppnPercent')}
              {...PERCENT_INPUT}
              value={ppn}
              onChange={(v) => {
                setPpn(v);
                clear('ppnPercent');
              }}
              error={errorOf('ppnPercent')}
            />
          </SimpleGrid>
          <Text fw={600} size="sm">
            {t('purchasing.screen.lines')}
          </Text>
          {lines.map((l, i) => (
            <Card key={l.key} withBorder padding="xs">
              <Group align="flex-start" gap="xs" wrap="nowrap">
                <SimpleGrid cols={{ base: 1, sm: 3, lg: 6 }} spacing="xs" verticalSpacing="xs" flex={1}>
                  <div style={{ gridColumn: 'span 2' }}>
                    <ItemSelect
                      label={t('purchasing.screen.item')}
                      picked={l.item}
                      onPick={(item) => setLine(i, { item, unit: '' })}
                      error={errorOf(`lines.${i}.itemUid`)}
                    />
                  </div>
                  <UnitSelect
                    label={t('purchasing.screen.unit')}
                    itemUid={l.item?.value ?? null}
                    value={l.unit}
                    onChange={(unit) => setLine(i, { unit })}
                    error={errorOf(`lines.${i}.unit`)}
                  />
                  <NumberInput
                    label={t('purchasing.screen.quantity')}
                    required
                    {...QUANTITY_INPUT}
                    value={l.quantity}
                    onChange={(v) => setLine(i, { quantity: v })}
                    error={errorOf(`lines.${i}.quantity`)}
                  />
                  <NumberInput
                    label={t('purchasing.screen.price')}
                    required
                    {...RUPIAH_INPUT}
                    value={l.price}
                    onChange={(v) => setLine(i, { price: v })}
                    error={errorOf(`lines.${i}.price`)}
                  />
                  <NumberInput
                    label={t('purchasing.screen.discount')}
                    {...PERCENT_INPUT}
                    value={l.discountPercent}
                    onChange={(v) => setLine(i, { discountPercent: v })}
                    error={errorOf(`lines.${i}.discountPercent`)}
                    description={`${t('purchasing.screen.lineTotal')}: ${formatRupiah(amounts[i].net)}`}
                  />
                </SimpleGrid>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={24}
                  disabled={lines.length === 1}
                  aria-label={t('purchasing.screen.removeLine', { line: i + 1 })}
                  onClick={() => setLines((all) => all.filter((_, j) => j !== i))}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </Card>
          ))}
          <Group justify="space-between" align="flex-start">
            <Button
              variant="light"
              leftSection={<IconPlus size={14} />}
              onClick={() => setLines((all) => [...all, emptyLine()])}
            >
              {t('purchasing.screen.addLine')}
            </Button>
            <DocumentTotals totals={{ ...totals, ppnPercent: Number(ppn) || 0 }} />
          </Group>
          <TextInput
            label={t('purchasing.screen.note')}
            maxLength={500}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
          />
          {errors.lines && (
            <Text size="sm" c="red">
              {translateMessage(errors.lines)}
            </Text>
          )}
          {errors[FORM_ERROR] && (
            <Alert color="orange" variant="light">
              <Text size="sm">{translateMessage(errors[FORM_ERROR])}</Text>
            </Alert>
          )}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              {t('purchasing.screen.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {t('purchasing.screen.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
