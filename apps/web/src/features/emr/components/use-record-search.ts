import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { type RecordPatient, useRecordPatients } from '../api/record-api.ts';

const SEARCH_DEBOUNCE_MS = 300;
export const PAGE_SIZE = 20;

/** The patients list of the record screens: search as you type, a new search starts at page 1. */
export function useRecordSearch(mine: boolean) {
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [paging, setPaging] = useState({ search, page: 1 });
  const page = paging.search === search ? paging.page : 1;
  const list = useRecordPatients({ search: search || undefined, mine, page, limit: PAGE_SIZE });
  return {
    searchText,
    setSearchText,
    /** The text the list was asked for (the search box after the debounce). */
    search,
    list,
    setPage: (next: number) => setPaging({ search, page: next }),
  };
}

export const detailPath = (p: Pick<RecordPatient, 'uid'>) => `/EMR/Detail/${encodeURIComponent(p.uid)}`;
