import { Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPill } from '@tabler/icons-react';
import { type Ref, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type Drug, drugLabel, useDrugSearch } from '../../../shared/consultations/drugs-api.ts';
import { queryAnswer, useSearchPick } from '../../../shared/ui/use-search-pick.ts';

const DRUG_SEARCH_DEBOUNCE_MS = 150;

/**
 * A drug name field that searches the active drug master as the doctor types (↑↓ Enter picks from
 * the answer to what is typed, waiting for it if need be); what is typed without picking stays as
 * a free-text name.
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
  const combobox = useCombobox();
  const [search] = useDebouncedValue(value.trim(), DRUG_SEARCH_DEBOUNCE_MS);
  const opened = combobox.dropdownOpened;
  const drugs = useDrugSearch(search, { enabled: opened && !linked && search.length > 0 });
  const rows = drugs.data?.docs ?? [];
  const listId = useId();
  const optionId = (uid: string) => `${listId}-${uid}`;
  const pickDrug = (drug: Drug) => {
    onPick(drug);
    combobox.closeDropdown();
  };
  // Enter picks the best match without an arrow press, from the answer to what is typed only
  const choice = useSearchPick({
    text: value.trim(),
    answer: queryAnswer(drugs, search, (d) => d.docs),
    rowKey: (d) => d.uid,
    onPick: pickDrug,
  });

  const showDropdown = opened && !linked && value.trim().length > 0;
  const highlightedUid = showDropdown ? rows[choice.highlighted]?.uid : undefined;
  return (
    <Combobox
      store={combobox}
      withinPortal={false}
      onOptionSubmit={(uid) => {
        const drug = rows.find((d) => d.uid === uid);
        if (drug) pickDrug(drug);
        else combobox.closeDropdown();
      }}
    >
      <Combobox.Target withKeyboardNavigation={false} withAriaAttributes={false}>
        <TextInput
          ref={inputRef}
          aria-haspopup="listbox"
          aria-controls={showDropdown ? listId : undefined}
          aria-activedescendant={highlightedUid ? optionId(highlightedUid) : undefined}
          data-mantine-stop-propagation={showDropdown || undefined}
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
          onKeyDown={(e) => {
            if (e.key === 'Escape') combobox.closeDropdown();
            else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
              e.preventDefault();
              if (showDropdown) choice.move(e.key === 'ArrowDown' ? 1 : -1);
              else combobox.openDropdown();
            } else if (e.key === 'Enter' && showDropdown && !e.ctrlKey && !e.metaKey) {
              // an answer without drugs leaves Enter to the form: the name stays free text
              if (choice.fresh && rows.length === 0) return;
              e.preventDefault();
              choice.pickHighlighted();
            }
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!showDropdown}>
        <Combobox.Options id={listId} mah={280} style={{ overflowY: 'auto' }}>
          {drugs.isLoading || search !== value.trim() ? (
            rows.length === 0 && <Combobox.Empty>{t('examination.rx.drugSearching')}</Combobox.Empty>
          ) : rows.length === 0 ? (
            <Combobox.Empty>{`${t('examination.rx.noDrugs')} · ${t('examination.rx.drugNotInMaster')}`}</Combobox.Empty>
          ) : null}
          {rows.map((d) => (
            <Combobox.Option
              key={d.uid}
              id={optionId(d.uid)}
              value={d.uid}
              selected={d.uid === highlightedUid}
              aria-selected={d.uid === highlightedUid}
              aria-label={drugLabel(d)}
            >
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
