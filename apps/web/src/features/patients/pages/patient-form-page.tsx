import {
  BLOOD_GROUPS,
  NATIONALITIES,
  PATIENT_LIMITS,
  PATIENT_TITLES,
  PAYER_TYPES,
  type Patient,
  type PatientSummary,
  patientCreateSchema,
  patientEditSchema,
  RHESUS,
} from '@klinikita/domain/patients/patient.schema';
import { regionLine } from '@klinikita/domain/regions/region.schema';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Center,
  Divider,
  Group,
  Loader,
  Modal,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError, isUnexpectedError, reportUnexpectedError } from '../../../shared/api-client.ts';
import { toFieldErrors } from '../../../shared/form-errors.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { ageOf, digitsOnly, dobMask } from '../../../shared/patients/patient-inputs.ts';
import { useCreatePatient, usePatient, useUpdatePatient } from '../../../shared/patients/patients-api.ts';
import { usePartnerCompanies } from '../../../shared/registrations/registrations-api.ts';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { useRegionLookup } from '../api/regions.ts';
import {
  emptyPatientForm,
  type PatientFormValues,
  patientBody,
  patientFormOf,
  suggestedTitle,
} from '../components/patient-form-values.ts';
import { RegionSelects } from '../components/region-selects.tsx';
import { REGION_FIELD_NAMES, type RegionValue } from '../components/region-value.ts';

const LIST_PATH = '/MasterPasien';
/** Where a refusal without a field of its own is shown. */
const FORM_ERROR = '_form';
const editPath = (uid: string) => `/MasterPasien/edit?id=${encodeURIComponent(uid)}`;

/** `/MasterPasien/add`: a new patient. */
export function PatientAddPage() {
  return <PatientFormScreen patient={null} />;
}

/** `/MasterPasien/edit?id={uid}`: one patient, loaded fresh. */
export function PatientEditPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const uid = params.get('id');
  const patient = usePatient(uid);
  if (uid && patient.isLoading)
    return (
      <Center py="xl">
        <Loader size="sm" aria-label={t('patients.web.loading')} />
      </Center>
    );
  if (!patient.data)
    return (
      <Stack gap="sm" align="flex-start">
        <Alert color="red" variant="light">
          {patient.error ? translateMessage(patient.error.message) : t('patients.web.notFound')}
        </Alert>
        <Button component={Link} to={LIST_PATH} variant="default">
          {t('patients.web.backToList')}
        </Button>
      </Stack>
    );
  // another patient (the NIK link) starts a fresh form
  return <PatientFormScreen key={patient.data.uid} patient={patient.data} />;
}

function PatientFormScreen({ patient }: { patient: Patient | null }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={1100}>
      <div>
        <Title order={2}>{patient ? t('patients.web.editTitle') : t('patients.web.addTitle')}</Title>
        {patient && (
          <Text c="dimmed" size="sm">
            {t('patients.web.editSubtitle', { mrn: patient.mrn, clinic: patient.clinicName ?? '–' })}
          </Text>
        )}
        {patient && <StoredRegion patient={patient} />}
      </div>
      <Card withBorder padding="lg">
        <PatientForm patient={patient} />
      </Card>
    </Stack>
  );
}

interface Refusal {
  errors: Record<string, string>;
  /** The patient already holding the NIK (409 nikTaken). */
  nikOwner: PatientSummary | null;
}

const candidatesOf = (error: ApiError): PatientSummary[] =>
  (error.data as { candidates?: PatientSummary[] } | undefined)?.candidates ?? [];

function PatientForm({ patient }: { patient: Patient | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSessionUser();
  const [values, setValues] = useState<PatientFormValues>(() =>
    patient ? patientFormOf(patient) : emptyPatientForm(user.ClinicId ?? user.clinics[0]?.id ?? null),
  );
  const [refusal, setRefusal] = useState<Refusal>({ errors: {}, nikOwner: null });
  const [duplicates, setDuplicates] = useState<{ message: string; candidates: PatientSummary[] } | null>(
    null,
  );
  const formRef = useRef<HTMLFormElement>(null);
  const create = useCreatePatient();
  const update = useUpdatePatient();
  const pending = create.isPending || update.isPending;
  const { errors } = refusal;

  useEffect(() => {
    if (!Object.keys(errors).length) return;
    const field = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    field?.focus({ preventScroll: true });
    field?.scrollIntoView({ block: 'center' });
  }, [errors]);

  const suggestion = suggestedTitle(values.dob, values.sex);
  const age = ageOf(values.dob);

  // editing a field clears its message: what is left marked is what still needs fixing
  const companies = usePartnerCompanies();
  const set = <K extends keyof PatientFormValues>(key: K, value: PatientFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setRefusal(({ errors: { [key as string]: _, ...rest }, nikOwner }) => ({
      errors: rest,
      nikOwner: key === 'nik' ? null : nikOwner,
    }));
  };
  const setRegion = (next: RegionValue) => {
    setValues((v) => ({ ...v, ...next }));
    setRefusal(({ errors: all, nikOwner }) => ({
      errors: Object.fromEntries(Object.entries(all).filter(([key]) => !REGION_FIELD_NAMES.includes(key))),
      nikOwner,
    }));
  };
  const errorOf = (key: string) => (errors[key] ? translateMessage(errors[key]) : undefined);
  const text = (key: keyof PatientFormValues, transform: (v: string) => string = (v) => v) => ({
    value: values[key] as string,
    onChange: (e: { currentTarget: { value: string } }) =>
      set(key, transform(e.currentTarget.value) as never),
    error: errorOf(key),
  });

  function onRefused(error: unknown) {
    if (!(error instanceof ApiError) || isUnexpectedError(error)) {
      void reportUnexpectedError(error);
      return;
    }
    if (error.code === 'likelyDuplicate')
      return setDuplicates({ message: error.message, candidates: candidatesOf(error) });
    if (error.code === 'nikTaken')
      return setRefusal({ errors: { nik: error.message }, nikOwner: candidatesOf(error)[0] ?? null });
    setRefusal({
      errors: error.errors.length ? toFieldErrors(error.errors) : { [FORM_ERROR]: error.message },
      nikOwner: null,
    });
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

  function submit(event: FormEvent) {
    event.preventDefault();
    save(false);
  }

  const nikError: ReactNode = errors.nik ? (
    <>
      {translateMessage(errors.nik)}
      {refusal.nikOwner && (
        <>
          {' '}
          <Anchor component={Link} to={editPath(refusal.nikOwner.uid)} size="xs">
            {t('patients.web.openExisting', { mrn: refusal.nikOwner.mrn })}
          </Anchor>
        </>
      )}
    </>
  ) : undefined;

  const clinicOptions = user.clinics.map((c) => ({ value: String(c.id), label: c.name }));
  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Divider label={t('patients.web.identity')} labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" verticalSpacing="xs">
          {!patient && clinicOptions.length > 1 && (
            <Select
              label={t('patients.web.clinic')}
              required
              allowDeselect={false}
              data={clinicOptions}
              value={values.clinicId}
              onChange={(v) => set('clinicId', v)}
              error={errorOf('clinicId')}
            />
          )}
          <Radio.Group
            label={t('patients.web.nationality')}
            value={values.nationality}
            onChange={(v) => set('nationality', v as PatientFormValues['nationality'])}
          >
            <Group gap="md" mt={8}>
              {NATIONALITIES.map((n) => (
                <Radio key={n} value={n} label={n} />
              ))}
            </Group>
          </Radio.Group>
          {values.nationality === 'WNI' ? (
            <TextInput
              label={t('patients.web.nik')}
              description={t('patients.web.nikHint')}
              inputMode="numeric"
              autoComplete="off"
              maxLength={16}
              {...text('nik', digitsOnly)}
              error={nikError}
            />
          ) : (
            <TextInput
              label={t('patients.web.passport')}
              description={t('patients.web.passportHint')}
              autoComplete="off"
              maxLength={30}
              {...text('passport', (v) => v.toUpperCase().replace(/[^A-Z0-9]/g, ''))}
            />
          )}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" verticalSpacing="xs">
          <TextInput
            label={t('patients.web.name')}
            required
            autoComplete="off"
            maxLength={PATIENT_LIMITS.nameMax}
            {...text('name')}
          />
          <Radio.Group
            label={t('patients.web.sex')}
            required
            value={values.sex}
            onChange={(v) => set('sex', v as 'M' | 'F')}
            error={errorOf('sex')}
          >
            <Group gap="md" mt={8}>
              <Radio value="M" label={t('patients.web.sexM')} />
              <Radio value="F" label={t('patients.web.sexF')} />
            </Group>
          </Radio.Group>
          <TextInput
            label={t('patients.web.dob')}
            required
            placeholder={t('patients.web.dobPlaceholder')}
            inputMode="numeric"
            maxLength={10}
            rightSectionWidth={110}
            rightSection={
              age ? (
                <Text size="xs" c="dimmed" data-testid="age-now">
                  {t('patients.web.ageNow', age)}
                </Text>
              ) : null
            }
            {...text('dob', dobMask)}
          />
          <Select
            label={t('patients.web.titleLabel')}
            description={
              values.title === null ? (
                suggestion ? (
                  t('patients.web.titleAuto')
                ) : (
                  t('patients.web.titleNone')
                )
              ) : suggestion && suggestion !== values.title ? (
                <>
                  {t('patients.web.titleOverridden', { title: suggestion })}{' '}
                  <Anchor component="button" type="button" size="xs" onClick={() => set('title', null)}>
                    {t('patients.web.titleUseSuggestion')}
                  </Anchor>
                </>
              ) : undefined
            }
            data={PATIENT_TITLES.map((title) => ({ value: title, label: title }))}
            value={values.title ?? suggestion}
            allowDeselect={false}
            onChange={(v) => set('title', v as PatientFormValues['title'])}
            error={errorOf('title')}
          />
          <Select
            label={t('patients.web.bloodGroup')}
            placeholder={t('patients.web.unknown')}
            clearable
            data={[...BLOOD_GROUPS]}
            value={values.bloodGroup}
            onChange={(v) => set('bloodGroup', v as PatientFormValues['bloodGroup'])}
          />
          <Select
            label={t('patients.web.rhesus')}
            placeholder={t('patients.web.unknown')}
            clearable
            data={[...RHESUS]}
            value={values.rhesus}
            onChange={(v) => set('rhesus', v as PatientFormValues['rhesus'])}
          />
        </SimpleGrid>

        <Divider label={t('patients.web.contact')} labelPosition="left" mt="xs" />
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" verticalSpacing="xs">
          <TextInput
            label={t('patients.web.phone')}
            inputMode="tel"
            maxLength={PATIENT_LIMITS.phoneMax}
            {...text('phone', digitsOnly)}
          />
          <TextInput label={t('patients.web.email')} type="email" maxLength={100} {...text('email')} />
        </SimpleGrid>
        <Textarea
          label={t('patients.web.address')}
          description={t('regions.web.addressHint')}
          rows={2}
          maxLength={PATIENT_LIMITS.addressMax}
          {...text('address')}
        />
        <RegionSelects
          value={values}
          onChange={setRegion}
          errors={Object.fromEntries(REGION_FIELD_NAMES.map((field) => [field, errorOf(field)]))}
        />

        <Divider label={t('patients.web.payer')} labelPosition="left" mt="xs" />
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" verticalSpacing="xs">
          <Select
            label={t('patients.web.payerType')}
            allowDeselect={false}
            data={PAYER_TYPES.map((p) => ({ value: p, label: t(`patients.web.payer${p}`) }))}
            value={values.payerType}
            onChange={(v) => set('payerType', (v ?? 'self') as PatientFormValues['payerType'])}
          />
          {values.payerType === 'insurance' && (
            <>
              <TextInput
                label={t('patients.web.insuranceName')}
                required
                maxLength={100}
                {...text('insuranceName')}
              />
              <TextInput
                label={t('patients.web.insuranceNumber')}
                maxLength={30}
                {...text('insuranceNumber')}
              />
            </>
          )}
          {values.payerType === 'bpjs' && (
            <TextInput
              label={t('patients.web.bpjsNumber')}
              required
              inputMode="numeric"
              maxLength={13}
              {...text('insuranceNumber', digitsOnly)}
            />
          )}
          {values.payerType === 'company' && (
            <Select
              label={t('patients.web.company')}
              required
              searchable
              data={(companies.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
              value={values.companyId}
              onChange={(v) => set('companyId', v)}
              error={errorOf('companyId')}
            />
          )}
        </SimpleGrid>

        <Divider label={t('patients.web.emergency')} labelPosition="left" mt="xs" />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="xs">
          <TextInput
            label={t('patients.web.emergencyName')}
            aria-label={`${t('patients.web.emergency')}: ${t('patients.web.emergencyName')}`}
            maxLength={100}
            {...text('emergencyName')}
          />
          <TextInput
            label={t('patients.web.emergencyPhone')}
            aria-label={`${t('patients.web.emergency')}: ${t('patients.web.emergencyPhone')}`}
            inputMode="tel"
            maxLength={PATIENT_LIMITS.phoneMax}
            {...text('emergencyPhone', digitsOnly)}
          />
          <TextInput
            label={t('patients.web.emergencyRelation')}
            maxLength={50}
            {...text('emergencyRelation')}
          />
        </SimpleGrid>

        <Divider label={t('patients.web.medical')} labelPosition="left" mt="xs" />
        <Textarea
          label={t('patients.web.allergies')}
          placeholder={t('patients.web.allergiesPlaceholder')}
          rows={2}
          maxLength={PATIENT_LIMITS.allergiesMax}
          {...text('allergies')}
        />

        {errors[FORM_ERROR] && (
          <Alert color="orange" variant="light">
            {translateMessage(errors[FORM_ERROR])}
          </Alert>
        )}
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={() => navigate(LIST_PATH)}>
            {t('patients.web.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {t('patients.web.save')}
          </Button>
        </Group>
      </Stack>
      <DuplicateDialog
        duplicates={duplicates}
        onClose={() => setDuplicates(null)}
        onConfirm={() => {
          setDuplicates(null);
          save(true);
        }}
      />
    </form>
  );
}

/** The names of the patient's stored region, under the record number. */
function StoredRegion({ patient }: { patient: Patient }) {
  const { t } = useTranslation();
  const lookup = useRegionLookup(patient);
  if (!lookup.data) return null;
  return (
    <Text c="dimmed" size="sm" data-testid="stored-region">
      {t('regions.web.area')}: {regionLine(lookup.data)}
    </Text>
  );
}

/** The patients with the same name and birth date; the clerk saves anyway or checks again. */
function DuplicateDialog({
  duplicates,
  onClose,
  onConfirm,
}: {
  duplicates: { message: string; candidates: PatientSummary[] } | null;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={duplicates !== null} onClose={onClose} title={t('patients.web.duplicateTitle')} size="lg">
      <Stack gap="sm">
        <Text size="sm">{duplicates && translateMessage(duplicates.message)}</Text>
        <Table withTableBorder verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('patients.web.colMrn')}</Table.Th>
              <Table.Th>{t('patients.web.colName')}</Table.Th>
              <Table.Th>{t('patients.web.dob')}</Table.Th>
              <Table.Th>{t('patients.web.colIdentity')}</Table.Th>
              <Table.Th>{t('patients.web.colClinic')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(duplicates?.candidates ?? []).map((c) => (
              <Table.Tr key={c.uid}>
                <Table.Td>
                  <Anchor component={Link} to={editPath(c.uid)} size="sm">
                    {c.mrn}
                  </Anchor>
                </Table.Td>
                <Table.Td>{c.title ? `${c.title}. ${c.name}` : c.name}</Table.Td>
                <Table.Td>{c.dob}</Table.Td>
                <Table.Td>{c.nik || c.passport || '–'}</Table.Td>
                <Table.Td>{c.clinicName ?? '–'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('patients.web.checkAgain')}
          </Button>
          <Button color="orange" onClick={onConfirm}>
            {t('patients.web.saveAnyway')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
