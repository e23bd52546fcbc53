import type { DocumentPaper } from '@klinikita/domain/billing/billing-documents.schema';
import {
  depositReceiptPdf,
  getPatientDeposit,
  receiveDeposit,
  refundDeposit,
} from '@klinikita/domain/billing/deposits.contract';
import { useContractMutation, useContractQuery } from '../../../shared/api/contract-client.ts';
import { API_BASE } from '../../../shared/api-client.ts';
import { BILLING_QUERIES } from './cashier-api.ts';

export type { DepositEntry, PatientDeposit } from '@klinikita/domain/billing/deposits.schema';

/** `GET billing/patients/:patientUid/deposit`: the patient's balance and ledger (refetched by every billing write). */
export const usePatientDeposit = (patientUid: string) =>
  useContractQuery(getPatientDeposit, { params: { patientUid } }, { enabled: Boolean(patientUid) });

// a deposit moves the shift's totals too (they sit under the same module key)
const refetch = { invalidates: [BILLING_QUERIES] };
export const useReceiveDeposit = () => useContractMutation(receiveDeposit, refetch);
export const useRefundDeposit = () => useContractMutation(refundDeposit, refetch);

/** A deposit receipt's PDF (kwitansi), opened by the browser in a new tab. */
export const depositReceiptUrl = (uid: string, paper: DocumentPaper) =>
  `${API_BASE}${depositReceiptPdf.path.replace(':uid', encodeURIComponent(uid))}?paper=${paper}`;
