import * as c from '@klinikita/domain/inventory/stock-documents.contract';
import { moduleKey, useContractMutation, useContractQuery } from '../../../shared/api/contract-client.ts';
import { API_BASE } from '../../../shared/api-client.ts';

export type {
  NarcoticsReport,
  Opname,
  OpnameLine,
  OpnameSummary,
  StockRequest,
} from '@klinikita/domain/inventory/stock-documents.schema';

/** `GET inventory/locations/:uid/opnames`: the stock counts of a location, newest first. */
export const useOpnames = (locationUid: string) =>
  useContractQuery(c.listOpnames, { params: { uid: locationUid } });

/** `GET inventory/opnames/:uid`: a count with its sheet. */
export const useOpname = (uid: string) => useContractQuery(c.getOpname, { params: { uid } });

/** `GET inventory/requests`: the clinic's requests made by or sent to a location. */
export const useStockRequests = (clinicId: number, locationUid: string) =>
  useContractQuery(c.listStockRequests, { query: { clinicId, locationUid } });

/** `GET inventory/reports/narcotics`: the month's narcotics and psychotropics. */
export const useNarcoticsReport = (clinicId: number, month: string) =>
  useContractQuery(c.getNarcoticsReport, { query: { clinicId, month } });

/** The report's workbook, opened by URL. */
export const narcoticsXlsxUrl = (clinicId: number, month: string) =>
  `${API_BASE}${c.exportNarcoticsReport.path}?clinicId=${clinicId}&month=${month}`;

// every write changes stock, cards and lists: the whole module refetches
const writes = { invalidates: [moduleKey(c.listOpnames)] };
export const useStartOpname = () => useContractMutation(c.startOpname, writes);
export const useCountOpname = () => useContractMutation(c.countOpname, writes);
export const useSubmitOpname = () => useContractMutation(c.submitOpname, writes);
export const useApproveOpname = () => useContractMutation(c.approveOpname, writes);
export const useCancelOpname = () => useContractMutation(c.cancelOpname, writes);
export const useCreateRequest = () => useContractMutation(c.createStockRequest, writes);
export const useApproveRequest = () => useContractMutation(c.approveStockRequest, writes);
export const useRejectRequest = () => useContractMutation(c.rejectStockRequest, writes);
export const useFulfilRequest = () => useContractMutation(c.fulfilStockRequest, writes);
export const useCancelRequest = () => useContractMutation(c.cancelStockRequest, writes);
