import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusSegments, useFilterPage } from '../../../shared/ui/list-page.tsx';
import type { ClinicChoice } from '../api/reference-data.ts';

export type StatusFilter = 'all' | 'true' | 'false';

export interface ListFilters {
  search: string;
  clinicId: string | null;
  status: StatusFilter;
}

const NO_FILTERS: ListFilters = { search: '', clinicId: null, status: 'all' };
export const PAGE_SIZE = 20;
const SEARCH_DEBOUNCE_MS = 300;

/** The clinic and status filters of a master list (the search box is the list page's own). */
function MasterFilters({
  filters,
  onChange,
  clinics,
}: {
  filters: ListFilters;
  onChange: (filters: ListFilters) => void;
  clinics: ClinicChoice[];
}) {
  const { t } = useTranslation();
  return (
    <>
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
      <StatusSegments
        label={t('masterWeb.common.statusFilter')}
        value={filters.status}
        onChange={(status) => onChange({ ...filters, status })}
        options={[
          { value: 'all', label: t('masterWeb.common.statusAll') },
          { value: 'true', label: t('masterWeb.common.statusActive') },
          { value: 'false', label: t('masterWeb.common.statusInactive') },
        ]}
      />
    </>
  );
}

/**
 * The filters of a master list and what they ask the server: the search debounced and trimmed,
 * empty filters left out, the page back to 1 when they change.
 */
export function useMasterFilters(clinics: ClinicChoice[]) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<ListFilters>(NO_FILTERS);
  const [search] = useDebouncedValue(filters.search, SEARCH_DEBOUNCE_MS);
  const { flag, ...query } = filterQuery(filters, search);
  const [page, setPage] = useFilterPage(JSON.stringify([query, flag]));
  return {
    query,
    flag,
    page,
    /** The list page's search box, filters and paging. */
    listProps: (searchPlaceholder: string) => ({
      search: {
        value: filters.search,
        onChange: (value: string) => setFilters({ ...filters, search: value }),
        placeholder: searchPlaceholder,
        label: t('masterWeb.common.search'),
        basis: '240px',
      },
      filters: <MasterFilters filters={filters} onChange={setFilters} clinics={clinics} />,
      filtered: hasFilters(filters),
      onClearFilters: () => setFilters(NO_FILTERS),
      onPage: setPage,
    }),
  };
}

/** The list query of the filters: the search trimmed, empty filters left out. */
function filterQuery(filters: ListFilters, search: string) {
  return {
    search: search.trim() || undefined,
    clinicId: filters.clinicId ? Number(filters.clinicId) : undefined,
    flag: filters.status === 'all' ? undefined : filters.status === 'true',
  };
}

const hasFilters = (filters: ListFilters) =>
  Boolean(filters.search.trim() || filters.clinicId || filters.status !== 'all');
