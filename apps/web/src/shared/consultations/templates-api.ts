import {
  createTemplate,
  deleteTemplate,
  listTemplates,
  updateTemplate,
} from '@klinikita/domain/consultations/consultations.contract';
import type { EncounterTemplate, TemplateContent } from '@klinikita/domain/consultations/template.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ContractBody, call, fetchData } from '../api/contract-client.ts';

export type { EncounterTemplate, TemplateContent };

const templatesKey = ['encounter-templates'] as const;

/** `GET consultations/templates`: the session doctor's templates. */
export const useTemplates = (enabled = true) =>
  useQuery({
    queryKey: templatesKey,
    queryFn: () => fetchData(listTemplates),
    enabled,
  });

/** A template to save; with `uid` it overwrites that template (PUT), else a new one (POST, 409 when the name is taken). */
export type TemplateSave = { uid?: string } & ContractBody<typeof createTemplate>;

export const useSaveTemplate = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ uid, ...body }: TemplateSave) =>
      uid ? fetchData(updateTemplate, { params: { uid }, body }) : fetchData(createTemplate, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: templatesKey }),
  });
};

export const useDeleteTemplate = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (uid: string) => call(deleteTemplate, { params: { uid } }),
    onSuccess: () => client.invalidateQueries({ queryKey: templatesKey }),
  });
};
