import { Button, Group, Loader, SegmentedControl, Select, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError, reportUnexpectedError } from '../../../shared/api-client.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import type { ClinicChoice } from '../api/reference-data.ts';

export type StatusFilter = 'all' | 'true' | 'false';

export interface ListFilters {
  search: string;
  clinicId: string | null;
  status: StatusFilter;
}

export const NO_FILTERS: ListFilters = { search: '', clinicId: null, status: 'all' };
export const PAGE_SIZE = 20;

/** A warning with the server's message, or the generic toast for what the user cannot fix. */
export function showActionFailure(error: unknown) {
  if (error instanceof ApiError && error.status > 0 && error.status < 500) {
    notifications.show({ color: 'orange', message: translateMessage(error.message) });
  } else {
    void reportUnexpectedError(error);
  }
}

/** Search, clinic and status filters and the add button above a master list. */
export function ListToolbar({
  filters,
  onChange,
  clinics,
  searchPlaceholder,
  addLabel,
  onAdd,
  busy,
}: {
  filters: ListFilters;
  onChange: (filters: ListFilters) => void;
  clinics: ClinicChoice[];
  searchPlaceholder: string;
  addLabel: string;
  onAdd: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        flex="1 1 240px"
        type="search"
        placeholder={searchPlaceholder}
        aria-label={t('masterWeb.common.search')}
        leftSection={<IconSearch size={14} />}
        rightSection={busy ? <Loader size={14} /> : null}
        maxLength={100}
        value={filters.search}
        onChange={(e) => onChange({ ...filters, search: e.currentTarget.value })}
      />
      <Select
        w={200}
        aria-label={t('masterWeb.common.clinicFilter')}
        placeholder={t('masterWeb.common.allClinics')}
        clearable
        searchable
        data={clinics.map((c) => ({ value: String(c.id), label: c.name }))}
        value={filters.clinicId}
        onChange={(v) => onChange({ ...filters, clinicId: v })}
      />
      <SegmentedControl
        aria-label={t('masterWeb.common.statusFilter')}
        value={filters.status}
        onChange={(v) => onChange({ ...filters, status: v as StatusFilter })}
        data={[
          { value: 'all', label: t('masterWeb.common.statusAll') },
          { value: 'true', label: t('masterWeb.common.statusActive') },
          { value: 'false', label: t('masterWeb.common.statusInactive') },
        ]}
      />
      <Button leftSection={<IconPlus size={14} />} onClick={onAdd}>
        {addLabel}
      </Button>
    </Group>
  );
}

/** The list query of the filters: the search trimmed, empty filters left out. */
export function filterQuery(filters: ListFilters, search: string) {
  return {
    search: search.trim() || undefined,
    clinicId: filters.clinicId ? Number(filters.clinicId) : undefined,
    flag: filters.status === 'all' ? undefined : filters.status === 'true',
  };
}

export const hasFilters = (filters: ListFilters) =>
  Boolean(filters.search.trim() || filters.clinicId || filters.status !== 'all');
