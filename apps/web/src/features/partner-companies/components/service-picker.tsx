import { CloseButton, Group, Pill, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCatalogueServices } from '../api/partner-companies-api.ts';

export interface PickedService {
  uid: string;
  code: string;
  name: string;
}

/** One catalogue service, searched by code or name as the user types. */
export function ServiceSelect({
  label,
  value,
  onChange,
  error,
  exclude = [],
}: {
  label: string;
  value: PickedService | null;
  onChange: (service: PickedService | null) => void;
  error?: string;
  exclude?: string[];
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const found = useCatalogueServices(debounced);
  const options = (found.data?.docs ?? [])
    .filter((s) => !exclude.includes(s.uid))
    .map((s) => ({
      value: s.uid,
      label: `${s.code} · ${s.nameId}`,
      service: { uid: s.uid, code: s.code, name: s.nameId },
    }));
  if (value && !options.some((o) => o.value === value.uid))
    options.unshift({ value: value.uid, label: `${value.code} · ${value.name}`, service: value });
  return (
    <Select
      label={label}
      placeholder={t('partnerCompanies.screen.pickService')}
      searchable
      clearable
      filter={({ options: all }) => all}
      searchValue={search}
      onSearchChange={setSearch}
      data={options.map(({ value: v, label: l }) => ({ value: v, label: l }))}
      value={value?.uid ?? null}
      onChange={(uid) => onChange(options.find((o) => o.value === uid)?.service ?? null)}
      error={error}
      nothingFoundMessage="–"
    />
  );
}

/** Several catalogue services (the services a company does not cover), each removable. */
export function ServicePicker({
  label,
  value,
  onChange,
  readOnly,
  error,
}: {
  label: string;
  value: PickedService[];
  onChange: (services: PickedService[]) => void;
  readOnly?: boolean;
  error?: string;
}) {
  return (
    <Stack gap={4}>
      {readOnly ? (
        <Text size="sm" fw={500}>
          {label}
        </Text>
      ) : (
        <ServiceSelect
          label={label}
          value={null}
          exclude={value.map((v) => v.uid)}
          onChange={(picked) => picked && onChange([...value, picked])}
          error={error}
        />
      )}
      <Group gap={6}>
        {value.length === 0 && readOnly && <Text size="sm">–</Text>}
        {value.map((s) => (
          <Pill key={s.uid} size="md">
            <Group gap={4} wrap="nowrap">
              {s.code} · {s.name}
              {!readOnly && (
                <CloseButton
                  size="xs"
                  aria-label={`${s.code} ×`}
                  onClick={() => onChange(value.filter((v) => v.uid !== s.uid))}
                />
              )}
            </Group>
          </Pill>
        ))}
      </Group>
    </Stack>
  );
}
