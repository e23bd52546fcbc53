import { listClinicServices, listSisterClinics } from '@klinikita/domain/services/clinic-services.contract';
import { keepPreviousData } from '@tanstack/react-query';
import { type ContractQuery, useContractQuery } from '../../../shared/api/contract-client.ts';

/** A page of the corporate's services as the clinic has them (`GET clinic-services/{clinicId}`). */
export const useClinicServices = (clinicId: number, query: ContractQuery<typeof listClinicServices>) =>
  useContractQuery(
    listClinicServices,
    { params: { clinicId }, query },
    { placeholderData: keepPreviousData },
  );

/** The corporate's other clinics, which may perform this clinic's services. */
export const useSisterClinics = (clinicId: number) =>
  useContractQuery(listSisterClinics, { params: { clinicId } }, { staleTime: 5 * 60_000 });
