import {
  addContractPrice,
  addEmployee,
  createCompany,
  deactivateCompany,
  deactivateEmployee,
  employeeTemplate,
  endContractPrice,
  getCompany,
  importEmployees,
  listCompanies,
  listContractPrices,
  listEmployees,
  updateCompany,
  updateEmployee,
} from '@klinikita/domain/partner-companies/partner-companies.contract';
import {
  addPortalUser,
  listPortalUsers,
  setPortalUserActive,
} from '@klinikita/domain/partner-companies/portal-users.contract';
import { listServices } from '@klinikita/domain/services/services.contract';
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  call,
  moduleKey,
  useContractMutation,
  useContractQuery,
} from '../../../shared/api/contract-client.ts';
import { API_BASE } from '../../../shared/api-client.ts';

export type {
  CompanyDetail,
  CompanySummary,
  ContractPrice,
  CoveredEmployee,
  EmployeeImportResult,
} from '@klinikita/domain/partner-companies/partner-company-answers.schema';

/** The partner-company calls (`/partner-companies…`), from the domain contracts. */

interface Paging {
  search?: string;
  active?: 'true' | 'false';
  page: number;
  limit: number;
}

/** Every read of the module refetches after a write (the list's counts, the open company). */
const everything = [moduleKey(listCompanies)];

export const useCompanies = (query: Paging) =>
  useContractQuery(listCompanies, { query }, { placeholderData: keepPreviousData });

export const useCompany = (uid: string | null) =>
  useContractQuery(getCompany, { params: { uid: uid ?? '' } }, { enabled: Boolean(uid) });

export const useCreateCompany = () => useContractMutation(createCompany, { invalidates: everything });
export const useUpdateCompany = () => useContractMutation(updateCompany, { invalidates: everything });
export const useDeactivateCompany = () => useContractMutation(deactivateCompany, { invalidates: everything });

export const useContractPrices = (uid: string) => useContractQuery(listContractPrices, { params: { uid } });
export const useAddContractPrice = () => useContractMutation(addContractPrice, { invalidates: everything });
export const useEndContractPrice = () => useContractMutation(endContractPrice, { invalidates: everything });

export const useEmployees = (uid: string, query: Paging) =>
  useContractQuery(listEmployees, { params: { uid }, query }, { placeholderData: keepPreviousData });
export const useAddEmployee = () => useContractMutation(addEmployee, { invalidates: everything });
export const useUpdateEmployee = () => useContractMutation(updateEmployee, { invalidates: everything });
export const useDeactivateEmployee = () =>
  useContractMutation(deactivateEmployee, { invalidates: everything });

/** The company's HR logins to the company portal (issue 20 §8). */
export const usePortalUsers = (uid: string) => useContractQuery(listPortalUsers, { params: { uid } });
export const useAddPortalUser = () => useContractMutation(addPortalUser, { invalidates: everything });
export const useSetPortalUserActive = () =>
  useContractMutation(setPortalUserActive, { invalidates: everything });
export type { PortalUser } from '@klinikita/domain/partner-companies/portal-users.schema';

/** Uploads a workbook (field `file`); the answer reports the rows written and each rejected row. */
export const useImportEmployees = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ uid, file }: { uid: string; file: File }) => {
      const body = new FormData();
      body.append('file', file);
      return call(importEmployees, { params: { uid }, body });
    },
    onSettled: () => client.invalidateQueries({ queryKey: everything[0] }),
  });
};

/** The import's template: a raw answer, downloaded by URL. */
export const templateUrl = () => `${API_BASE}${employeeTemplate.path}`;

/** Catalogue services to pick (contract prices, excluded services), searched. */
export const useCatalogueServices = (search: string) =>
  useContractQuery(
    listServices,
    { query: { search: search || undefined, active: 'true', page: 1, limit: 20 } },
    { placeholderData: keepPreviousData },
  );
