import {
  getSatusehatLocations,
  getSatusehatSettings,
  registerSatusehatLocations,
  saveSatusehatSettings,
  testSatusehatConnection,
} from '@klinikita/domain/satusehat/satusehat-settings.contract';
import { contractKey, useContractMutation, useContractQuery } from '../../../shared/api/contract-client.ts';

/** The clinic's SATUSEHAT settings (the secret only as set or not). */
export const useSatusehatSettings = (clinicId: number) =>
  useContractQuery(getSatusehatSettings, { query: { clinicId } });

/** Saves the settings; the settings and the Locations (their state depends on the organization) refetch. */
export const useSaveSatusehatSettings = () =>
  useContractMutation(saveSatusehatSettings, {
    invalidates: [contractKey(getSatusehatSettings), contractKey(getSatusehatLocations)],
  });

export const useTestSatusehatConnection = () => useContractMutation(testSatusehatConnection);

export const useSatusehatLocations = (clinicId: number) =>
  useContractQuery(getSatusehatLocations, { query: { clinicId } });

/** Registers one room (or all missing); the caller refetches the list when the run ends. */
export const useRegisterSatusehatLocation = () => useContractMutation(registerSatusehatLocations);
