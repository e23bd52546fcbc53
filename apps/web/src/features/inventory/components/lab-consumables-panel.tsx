import {
  LAB_CONSUMABLE_KEYS,
  type LabConsumable,
  type LabConsumableKey,
  labConsumablesSaveSchema,
} from '@klinikita/domain/inventory/lab-consumables.schema';
import { ActionIcon, Alert, Button, Group, NumberInput, Select, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toFieldErrors } from '../../../shared/form-errors.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { useDrugSearch, useLabConsumables, useSaveLabConsumables } from '../api/inventory-api.ts';
import { FORM_ERROR, serverErrors } from './form-errors.ts';
import { formatQuantity } from './stock-format.ts';
import { itemName } from './stock-table.tsx';

type Line = Pick<LabConsumable, 'key' | 'itemUid' | 'itemName' | 'baseUnit' | 'quantity'>;

/** The container's words on screen (the lab catalogue's words; the stock screens load only their own). */
const keyLabel = (t: TFunction, key: LabConsumableKey) => t(`inventory.labConsumables.containers.${key}`);

/**
 * The lab's consumables (`/Inventory/consumable`, tab "BHP Laboratorium"): per container of a
 * sample and per blood draw, the items and quantities (base unit) that leave the clinic's lab stock
 * when the lab marks a sample taken. Edited as a whole list and saved at once (stock.manage); the
 * input stays when the server refuses it, its messages beside the line.
 */
export function LabConsumablesPanel({ clinicId, manage }: { clinicId: number; manage: boolean }) {
  const { t } = useTranslation();
  const query = useLabConsumables(clinicId);
  const save = useSaveLabConsumables();
  const [lines, setLines] = useState<Line[] | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [key, setKey] = useState<LabConsumableKey>('edta');
  const [item, setItem] = useState<{ value: string; label: string } | null>(null);
  const [quantity, setQuantity] = useState<number | string>(1);
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), 300);
  const drugs = useDrugSearch(search, manage);

  useEffect(() => {
    if (query.data && lines === null) setLines(query.data.lines);
  }, [query.data, lines]);

  const shown = lines ?? query.data?.lines ?? [];
  const options = (drugs.data?.docs ?? []).map((d) => ({ value: d.uid, label: itemName(d), unit: d.unit }));
  const errorOf = (path: string) => (errors[path] ? translateMessage(errors[path]) : undefined);

  function add() {
    if (!item) return setErrors({ add: 'inventory.itemRequired' });
    const q = Number(quantity);
    const unit = options.find((o) => o.value === item.value)?.unit ?? '';
    setLines([
      ...shown.filter((l) => !(l.key === key && l.itemUid === item.value)),
      { key, itemUid: item.value, itemName: item.label, baseUnit: unit, quantity: q },
    ]);
    setErrors({});
    setItem(null);
    setSearchText('');
    setQuantity(1);
  }

  function submit() {
    const body = { lines: shown.map((l) => ({ key: l.key, itemUid: l.itemUid, quantity: l.quantity })) };
    const parsed = labConsumablesSaveSchema.safeParse(body);
    if (!parsed.success) return setErrors(toFieldErrors(parsed.error.issues));
    save.mutate(
      { query: { clinicId }, body: parsed.data },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'teal', message: translateMessage(answer.message) });
          setLines(answer.data?.lines ?? null);
          setErrors({});
        },
        onError: (error) => {
          const mapped = serverErrors(error);
          if (mapped) setErrors(mapped);
        },
      },
    );
  }

  const rows = LAB_CONSUMABLE_KEYS.flatMap((k) => {
    const own = shown.map((l, i) => ({ l, i })).filter(({ l }) => l.key === k);
    if (!own.length && !manage) return [];
    return [
      <Table.Tr key={k}>
        <Table.Td rowSpan={Math.max(own.length, 1)} fw={500} style={{ verticalAlign: 'top' }}>
          {keyLabel(t, k)}
        </Table.Td>
        {own.length ? null : (
          <Table.Td colSpan={manage ? 3 : 2}>
            <Text size="sm" c="dimmed">
              {t('inventory.labConsumables.empty')}
            </Text>
          </Table.Td>
        )}
        {own[0] && cells(own[0].l, own[0].i)}
      </Table.Tr>,
      ...own.slice(1).map(({ l, i }) => <Table.Tr key={`${k}-${l.itemUid}`}>{cells(l, i)}</Table.Tr>),
    ];
  });

  function cells(l: Line, i: number) {
    return (
      <>
        <Table.Td>
          <Text size="sm">{l.itemName}</Text>
          {errorOf(`lines.${i}.itemUid`) && (
            <Text size="xs" c="red">
              {errorOf(`lines.${i}.itemUid`)}
            </Text>
          )}
        </Table.Td>
        <Table.Td w={160}>
          {manage ? (
            <NumberInput
              size="xs"
              min={0.001}
              decimalScale={3}
              value={l.quantity}
              aria-label={`${t('inventory.labConsumables.colQuantity')} ${l.itemName}`}
              onChange={(v) => setLines(shown.map((x, j) => (j === i ? { ...x, quantity: Number(v) } : x)))}
              rightSection={<Text size="xs">{l.baseUnit}</Text>}
              rightSectionWidth={56}
              error={errorOf(`lines.${i}.quantity`)}
            />
          ) : (
            `${formatQuantity(l.quantity)} ${l.baseUnit}`
          )}
        </Table.Td>
        {manage && (
          <Table.Td w={48}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`${t('inventory.labConsumables.remove')} ${l.itemName}`}
              onClick={() => setLines(shown.filter((_, j) => j !== i))}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Table.Td>
        )}
      </>
    );
  }

  return (
    <Stack gap="sm">
      <div>
        <Text fw={600}>{t('inventory.labConsumables.title')}</Text>
        <Text size="sm" c="dimmed">
          {t('inventory.labConsumables.hint')}
        </Text>
      </div>
      {query.data && !query.data.labLocation && (
        <Alert color="yellow" variant="light">
          {t('inventory.labConsumables.noLabLocation')}
        </Alert>
      )}
      <Table withTableBorder striped={false}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('inventory.labConsumables.colContainer')}</Table.Th>
            <Table.Th>{t('inventory.labConsumables.colItem')}</Table.Th>
            <Table.Th>
              {t('inventory.labConsumables.colQuantity')} ({t('inventory.labConsumables.perUse')})
            </Table.Th>
            {manage && <Table.Th />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{rows}</Table.Tbody>
      </Table>
      {manage && (
        <Group align="flex-end" gap="sm">
          <Select
            label={t('inventory.labConsumables.colContainer')}
            data={LAB_CONSUMABLE_KEYS.map((k) => ({ value: k, label: keyLabel(t, k) }))}
            value={key}
            onChange={(v) => v && setKey(v as LabConsumableKey)}
            allowDeselect={false}
            w={240}
          />
          <Select
            label={t('inventory.labConsumables.colItem')}
            placeholder={t('inventory.labConsumables.itemPlaceholder')}
            searchable
            data={item && !options.some((o) => o.value === item.value) ? [item, ...options] : options}
            searchValue={searchText}
            onSearchChange={setSearchText}
            value={item?.value ?? null}
            onChange={(value, option) => setItem(value && option ? { value, label: option.label } : null)}
            filter={({ options: all }) => all}
            error={errorOf('add')}
            w={280}
          />
          <NumberInput
            label={t('inventory.labConsumables.colQuantity')}
            min={0.001}
            decimalScale={3}
            value={quantity}
            onChange={setQuantity}
            w={110}
          />
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={add}>
            {t('inventory.labConsumables.add')}
          </Button>
        </Group>
      )}
      {errors[FORM_ERROR] && (
        <Alert color="red" variant="light">
          {translateMessage(errors[FORM_ERROR])}
        </Alert>
      )}
      {errorOf('lines') && (
        <Alert color="red" variant="light">
          {errorOf('lines')}
        </Alert>
      )}
      {manage && (
        <Group justify="flex-end">
          <Button onClick={submit} loading={save.isPending}>
            {t('inventory.labConsumables.save')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
