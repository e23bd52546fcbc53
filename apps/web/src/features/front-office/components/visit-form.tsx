import { PAYER_TYPES, type Patient, type PatientSummary } from '@klinikita/domain/patients/patient.schema';
import {
  type Registration,
  type RegistrationCreateInput,
  registrationCreateSchema,
} from '@klinikita/domain/registrations/registration.schema';
import { Alert, Button, Group, Kbd, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, type Ref, useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, isUnexpectedError, reportUnexpectedError } from '../../../shared/api-client.ts';
import { toFieldErrors } from '../../../shared/form-errors.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import {
  useAvailableDoctors,
  useCreateRegistration,
  usePartnerCompanies,
} from '../../../shared/registrations/registrations-api.ts';
import { useActiveInsurers } from '../api/active-insurers.ts';
import { DoctorPicker } from './doctor-picker.tsx';
import { isTyping } from './keyboard.ts';
import { Segments } from './segments.tsx';
import {
  emptyVisit,
  isInsured,
  payerOf,
  VISIT_SERVICES,
  type VisitService,
  type VisitValues,
  visitBody,
} from './visit-form-values.ts';
import { insurersFor, VisitInsurer } from './visit-insurer.tsx';
import { VisitWarnings } from './visit-warnings.tsx';

/** Fields the form shows an error beside; anything else goes to the alert above the button. */
const FIELDS = new Set([
  'serviceType',
  'orderType',
  'doctorId',
  'payerType',
  'companyId',
  'insuranceName',
  'insuranceNumber',
  'insurerUid',
  'eligibility.status',
  'eligibility.reference',
  'eligibility.coveredAmount',
  'eligibility.note',
  'referrer',
  'complaint',
]);

/**
 * The visit: service (number keys 1–6), today's doctor for a consultation, payer (from the
 * patient's record), referrer and complaint. Ctrl+Enter or Daftar saves; the server's refusals
 * are shown beside the fields or above the button, and the input stays.
 */
export function VisitForm({
  clinicId,
  patient,
  details,
  keysEnabled,
  serviceRef,
  onPatientMissing,
  onRegistered,
}: {
  clinicId: number;
  patient: PatientSummary | null;
  details: Patient | undefined;
  /** Off while a dialog is open. */
  keysEnabled: boolean;
  serviceRef: Ref<HTMLDivElement>;
  onPatientMissing: (message: string) => void;
  onRegistered: (registration: Registration) => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<VisitValues>(emptyVisit);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  /** The server found the patient's active visit of today with this doctor or desk: ask first. */
  const [duplicate, setDuplicate] = useState<{ message: string; body: RegistrationCreateInput } | null>(null);
  const payerTouched = useRef(false);
  const doctors = useAvailableDoctors(clinicId);
  const companies = usePartnerCompanies();
  const create = useCreateRegistration();
  const doctorList = doctors.data ?? [];
  const isDoctor = values.service === 'doctor';
  const insured = isInsured(values.payerType);
  const insurers = useActiveInsurers(insured);
  /** An insurance visit is paid by an insurer of the master when the corporate keeps any. */
  const mustPickInsurer =
    values.payerType === 'insurance' && insurersFor(insurers.data?.docs ?? [], 'insurance').length > 0;
  const prefillInsurer = useCallback(
    (insurerUid: string | null) => setValues((v) => ({ ...v, insurerUid })),
    [],
  );

  const set = <K extends keyof VisitValues>(key: K, value: VisitValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key === 'service' ? 'serviceType' : (key as string)]: _, ...rest }) => rest);
    setRefusal(null);
  };
  const setPayer = <K extends keyof VisitValues>(key: K, value: VisitValues[K]) => {
    payerTouched.current = true;
    set(key, value);
  };
  const errorOf = (key: string) => (errors[key] ? translateMessage(errors[key]) : undefined);

  // a new patient brings their payer on record; the fuller record fills the insurer once loaded
  const patientUid = patient?.uid ?? null;
  const payerSource = details && details.uid === patientUid ? details : patient;
  const payerKey = payerSource ? JSON.stringify(payerOf(payerSource)) : null;
  const lastPatient = useRef<string | null>(null);
  useEffect(() => {
    if (lastPatient.current !== patientUid) {
      lastPatient.current = patientUid;
      payerTouched.current = false;
    }
    if (!payerKey || payerTouched.current) return;
    setValues((v) => ({ ...v, ...JSON.parse(payerKey) }));
  }, [patientUid, payerKey]);

  // the only doctor with room left today is chosen already
  const selectable = doctorList.filter((d) => !d.full);
  const onlyDoctor = selectable.length === 1 ? selectable[0].doctorId : null;
  useEffect(() => {
    if (onlyDoctor !== null) setValues((v) => (v.doctorId === null ? { ...v, doctorId: onlyDoctor } : v));
  }, [onlyDoctor]);

  function chooseService(service: VisitService) {
    set('service', service);
  }

  function save() {
    if (create.isPending) return;
    const parsed = registrationCreateSchema.safeParse(visitBody(values, clinicId, patientUid));
    const found = parsed.success ? {} : toFieldErrors(parsed.error.issues);
    const chosen = isDoctor ? doctorList.find((d) => d.doctorId === values.doctorId) : undefined;
    if (chosen?.full && !found.doctorId) found.doctorId = 'frontOffice.visit.doctorFull';
    if (mustPickInsurer && !values.insurerUid) {
      delete found.insuranceName;
      found.insurerUid = 'insurers.insurerRequired';
    }
    const { patientId, ...fieldErrors } = found;
    if (patientId) onPatientMissing(patientId);
    setErrors(fieldErrors);
    setRefusal(null);
    if (!parsed.success || Object.keys(found).length) return;
    send(parsed.data);
  }

  function send(body: RegistrationCreateInput) {
    create.mutate(body, {
      onSuccess: (res) => res.data && onRegistered(res.data),
      onError: (error) => onRefused(error, body),
    });
  }

  /** The clerk confirmed the second visit: the same input again, on purpose. */
  function registerAnyway() {
    if (!duplicate || create.isPending) return;
    const { body } = duplicate;
    setDuplicate(null);
    send({ ...body, confirmDuplicate: true });
  }

  function onRefused(error: unknown, body: RegistrationCreateInput) {
    if (!(error instanceof ApiError) || isUnexpectedError(error)) {
      void reportUnexpectedError(error);
      return;
    }
    if (error.code === 'duplicateVisit' && !body.confirmDuplicate) {
      setDuplicate({ message: error.message, body });
      return;
    }
    // a doctor filled up or stopped practising meanwhile: show today's quotas as they are now
    if (error.status === 409) void doctors.refetch();
    const { patientId, ...found } = toFieldErrors(error.errors);
    if (patientId) onPatientMissing(patientId);
    const fields = Object.fromEntries(Object.entries(found).filter(([path]) => FIELDS.has(path)));
    const others = Object.entries(found).filter(([path]) => !FIELDS.has(path));
    setErrors(fields);
    setRefusal(
      others.length
        ? others.map(([, message]) => translateMessage(message)).join(' · ')
        : Object.keys(fields).length || patientId
          ? null
          : error.message,
    );
  }

  // number keys choose the service and Ctrl+Enter saves, wherever the focus is (not while typing)
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (duplicate) return;
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      save();
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
    const service = /^[1-6]$/.test(event.key) ? VISIT_SERVICES[Number(event.key) - 1] : undefined;
    if (service) {
      event.preventDefault();
      chooseService(service);
    }
  });
  useEffect(() => {
    if (!keysEnabled) return;
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [keysEnabled]);

  function submit(event: FormEvent) {
    event.preventDefault();
    save();
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t('frontOffice.visit.section')}>
      <Stack gap="sm">
        <Segments
          label={t('frontOffice.visit.service')}
          required
          groupRef={serviceRef}
          options={VISIT_SERVICES.map((s, i) => ({
            value: s,
            label: t(`frontOffice.visit.services.${s}`),
            shortcut: String(i + 1),
          }))}
          value={values.service}
          onChange={chooseService}
          error={errorOf('serviceType') ?? errorOf('orderType')}
        />

        {isDoctor && (
          <DoctorPicker
            doctors={doctorList}
            loading={doctors.isLoading}
            failed={doctors.isError}
            value={values.doctorId}
            onChange={(id) => set('doctorId', id)}
            error={errorOf('doctorId')}
          />
        )}
        <VisitWarnings
          clinicId={clinicId}
          target={
            values.service !== 'doctor'
              ? { serviceType: values.service }
              : values.doctorId === null
                ? null
                : { doctorId: values.doctorId }
          }
        />

        <Segments
          label={t('frontOffice.visit.payer')}
          required
          options={PAYER_TYPES.map((p) => ({ value: p, label: t(`frontOffice.visit.payers.${p}`) }))}
          value={values.payerType}
          onChange={(v) => setPayer('payerType', v)}
          error={errorOf('payerType')}
        />
        {values.payerType === 'company' && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
            <Select
              label={t('frontOffice.visit.company')}
              placeholder={t('frontOffice.visit.companyPlaceholder')}
              required
              searchable
              nothingFoundMessage={t('frontOffice.visit.companiesNone')}
              data={(companies.data ?? []).map((c) => ({
                value: String(c.id),
                label: c.code ? `${c.name} (${c.code})` : c.name,
              }))}
              value={values.companyId}
              onChange={(v) => setPayer('companyId', v)}
              error={errorOf('companyId')}
            />
          </SimpleGrid>
        )}
        {insured && (
          <VisitInsurer
            values={values}
            insurers={insurers.data?.docs ?? []}
            loading={insurers.isLoading}
            set={setPayer}
            prefill={prefillInsurer}
            errorOf={errorOf}
          />
        )}

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
          <TextInput
            label={t('frontOffice.visit.referrer')}
            placeholder={t('frontOffice.visit.referrerPlaceholder')}
            maxLength={100}
            value={values.referrer}
            onChange={(e) => set('referrer', e.currentTarget.value)}
            error={errorOf('referrer')}
          />
          <TextInput
            label={t('frontOffice.visit.complaint')}
            placeholder={t('frontOffice.visit.complaintPlaceholder')}
            maxLength={500}
            value={values.complaint}
            onChange={(e) => set('complaint', e.currentTarget.value)}
            error={errorOf('complaint')}
          />
        </SimpleGrid>

        {refusal && (
          <Alert color="red" variant="light" title={t('frontOffice.visit.refused')} role="alert">
            {translateMessage(refusal)}
          </Alert>
        )}
        <Group justify="space-between" align="center">
          <Text size="xs" c="dimmed">
            <Kbd size="xs">/</Kbd> <Kbd size="xs">F2</Kbd> {t('frontOffice.shortcutSearch')} ·{' '}
            <Kbd size="xs">F4</Kbd> {t('frontOffice.shortcutNew')} · <Kbd size="xs">1</Kbd>–
            <Kbd size="xs">6</Kbd> {t('frontOffice.shortcutService')}
          </Text>
          <Button
            type="submit"
            size="md"
            loading={create.isPending}
            rightSection={
              <Kbd size="xs" aria-hidden>
                Ctrl+Enter
              </Kbd>
            }
          >
            {t('frontOffice.visit.submit')}
          </Button>
        </Group>
      </Stack>
      <Modal
        opened={duplicate !== null}
        onClose={() => setDuplicate(null)}
        title={t('frontOffice.visit.duplicateTitle')}
        centered
      >
        <Stack gap="md">
          <Text size="sm">{duplicate && translateMessage(duplicate.message)}</Text>
          <Text size="sm" fw={500}>
            {t('frontOffice.visit.duplicateQuestion')}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setDuplicate(null)} data-autofocus>
              {t('frontOffice.visit.duplicateCancel')}
            </Button>
            <Button color="orange" onClick={registerAnyway}>
              {t('frontOffice.visit.registerAnyway')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </form>
  );
}
