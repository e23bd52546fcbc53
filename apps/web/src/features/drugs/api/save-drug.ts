import type { Drug, DrugSaveInput } from '@klinikita/domain/drugs/drug.schema';
import { createDrug, updateDrug } from '@klinikita/domain/drugs/drugs.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, moduleKey } from '../../../shared/api/contract-client.ts';

/** Adds a drug (no uid) or changes one (`PUT settings/pharmacy/drugs/{uid}`); the lists refetch. */
export function useSaveDrug() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ uid, input }: { uid: string | null; input: DrugSaveInput }) =>
      uid ? call(updateDrug, { params: { uid }, body: input }) : call(createDrug, { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: moduleKey(createDrug) }),
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
