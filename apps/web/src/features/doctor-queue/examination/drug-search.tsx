import { Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPill } from '@tabler/icons-react';
import { type Ref, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type Drug, drugLabel, useDrugSearch } from '../../../shared/consultations/drugs-api.ts';

const DRUG_SEARCH_DEBOUNCE_MS = 150;

/**
 * A drug name field that searches the active drug master as the doctor types (↑↓ Enter picks);
 * what is typed without picking stays as a free-text name.
 */
export function DrugSearch({
  label,
  value,
  linked,
  onType,
  onPick,
  error,
  inputRef,
  size = 'sm',
  placeholder,
}: {
  label: string;
  value: string;
  /** The field holds a drug picked from the master (not free text). */
  linked: boolean;
  onType: (name: string) => void;
  onPick: (drug: Drug) => void;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
  size?: 'xs' | 'sm';
  placeholder?: string;
}) {
  const { t } = useTranslation();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [search] = useDebouncedValue(value.trim(), DRUG_SEARCH_DEBOUNCE_MS);
  const opened = combobox.dropdownOpened;
  const drugs = useDrugSearch(search, { enabled: opened && !linked && search.length > 0 });
  const rows = drugs.data?.docs ?? [];
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when new answers arrive, not on every render's store
  useEffect(() => {
    if (opened && drugs.data?.docs.length) combobox.selectFirstOption();
  }, [drugs.data, opened]);

  const showDropdown = opened && !linked && value.trim().length > 0;
  return (
    <Combobox
      store={combobox}
      withinPortal={false}
      onOptionSubmit={(uid) => {
        const drug = rows.find((d) => d.uid === uid);
        if (drug) onPick(drug);
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <TextInput
          ref={inputRef}
          size={size}
          label={label}
          placeholder={placeholder ?? t('examination.rx.drugPlaceholder')}
          value={value}
          maxLength={200}
          autoComplete="off"
          error={error}
          leftSection={<IconPill size={14} color={linked ? 'var(--mantine-color-teal-6)' : undefined} />}
          rightSection={drugs.isFetching && showDropdown ? <Loader size={12} /> : undefined}
          onChange={(e) => {
            onType(e.currentTarget.value);
            combobox.openDropdown();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!showDropdown}>
        <Combobox.Options mah={280} style={{ overflowY: 'auto' }}>
          {drugs.isLoading || search !== value.trim() ? (
            rows.length === 0 && <Combobox.Empty>{t('examination.rx.drugSearching')}</Combobox.Empty>
          ) : rows.length === 0 ? (
            <Combobox.Empty>{`${t('examination.rx.noDrugs')} · ${t('examination.rx.drugNotInMaster')}`}</Combobox.Empty>
          ) : null}
          {rows.map((d) => (
            <Combobox.Option key={d.uid} value={d.uid} aria-label={drugLabel(d)}>
              <Group gap="xs" wrap="nowrap" justify="space-between">
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600}>
                    {drugLabel(d)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {[d.genericName, d.form].filter(Boolean).join(' · ')}
                  </Text>
                </div>
                <Text size="xs" c="dimmed">
                  {d.unit}
                </Text>
              </Group>
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
