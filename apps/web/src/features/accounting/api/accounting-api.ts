import {
  getAccountMapping,
  getJournal,
  saveAccountMapping,
} from '@klinikita/domain/accounting/accounting.contract';
import type { JournalQuery, JournalRange } from '@klinikita/domain/accounting/accounting.schema';
import { keepPreviousData } from '@tanstack/react-query';
import { contractKey, useContractMutation, useContractQuery } from '../../../shared/api/contract-client.ts';
import { API_BASE, ApiError } from '../../../shared/api-client.ts';
import { currentLocale } from '../../../shared/i18n/i18n.ts';

export type {
  AccountMapping,
  JournalEntry,
  JournalPage,
  JournalQuery,
} from '@klinikita/domain/accounting/accounting.schema';

/** `GET accounting/journal`: a page of entries with their lines and the range's totals. */
export const useJournal = (query: JournalQuery, enabled: boolean) =>
  useContractQuery(getJournal, { query }, { enabled, placeholderData: keepPreviousData });

/** `GET accounting/mapping`: every key's account, defaults marked. */
export const useAccountMapping = (clinicId: number) =>
  useContractQuery(getAccountMapping, { query: { clinicId } });

/** `PUT accounting/mapping`: keeps the clinic's accounts; the mapping is read again. */
export const useSaveAccountMapping = (clinicId: number) =>
  useContractMutation(saveAccountMapping, {
    invalidates: [contractKey(getAccountMapping, { query: { clinicId } })],
  });

/** `GET accounting/journal.xlsx|csv` (raw answers): the file handed to the browser to save. */
export async function downloadJournal(range: JournalRange, kind: 'xlsx' | 'csv'): Promise<string> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(range)) if (value !== undefined) params.set(key, String(value));
  const response = await fetch(`${API_BASE}/accounting/journal.${kind}?${params}`, {
    credentials: 'same-origin',
    headers: { 'accept-language': currentLocale() },
  });
  if (!response.ok) {
    const envelope = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(response.status, envelope?.message ?? response.statusText);
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    `jurnal-${range.clinicId}-${range.from}_${range.to}.${kind}`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
