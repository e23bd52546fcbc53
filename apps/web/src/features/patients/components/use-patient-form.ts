import {
  type Patient,
  patientCreateSchema,
  patientEditSchema,
} from '@klinikita/domain/patients/patient.schema';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { fieldBindings, toFieldErrors, withoutFields } from '../../../shared/form-errors.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { type PatientRefusal, patientRefusalOf } from '../../../shared/patients/patient-refusal.ts';
import { useCreatePatient, useUpdatePatient } from '../../../shared/patients/patients-api.ts';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import {
  emptyPatientForm,
  type PatientFormValues,
  patientBody,
  patientFormOf,
} from './patient-form-values.ts';
import { REGION_FIELD_NAMES, type RegionValue } from './region-value.ts';

export const LIST_PATH = '/MasterPasien';
type Refusal = Omit<PatientRefusal, 'duplicates'>;

/**
 * The patient form's state and saving: checked by the shared create or edit schema, then sent;
 * a refusal lands on its fields (nikTaken with the patient holding the NIK, likelyDuplicate
 * with the candidates to check) and the first marked field gets the focus.
 */
export function usePatientForm(patient: Patient | null) {
  const navigate = useNavigate();
  const user = useSessionUser();
  const [values, setValues] = useState<PatientFormValues>(() =>
    patient ? patientFormOf(patient) : emptyPatientForm(user.ClinicId ?? user.clinics[0]?.id ?? null),
  );
  const [refusal, setRefusal] = useState<Refusal>({ errors: {}, nikOwner: null });
  const [duplicates, setDuplicates] = useState<PatientRefusal['duplicates']>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const create = useCreatePatient();
  const update = useUpdatePatient();
  const { errors } = refusal;

  useEffect(() => {
    if (!Object.keys(errors).length) return;
    const field = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    field?.focus({ preventScroll: true });
    field?.scrollIntoView({ block: 'center' });
  }, [errors]);

  // editing a field clears its message: what is left marked is what still needs fixing
  const setMany = (patch: Partial<PatientFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setRefusal(({ errors: all, nikOwner }) => ({
      errors: withoutFields(all, Object.keys(patch)),
      nikOwner: 'nik' in patch ? null : nikOwner,
    }));
  };
  const set = <K extends keyof PatientFormValues>(key: K, value: PatientFormValues[K]) =>
    setMany({ [key]: value } as Partial<PatientFormValues>);
  const setRegion = (next: RegionValue) => {
    setValues((v) => ({ ...v, ...next }));
    setRefusal(({ errors: all, nikOwner }) => ({ errors: withoutFields(all, REGION_FIELD_NAMES), nikOwner }));
  };
  const { errorOf, text } = fieldBindings(values, (key, value) => set(key, value as never), errors);

  function onRefused(error: unknown) {
    const next = patientRefusalOf(error);
    if (!next) return;
    if (next.duplicates) return setDuplicates(next.duplicates);
    setRefusal({ errors: next.errors, nikOwner: next.nikOwner });
  }
  const onSaved = (res: { message: string }) => {
    notifications.show({ color: 'teal', message: translateMessage(res.message) });
    navigate(LIST_PATH);
  };

  function save(confirmDuplicate: boolean) {
    const body = patientBody(values);
    const callbacks = { onSuccess: onSaved, onError: onRefused };
    if (!patient) {
      // a title left out follows age and sex on the server too
      const parsed = patientCreateSchema.safeParse({
        ...body,
        title: body.title ?? undefined,
        clinicId: values.clinicId ? Number(values.clinicId) : undefined,
        confirmDuplicate,
      });
      if (!parsed.success) return setRefusal({ errors: toFieldErrors(parsed.error.issues), nikOwner: null });
      setRefusal({ errors: {}, nikOwner: null });
      create.mutate(parsed.data, callbacks);
      return;
    }
    const parsed = patientEditSchema.safeParse({ ...body, confirmDuplicate });
    if (!parsed.success) return setRefusal({ errors: toFieldErrors(parsed.error.issues), nikOwner: null });
    setRefusal({ errors: {}, nikOwner: null });
    update.mutate({ uid: patient.uid, input: parsed.data }, callbacks);
  }

  return {
    values,
    errors,
    nikOwner: refusal.nikOwner,
    duplicates,
    formRef,
    pending: create.isPending || update.isPending,
    set,
    setMany,
    setRegion,
    errorOf,
    text,
    submit: (event: FormEvent) => {
      event.preventDefault();
      save(false);
    },
    closeDuplicates: () => setDuplicates(null),
    saveAnyway: () => {
      setDuplicates(null);
      save(true);
    },
    cancel: () => navigate(LIST_PATH),
  };
}

export type PatientFormState = ReturnType<typeof usePatientForm>;
