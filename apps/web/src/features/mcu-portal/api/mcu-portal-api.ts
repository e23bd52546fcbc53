import {
  getMcuPortalEvents,
  getMcuPortalInvoices,
  getMcuPortalParticipants,
} from '@klinikita/domain/mcu/mcu-portal.contract';
import type { McuPortalParticipantQuery } from '@klinikita/domain/mcu/mcu-portal.schema';
import { keepPreviousData } from '@tanstack/react-query';
import { useContractQuery } from '../../../shared/api/contract-client.ts';

export type {
  McuPortalEvent,
  McuPortalInvoice,
  McuPortalParticipant,
} from '@klinikita/domain/mcu/mcu-portal.schema';

/** `GET mcu/portal/events`: the HR user's company and its MCU events with their progress. */
export const usePortalEvents = () => useContractQuery(getMcuPortalEvents, {});

/** `GET mcu/portal/events/:uid/participants`: one event's participants (null: none chosen). */
export const usePortalParticipants = (uid: string | null, query: McuPortalParticipantQuery) =>
  useContractQuery(
    getMcuPortalParticipants,
    { params: { uid: uid ?? '' }, query },
    { enabled: uid !== null, placeholderData: keepPreviousData },
  );

/** `GET mcu/portal/invoices`: the invoices issued to the company. */
export const usePortalInvoices = () => useContractQuery(getMcuPortalInvoices, {});
