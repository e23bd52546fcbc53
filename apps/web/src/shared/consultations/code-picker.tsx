import type { CodeSystem } from '@klinikita/domain/consultations/consultation.rules';
import {
  ActionIcon,
  Badge,
  Combobox,
  Group,
  Loader,
  Radio,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  useCombobox,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconStar, IconStarFilled, IconX } from '@tabler/icons-react';
import { memo, type Ref, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportUnexpectedError } from '../api-client.ts';
import { queryAnswer, useSearchPick } from '../ui/use-search-pick.ts';
import { type MedicalCode, useCodeSearch, useMarkFavourite } from './codes-api.ts';

/** Search answers as the doctor types, without a request per keystroke. */
export const CODE_SEARCH_DEBOUNCE_MS = 150;

export interface PickedCode {
  code: string;
  title: string;
  primary?: boolean;
}

function CodeOption({
  id,
  code,
  picked,
  highlighted,
  onStar,
}: {
  id: string;
  code: MedicalCode;
  picked: boolean;
  highlighted: boolean;
  onStar: (code: MedicalCode) => void;
}) {
  const { t } = useTranslation();
  const starLabel = t(
    code.favourite ? 'examination.codes.unmarkFavourite' : 'examination.codes.markFavourite',
    {
      code: code.code,
    },
  );
  return (
    <Combobox.Option
      id={id}
      value={code.code}
      disabled={picked}
      selected={highlighted}
      aria-selected={highlighted}
      aria-label={`${code.code} ${code.titleId}`}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Text ff="monospace" fw={700} size="sm" miw={58}>
          {code.code}
        </Text>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" lh={1.3}>
            {code.titleId}
            {picked && (
              <Text component="span" size="xs" c="dimmed">
                {' '}
                · {t('examination.codes.picked')}
              </Text>
            )}
          </Text>
          {code.titleEn && code.titleEn !== code.titleId && (
            <Text size="xs" lh={1.2} opacity={0.7}>
              {code.titleEn}
            </Text>
          )}
        </div>
        <ActionIcon
          component="span"
          variant="subtle"
          color={code.favourite ? 'yellow' : 'gray'}
          size="sm"
          aria-label={starLabel}
          title={starLabel}
          onMouseDown={(e) => e.preventDefault()}
          onClick={(e) => {
            // starring is not picking
            e.stopPropagation();
            onStar(code);
          }}
        >
          {code.favourite ? <IconStarFilled size={14} /> : <IconStar size={14} />}
        </ActionIcon>
      </Group>
    </Combobox.Option>
  );
}

/**
 * ICD-10 diagnoses or ICD-9-CM procedures: a search answering as the doctor types (↑↓ Enter to
 * pick from the answer to what is typed, waiting for it if need be; the clinic's favourites when
 * empty; a star marks a favourite) over the picked codes. Diagnoses carry the primary/secondary
 * choice.
 */
export const CodePicker = memo(function CodePicker({
  system,
  clinicId,
  picked,
  withPrimary,
  onPick,
  onRemove,
  onPrimary,
  error,
  inputRef,
  readOnly,
}: {
  system: CodeSystem;
  clinicId: number | null;
  picked: readonly PickedCode[];
  withPrimary: boolean;
  onPick: (code: MedicalCode) => void;
  onRemove: (code: string) => void;
  onPrimary?: (code: string) => void;
  error?: string | null;
  inputRef?: Ref<HTMLInputElement>;
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), CODE_SEARCH_DEBOUNCE_MS);
  const combobox = useCombobox();
  const opened = combobox.dropdownOpened;
  const results = useCodeSearch(system, opened ? clinicId : null, debounced);
  const favourite = useMarkFavourite();
  const options = results.data ?? [];
  const pickedCodes = new Set(picked.map((p) => p.code));
  const isDiagnosis = system === 'icd10';
  const listId = useId();
  const optionId = (code: string) => `${listId}-${code}`;

  const pickCode = (code: MedicalCode) => {
    if (!pickedCodes.has(code.code)) onPick(code);
    setSearch('');
  };
  // Enter picks the best match without an arrow press, from the answer to what is typed only
  const choice = useSearchPick({
    text: search.trim(),
    answer: queryAnswer(results, debounced, (d) => d),
    rowKey: (c) => c.code,
    pickable: (c) => !pickedCodes.has(c.code),
    onPick: pickCode,
  });
  const highlightedCode = opened ? options[choice.highlighted]?.code : undefined;

  const star = (code: MedicalCode) => {
    if (!clinicId) return;
    favourite.mutate(
      { system, code: code.code, clinicId, favourite: !code.favourite },
      { onError: (e) => void reportUnexpectedError(e) },
    );
  };

  const stale = !choice.fresh;
  return (
    <Stack gap={6}>
      {!readOnly && (
        <Combobox
          store={combobox}
          onOptionSubmit={(value) => {
            const code = options.find((c) => c.code === value);
            if (code) pickCode(code);
            else setSearch('');
          }}
          withinPortal={false}
        >
          <Combobox.Target withKeyboardNavigation={false} withAriaAttributes={false}>
            <TextInput
              ref={inputRef}
              aria-haspopup="listbox"
              aria-controls={opened ? listId : undefined}
              aria-activedescendant={highlightedCode ? optionId(highlightedCode) : undefined}
              data-mantine-stop-propagation={opened || undefined}
              size="sm"
              aria-label={t(
                isDiagnosis ? 'examination.codes.searchDiagnosis' : 'examination.codes.searchProcedure',
              )}
              placeholder={t(
                isDiagnosis ? 'examination.codes.placeholder' : 'examination.codes.placeholderProcedure',
              )}
              leftSection={<IconSearch size={14} />}
              rightSection={stale && opened ? <Loader size={12} /> : undefined}
              value={search}
              maxLength={100}
              autoComplete="off"
              error={error ?? undefined}
              onChange={(e) => {
                setSearch(e.currentTarget.value);
                combobox.openDropdown();
              }}
              onFocus={() => combobox.openDropdown()}
              onClick={() => combobox.openDropdown()}
              onBlur={() => combobox.closeDropdown()}
              onKeyDown={(e) => {
                if (e.key === 'Escape') {
                  setSearch('');
                  combobox.closeDropdown();
                } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
                  e.preventDefault();
                  if (opened) choice.move(e.key === 'ArrowDown' ? 1 : -1);
                  else combobox.openDropdown();
                } else if (e.key === 'Enter' && opened && !e.ctrlKey && !e.metaKey) {
                  e.preventDefault();
                  choice.pickHighlighted();
                }
              }}
            />
          </Combobox.Target>
          <Combobox.Dropdown>
            <Combobox.Options id={listId} mah={320} style={{ overflowY: 'auto' }}>
              <Combobox.Group
                label={t(debounced ? 'examination.codes.results' : 'examination.codes.favourites')}
              >
                {results.isError ? (
                  <Combobox.Empty>{t('examination.codes.searchFailed')}</Combobox.Empty>
                ) : results.isLoading ? (
                  <Combobox.Empty>{t('examination.codes.searching')}</Combobox.Empty>
                ) : options.length === 0 ? (
                  <Combobox.Empty>
                    {debounced
                      ? t('examination.codes.noResults', { search: debounced })
                      : t('examination.codes.noFavourites')}
                  </Combobox.Empty>
                ) : (
                  options.map((c) => (
                    <CodeOption
                      key={c.code}
                      id={optionId(c.code)}
                      code={c}
                      picked={pickedCodes.has(c.code)}
                      highlighted={c.code === highlightedCode}
                      onStar={star}
                    />
                  ))
                )}
              </Combobox.Group>
            </Combobox.Options>
          </Combobox.Dropdown>
        </Combobox>
      )}
      {picked.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t(isDiagnosis ? 'examination.codes.noDiagnoses' : 'examination.codes.noProcedures')}
        </Text>
      ) : (
        <Table verticalSpacing={4} horizontalSpacing="xs" layout="fixed">
          <Table.Tbody>
            {picked.map((p) => (
              <Table.Tr key={p.code} data-testid={`picked-${p.code}`}>
                {withPrimary && (
                  <Table.Td w={110}>
                    {readOnly ? (
                      <Badge
                        size="sm"
                        variant={p.primary ? 'filled' : 'light'}
                        color={p.primary ? 'teal' : 'gray'}
                      >
                        {t(p.primary ? 'examination.codes.primary' : 'examination.codes.secondary')}
                      </Badge>
                    ) : (
                      <Radio
                        size="xs"
                        name={`${system}-primary`}
                        checked={Boolean(p.primary)}
                        onChange={() => onPrimary?.(p.code)}
                        aria-label={t('examination.codes.makePrimary', { code: p.code })}
                        label={t(p.primary ? 'examination.codes.primary' : 'examination.codes.secondary')}
                        styles={{ label: { fontWeight: p.primary ? 700 : 400 } }}
                      />
                    )}
                  </Table.Td>
                )}
                <Table.Td w={80}>
                  <Text ff="monospace" fw={700} size="sm">
                    {p.code}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={2}>
                    {p.title}
                  </Text>
                </Table.Td>
                {!readOnly && (
                  <Table.Td w={40}>
                    <Tooltip label={t('examination.codes.remove', { code: p.code })}>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        size="sm"
                        aria-label={t('examination.codes.remove', { code: p.code })}
                        onClick={() => onRemove(p.code)}
                      >
                        <IconX size={14} />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
});
