import { listBills } from '@klinikita/domain/billing/bill-list.contract';
import type { BillListQuery } from '@klinikita/domain/billing/bill-list.schema';
import { keepPreviousData } from '@tanstack/react-query';
import { useContractQuery } from '../../../shared/api/contract-client.ts';

export type { BillListRow } from '@klinikita/domain/billing/bill-list.schema';

/** `GET /billing/bills`: a page of the posted bills of the user's clinics. */
export const useBillList = (query: BillListQuery, enabled: boolean) =>
  useContractQuery(listBills, { query }, { enabled, placeholderData: keepPreviousData, abortable: true });
