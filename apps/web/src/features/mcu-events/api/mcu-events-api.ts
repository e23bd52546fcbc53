import {
  addMcuParticipant,
  checkInMcuParticipant,
  createMcuEvent,
  getMcuEvent,
  importMcuParticipants,
  listMcuEvents,
  listMcuParticipants,
  updateMcuEvent,
  updateMcuParticipant,
} from '@klinikita/domain/mcu/mcu-events.contract';
import { listMcuPackages, saveMcuPackage } from '@klinikita/domain/mcu/mcu-packages.contract';
import { listCompanies } from '@klinikita/domain/partner-companies/partner-companies.contract';
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  call,
  moduleKey,
  useContractMutation,
  useContractQuery,
} from '../../../shared/api/contract-client.ts';
import { API_BASE } from '../../../shared/api-client.ts';

export type {
  McuCheckIn,
  McuEvent,
  McuEventSaveInput,
  McuImportResult,
  McuParticipant,
  McuParticipantStatus,
} from '@klinikita/domain/mcu/mcu-events.schema';
export type { McuPackage } from '@klinikita/domain/mcu/mcu-packages.schema';

/** The MCU setup calls (`/mcu/events…`, `/mcu/packages…`), from the domain contracts. */

/** Every MCU read refetches after a write (progress counts, the open event, participants). */
const everything = [moduleKey(listMcuEvents)];

export const useMcuEvents = (query: {
  search?: string;
  status?: 'open' | 'closed';
  page: number;
  limit: number;
}) => useContractQuery(listMcuEvents, { query }, { placeholderData: keepPreviousData });

/** The open event; its progress also refetches when the clerk comes back to the window (check-ins elsewhere). */
export const useMcuEvent = (uid: string) =>
  useContractQuery(getMcuEvent, { params: { uid } }, { refetchOnWindowFocus: true });

export const useCreateMcuEvent = () => useContractMutation(createMcuEvent, { invalidates: everything });
export const useUpdateMcuEvent = () => useContractMutation(updateMcuEvent, { invalidates: everything });

export const useMcuParticipants = (
  uid: string,
  query: {
    search?: string;
    status?: 'registered' | 'inProgress' | 'done' | 'approved';
    page: number;
    limit: number;
  },
) => useContractQuery(listMcuParticipants, { params: { uid }, query }, { placeholderData: keepPreviousData });

export const useAddMcuParticipant = () => useContractMutation(addMcuParticipant, { invalidates: everything });
export const useUpdateMcuParticipant = () =>
  useContractMutation(updateMcuParticipant, { invalidates: everything });
export const useCheckIn = () => useContractMutation(checkInMcuParticipant, { invalidates: everything });

/** Uploads the participant sheet (field `file`); the answer reports each rejected row. */
export const useImportParticipants = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ uid, file }: { uid: string; file: File }) => {
      const body = new FormData();
      body.append('file', file);
      return call(importMcuParticipants, { params: { uid }, body });
    },
    onSettled: () => client.invalidateQueries({ queryKey: everything[0] }),
  });
};

/** The event's import template: a raw answer, downloaded by URL. */
export const participantTemplateUrl = (uid: string) =>
  `${API_BASE}/mcu/events/${encodeURIComponent(uid)}/participants/template.xlsx`;

export const useMcuPackages = () => useContractQuery(listMcuPackages, { query: {} });
export const useSaveMcuPackage = () => useContractMutation(saveMcuPackage, { invalidates: everything });

/** The corporate's active partner companies to choose an event's company from. */
export const useCompanyChoices = (search: string) =>
  useContractQuery(
    listCompanies,
    { query: { search: search || undefined, active: 'true', page: 1, limit: 50 } },
    { placeholderData: keepPreviousData },
  );
