import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDrugSearch, useItemUnits } from '../api/purchasing-api.ts';
import { formatQuantity } from './purchasing-format.ts';

export interface PickedItem {
  value: string;
  label: string;
}

const nameOf = (d: { name: string; strength: string | null }) =>
  [d.name, d.strength].filter(Boolean).join(' ');

/** The drug master searched as the user types; the picked item stays among the options. */
export function ItemSelect({
  label,
  picked,
  onPick,
  error,
}: {
  label: string;
  picked: PickedItem | null;
  onPick: (item: PickedItem | null) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), 300);
  const drugs = useDrugSearch(search);
  const options = (drugs.data?.docs ?? []).map((d) => ({ value: d.uid, label: nameOf(d) }));
  return (
    <Select
      label={label}
      placeholder={t('purchasing.screen.itemPlaceholder')}
      searchable
      required
      data={picked && !options.some((o) => o.value === picked.value) ? [picked, ...options] : options}
      searchValue={searchText}
      onSearchChange={setSearchText}
      value={picked?.value ?? null}
      onChange={(_, option) => onPick(option ? { value: option.value, label: option.label } : null)}
      filter={({ options: all }) => all}
      nothingFoundMessage={t('purchasing.screen.empty')}
      error={error}
    />
  );
}

/** The item's units: its base unit and its packaging units with their factor. */
export function UnitSelect({
  label,
  itemUid,
  value,
  onChange,
  error,
}: {
  label: string;
  itemUid: string | null;
  value: string;
  onChange: (unit: string) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const settings = useItemUnits(itemUid).data;
  const data = settings
    ? [
        { value: settings.baseUnit, label: settings.baseUnit },
        ...settings.units.map((u) => ({
          value: u.name,
          label: t('purchasing.screen.unitOption', {
            unit: u.name,
            factor: formatQuantity(u.factor),
            base: settings.baseUnit,
          }),
        })),
      ]
    : [];
  return (
    <Select
      label={label}
      required
      data={data}
      disabled={!settings}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      allowDeselect={false}
      error={error}
    />
  );
}
