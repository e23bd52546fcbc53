import {
  getTransactionOptions,
  getTransactionReport,
} from '@klinikita/domain/billing/transaction-report.contract';
import { exportFileName } from '@klinikita/domain/billing/transaction-report.rules';
import type {
  TransactionFilter,
  TransactionQuery,
} from '@klinikita/domain/billing/transaction-report.schema';
import { keepPreviousData } from '@tanstack/react-query';
import { useContractQuery } from '../../../shared/api/contract-client.ts';
import { API_BASE, ApiError } from '../../../shared/api-client.ts';
import { currentLocale } from '../../../shared/i18n/i18n.ts';

export type {
  TransactionFilter,
  TransactionReport,
  TransactionRow,
  TransactionTotals,
} from '@klinikita/domain/billing/transaction-report.schema';

/** `GET reports/transactions`: a page of rows and the totals of the whole filtered set. */
export const useTransactionReport = (query: TransactionQuery, enabled: boolean) =>
  useContractQuery(getTransactionReport, { query }, { enabled, placeholderData: keepPreviousData });

/** `GET reports/transactions/options`: the cashiers, doctors and companies of the clinics and days. */
export const useTransactionOptions = (query: TransactionFilter, enabled: boolean) =>
  useContractQuery(getTransactionOptions, { query }, { enabled, placeholderData: keepPreviousData });

export interface ExportProgress {
  /** Bytes received so far */
  received: number;
  /** Rows the server announced (`X-Row-Count`), null before the headers arrive */
  rows: number | null;
}

/**
 * `GET reports/transactions/xlsx`, read as it streams (a raw answer, not an envelope): reports the
 * bytes received against the announced row count, then hands the file to the browser to save.
 */
export async function downloadTransactionXlsx(
  filter: TransactionFilter,
  onProgress: (p: ExportProgress) => void,
  signal?: AbortSignal,
): Promise<string> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const response = await fetch(`${API_BASE}/reports/transactions/xlsx?${params}`, {
    credentials: 'same-origin',
    headers: { 'accept-language': currentLocale() },
    signal,
  });
  if (!response.ok || !response.body) {
    const envelope = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(response.status, envelope?.message ?? response.statusText);
  }
  const rows = Number(response.headers.get('x-row-count') ?? Number.NaN);
  const total = Number.isFinite(rows) ? rows : null;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  onProgress({ received, rows: total });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress({ received, rows: total });
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    exportFileName(filter.from ?? '', filter.to ?? '');
  const url = URL.createObjectURL(
    new Blob(chunks as BlobPart[], { type: response.headers.get('content-type') ?? '' }),
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
