import { ActionIcon, Card, Group, NumberInput, Select, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { useServices } from '../api/services-api.ts';

/** A package item as the form edits it. */
export interface EditedItem {
  serviceUid: string;
  code: string;
  nameId: string;
  nameEn: string;
  quantity: number;
}

/** A panel's or package's items: active services that are not packages, each with a quantity. */
export function PackageItemsEditor({
  items,
  ownUid,
  readOnly,
  onChange,
  errors,
}: {
  items: EditedItem[];
  ownUid: string | null;
  readOnly: boolean;
  onChange: (items: EditedItem[]) => void;
  errors: Record<string, string>;
}) {
  const { t, i18n } = useTranslation();
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), 250);
  const found = useServices(
    { search: search || undefined, isPackage: 'false', active: 'true', page: 1, limit: 20 },
    !readOnly,
  );
  const nameOf = (s: { nameId: string; nameEn: string }) => (i18n.language === 'en' ? s.nameEn : s.nameId);
  const taken = new Set([...items.map((i) => i.serviceUid), ownUid]);
  const options = (found.data?.docs ?? [])
    .filter((s) => !taken.has(s.uid))
    .map((s) => ({ value: s.uid, label: `${s.code} — ${nameOf(s)}` }));
  const errorOf = (key: string) => (errors[key] ? translateMessage(errors[key]) : undefined);

  function add(uid: string | null) {
    const service = found.data?.docs.find((s) => s.uid === uid);
    if (!service) return;
    onChange([
      ...items,
      {
        serviceUid: service.uid,
        code: service.code,
        nameId: service.nameId,
        nameEn: service.nameEn,
        quantity: 1,
      },
    ]);
    setSearchText('');
  }

  return (
    <Card withBorder padding="sm">
      <Stack gap="xs">
        <div>
          <Text fw={600} size="sm">
            {t('services.itemsTitle')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('services.itemsHint')}
          </Text>
        </div>
        {items.length === 0 ? (
          <Text size="sm" c={errors.items ? 'red' : 'dimmed'}>
            {errorOf('items') ?? t('services.itemsEmpty')}
          </Text>
        ) : (
          <Table verticalSpacing={4} aria-label={t('services.itemsTitle')}>
            <Table.Tbody>
              {items.map((item, index) => (
                <Table.Tr key={item.serviceUid}>
                  <Table.Td w={130}>
                    <Text size="sm" ff="monospace">
                      {item.code}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{nameOf(item)}</Text>
                    {errorOf(`items.${index}.serviceUid`) && (
                      <Text size="xs" c="red">
                        {errorOf(`items.${index}.serviceUid`)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td w={110}>
                    <NumberInput
                      aria-label={`${t('services.itemQuantity')} ${item.code}`}
                      size="xs"
                      min={1}
                      max={100}
                      allowDecimal={false}
                      allowNegative={false}
                      readOnly={readOnly}
                      value={item.quantity}
                      onChange={(v) =>
                        onChange(items.map((i, n) => (n === index ? { ...i, quantity: Number(v) || 0 } : i)))
                      }
                      error={errorOf(`items.${index}.quantity`)}
                    />
                  </Table.Td>
                  {!readOnly && (
                    <Table.Td w={40}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('services.itemRemove', { name: item.code })}
                        onClick={() => onChange(items.filter((_, n) => n !== index))}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {items.length > 0 && errors.items && (
          <Text size="xs" c="red">
            {errorOf('items')}
          </Text>
        )}
        {!readOnly && (
          <Group>
            <Select
              flex={1}
              aria-label={t('services.itemPick')}
              placeholder={t('services.itemPickPlaceholder')}
              searchable
              searchValue={searchText}
              onSearchChange={setSearchText}
              filter={({ options: all }) => all}
              data={options}
              value={null}
              onChange={add}
              nothingFoundMessage={found.isFetching ? '…' : undefined}
            />
          </Group>
        )}
      </Stack>
    </Card>
  );
}
