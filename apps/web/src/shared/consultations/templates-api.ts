import type { EncounterTemplate, TemplateContent } from '@klinikita/domain/consultations/consultation.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client.ts';

export type { EncounterTemplate, TemplateContent };

const templatesKey = ['encounter-templates'] as const;

/** `GET consultations/templates`: the session doctor's templates. */
export const useTemplates = (enabled = true) =>
  useQuery({
    queryKey: templatesKey,
    queryFn: async () => (await api<EncounterTemplate[]>('consultations/templates')).data!,
    enabled,
  });

export interface TemplateSave {
  /** Set: overwrite that template (PUT); else create one (POST, 409 when the name is taken). */
  uid?: string;
  name: string;
  content: TemplateContent;
}

export const useSaveTemplate = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ uid, ...body }: TemplateSave) =>
      (
        await api<EncounterTemplate>(
          uid ? `consultations/templates/${encodeURIComponent(uid)}` : 'consultations/templates',
          { method: uid ? 'PUT' : 'POST', body },
        )
      ).data!,
    onSuccess: () => client.invalidateQueries({ queryKey: templatesKey }),
  });
};

export const useDeleteTemplate = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (uid: string) =>
      api(`consultations/templates/${encodeURIComponent(uid)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: templatesKey }),
  });
};
