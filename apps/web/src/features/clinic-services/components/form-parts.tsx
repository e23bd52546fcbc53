import { PERFORMED_AT, type PerformedAt } from '@klinikita/domain/services/clinic-services.schema';
import { Group, Radio, Select, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError, isUnexpectedError, reportUnexpectedError } from '../../../shared/api-client.ts';
import { toFieldErrors } from '../../../shared/form-errors.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { useSisterClinics } from '../api/get-clinic-services.ts';

/** Where a service is performed, as a form holds it. */
export interface PlaceValues {
  performedAt: PerformedAt;
  /** The sister clinic's id as the select holds it. */
  performerClinicId: string | null;
  partnerName: string;
}

/** The place of a form's payload: a performer only for a sister clinic, a partner only for an external one. */
export const placeInput = (v: PlaceValues) => ({
  performedAt: v.performedAt,
  performerClinicId: v.performedAt === 'sister' && v.performerClinicId ? Number(v.performerClinicId) : null,
  partnerName: v.performedAt === 'external' ? v.partnerName : null,
});

/** "Dikerjakan di": this clinic, a sister clinic of the group (chosen), or an external partner (named). */
export function PlaceFields({
  clinicId,
  values,
  onChange,
  errorOf,
}: {
  clinicId: number;
  values: PlaceValues;
  onChange: (next: Partial<PlaceValues>, fields: string[]) => void;
  errorOf: (field: string) => string | undefined;
}) {
  const { t } = useTranslation();
  const sisters = useSisterClinics(clinicId);
  return (
    <Stack gap="xs">
      <Radio.Group
        label={t('clinicServices.performedAtLabel')}
        value={values.performedAt}
        onChange={(v) => onChange({ performedAt: v as PerformedAt }, ['performedAt'])}
      >
        <Group gap="md" mt={4}>
          {PERFORMED_AT.map((p) => (
            <Radio key={p} value={p} label={t(`clinicServices.performedAt.${p}`)} />
          ))}
        </Group>
      </Radio.Group>
      {values.performedAt === 'sister' && (
        <Select
          label={t('clinicServices.performerClinic')}
          placeholder={t('clinicServices.performerPlaceholder')}
          description={t('clinicServices.performerHint')}
          required
          allowDeselect={false}
          data={(sisters.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          value={values.performerClinicId}
          onChange={(v) => onChange({ performerClinicId: v }, ['performerClinicId'])}
          error={errorOf('performerClinicId')}
        />
      )}
      {values.performedAt === 'external' && (
        <TextInput
          label={t('clinicServices.partnerName')}
          placeholder={t('clinicServices.partnerPlaceholder')}
          description={t('clinicServices.partnerHint')}
          required
          maxLength={120}
          value={values.partnerName}
          onChange={(e) => onChange({ partnerName: e.currentTarget.value }, ['partnerName'])}
          error={errorOf('partnerName')}
        />
      )}
    </Stack>
  );
}

/** Where a refusal's sentence is shown: above the buttons. */
export const FORM_ERROR = '_form';

export const errorLookup = (errors: Record<string, string>) => (field: string) =>
  errors[field] ? translateMessage(errors[field]) : undefined;

/**
 * A server answer as a form shows it: a validation answer on its fields; a refusal (a performer
 * that does not perform the service, a clinic others depend on) also in its own sentence, which
 * names the clinics. Null when the failure is not the user's to fix (reported as such).
 */
export function refusalErrors(error: unknown): Record<string, string> | null {
  if (!(error instanceof ApiError) || isUnexpectedError(error)) {
    void reportUnexpectedError(error);
    return null;
  }
  const fields = toFieldErrors(error.errors);
  return error.status === 400 && error.errors.length ? fields : { ...fields, [FORM_ERROR]: error.message };
}
