import { MCU_EVENTS, mcuConclusionApprovedSchema } from '@klinikita/domain/mcu/mcu.events';
import type { Consumer } from '../../events/outbox.ts';
import { billMcuVisitToCompany } from './billing-mcu.service.ts';

/** `mcu.conclusion.approved` → the participant's MCU visit bill posted as the company's receivable. */
export const mcuCompanyBillsConsumer: Consumer = {
  name: 'billing.mcu-company-bills',
  types: [MCU_EVENTS.conclusionApproved],
  handle: (tx, event) => billMcuVisitToCompany(tx, mcuConclusionApprovedSchema.parse(event.payload)),
};
