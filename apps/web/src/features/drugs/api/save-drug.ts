import type { Drug, DrugSaveInput } from '@klinikita/domain/consultations/consultation.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api-client.ts';
import { drugsKey } from './get-drugs.ts';

/** Adds a drug (no uid) or changes one (`PUT settings/pharmacy/drugs/{uid}`); the list refetches. */
export function useSaveDrug() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ uid, input }: { uid: string | null; input: DrugSaveInput }) =>
      uid
        ? api<Drug>(`settings/pharmacy/drugs/${encodeURIComponent(uid)}`, { method: 'PUT', body: input })
        : api<Drug>('settings/pharmacy/drugs', { method: 'POST', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: drugsKey }),
  });
}

/** The save payload of a listed drug (to switch it on or off as it is). */
export const saveInputOf = (drug: Drug, over: Partial<DrugSaveInput> = {}): DrugSaveInput => ({
  name: drug.name,
  genericName: drug.genericName,
  form: drug.form,
  strength: drug.strength,
  unit: drug.unit,
  kfaCode: drug.kfaCode,
  price: drug.price,
  active: drug.active,
  ...over,
});
