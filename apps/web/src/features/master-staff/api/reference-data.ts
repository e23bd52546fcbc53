import type { Clinic } from '@klinikita/domain/clinics/clinic.schema';
import { listClinics } from '@klinikita/domain/clinics/clinics.contract';
import { listSpecialists } from '@klinikita/domain/doctors/doctors.contract';
import { listAssignableRoles } from '@klinikita/domain/settings/roles.contract';
import { useContractQuery } from '../../../shared/api/contract-client.ts';

export type ClinicChoice = Pick<Clinic, 'id' | 'uid' | 'name'>;

/** Reference lists change rarely; a failed load leaves the list empty (spec 8). */
const STALE_MS = 5 * 60_000;

/** The clinics of the corporate the caller may touch (`registrations/clinics/`, service master). */
export const useClinicChoices = (corpId: number | null) =>
  useContractQuery(
    listClinics,
    { query: { CorpId: corpId ?? undefined } },
    { service: 'master', staleTime: STALE_MS, select: (clinics) => clinics ?? [] },
  );

export const useSpecialistChoices = () =>
  useContractQuery(listSpecialists, {}, { staleTime: STALE_MS, select: (d) => d?.specialists ?? [] });

export const useRoleChoices = () =>
  useContractQuery(listAssignableRoles, {}, { staleTime: STALE_MS, select: (roles) => roles ?? [] });
