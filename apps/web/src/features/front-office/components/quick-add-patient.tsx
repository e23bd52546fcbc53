import {
  NATIONALITIES,
  PATIENT_LIMITS,
  PAYER_TYPES,
  type Patient,
  type PatientSummary,
  type PayerType,
  patientCreateSchema,
} from '@klinikita/domain/patients/patient.schema';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, isUnexpectedError, reportUnexpectedError } from '../../../shared/api-client.ts';
import { toFieldErrors } from '../../../shared/form-errors.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { ageOf, digitsOnly, dobMask } from '../../../shared/patients/patient-inputs.ts';
import { useCreatePatient } from '../../../shared/patients/patients-api.ts';
import { usePartnerCompanies } from '../../../shared/registrations/registrations-api.ts';
import { patientName } from './patient-search.tsx';

/** The minimum a registration needs: identity, name, sex, birth date, phone and payer. */
interface QuickAddValues {
  nationality: (typeof NATIONALITIES)[number];
  nik: string;
  passport: string;
  name: string;
  sex: 'M' | 'F' | null;
  dob: string;
  phone: string;
  payerType: PayerType;
  companyId: string | null;
  insuranceName: string;
  insuranceNumber: string;
}

/** What the clerk typed in the search box fills the NIK (16 digits) or the name. */
function prefilled(query: string): QuickAddValues {
  const digits = /^\d+$/.test(query);
  return {
    nationality: 'WNI',
    nik: digits && query.length === 16 ? query : '',
    passport: '',
    name: digits ? '' : query,
    sex: null,
    dob: '',
    phone: digits && query.length !== 16 ? query.slice(0, PATIENT_LIMITS.phoneMax) : '',
    payerType: 'self',
    companyId: null,
    insuranceName: '',
    insuranceNumber: '',
  };
}

interface Refusal {
  errors: Record<string, string>;
  /** 409 nikTaken: the patient holding the NIK. */
  nikOwner: PatientSummary | null;
  /** 409 likelyDuplicate: same name and birth date. */
  duplicates: { message: string; candidates: PatientSummary[] } | null;
}
const noRefusal: Refusal = { errors: {}, nikOwner: null, duplicates: null };

const candidatesOf = (error: ApiError): PatientSummary[] =>
  (error.data as { candidates?: PatientSummary[] } | undefined)?.candidates ?? [];

/** "Pasien baru": a modal with the minimum fields, checked by the shared create schema. */
export function QuickAddPatientModal({
  opened,
  query,
  clinicId,
  onClose,
  onPick,
}: {
  opened: boolean;
  /** What was typed in the search box. */
  query: string;
  clinicId: number;
  onClose: () => void;
  /** The new patient, or an existing one the clerk chose instead. */
  onPick: (patient: PatientSummary | Patient) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('frontOffice.quickAdd.title')}
      size="lg"
      closeOnClickOutside={false}
      returnFocus={false}
    >
      {/* a fresh form every time it opens */}
      {opened && <QuickAddForm query={query} clinicId={clinicId} onCancel={onClose} onPick={onPick} />}
    </Modal>
  );
}

function QuickAddForm({
  query,
  clinicId,
  onCancel,
  onPick,
}: {
  query: string;
  clinicId: number;
  onCancel: () => void;
  onPick: (patient: PatientSummary | Patient) => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<QuickAddValues>(() => prefilled(query));
  const [refusal, setRefusal] = useState<Refusal>(noRefusal);
  const create = useCreatePatient();
  const companies = usePartnerCompanies();
  const { errors } = refusal;
  const age = ageOf(values.dob);

  const set = <K extends keyof QuickAddValues>(key: K, value: QuickAddValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setRefusal(({ errors: { [key as string]: _, ...rest }, nikOwner }) => ({
      errors: rest,
      nikOwner: key === 'nik' ? null : nikOwner,
      duplicates: null,
    }));
  };
  const errorOf = (key: string) => (errors[key] ? translateMessage(errors[key]) : undefined);
  const text = (key: keyof QuickAddValues, transform: (v: string) => string = (v) => v) => ({
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
      return setRefusal({
        ...noRefusal,
        duplicates: { message: error.message, candidates: candidatesOf(error) },
      });
    if (error.code === 'nikTaken')
      return setRefusal({
        ...noRefusal,
        errors: { nik: error.message },
        nikOwner: candidatesOf(error)[0] ?? null,
      });
    setRefusal({
      ...noRefusal,
      errors: error.errors.length ? toFieldErrors(error.errors) : { _form: error.message },
    });
  }

  function save(confirmDuplicate: boolean) {
    const v = values;
    const insurer = v.payerType === 'insurance';
    const parsed = patientCreateSchema.safeParse({
      clinicId,
      nationality: v.nationality,
      nik: v.nationality === 'WNI' ? v.nik : '',
      passport: v.nationality === 'WNA' ? v.passport : '',
      name: v.name,
      sex: v.sex ?? undefined,
      dob: v.dob,
      phone: v.phone,
      payerType: v.payerType,
      companyId: v.payerType === 'company' && v.companyId ? Number(v.companyId) : null,
      insuranceName: insurer ? v.insuranceName : '',
      insuranceNumber: insurer || v.payerType === 'bpjs' ? v.insuranceNumber : '',
      confirmDuplicate,
    });
    if (!parsed.success) return setRefusal({ ...noRefusal, errors: toFieldErrors(parsed.error.issues) });
    setRefusal(noRefusal);
    create.mutate(parsed.data, {
      onSuccess: (res) => {
        notifications.show({ color: 'teal', message: translateMessage(res.message) });
        if (res.data) onPick(res.data);
      },
      onError: onRefused,
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    save(false);
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
          <Radio.Group
            label={t('frontOffice.quickAdd.nationality')}
            value={values.nationality}
            onChange={(v) => set('nationality', v as QuickAddValues['nationality'])}
          >
            <Group gap="md" mt={6}>
              {NATIONALITIES.map((n) => (
                <Radio key={n} value={n} label={n} />
              ))}
            </Group>
          </Radio.Group>
          {values.nationality === 'WNI' ? (
            <TextInput
              label={t('frontOffice.quickAdd.nik')}
              description={t('frontOffice.quickAdd.nikHint')}
              inputMode="numeric"
              autoComplete="off"
              maxLength={16}
              data-autofocus
              {...text('nik', digitsOnly)}
            />
          ) : (
            <TextInput
              label={t('frontOffice.quickAdd.passport')}
              autoComplete="off"
              maxLength={30}
              data-autofocus
              {...text('passport', (v) => v.toUpperCase().replace(/[^A-Z0-9]/g, ''))}
            />
          )}
        </SimpleGrid>
        {refusal.nikOwner && (
          <Paper withBorder p="xs" bg="orange.0">
            <Group justify="space-between" wrap="nowrap">
              <CandidateLine patient={refusal.nikOwner} />
              <Button size="xs" onClick={() => onPick(refusal.nikOwner!)}>
                {t('frontOffice.quickAdd.nikTakenPick')}
              </Button>
            </Group>
          </Paper>
        )}
        <TextInput
          label={t('frontOffice.quickAdd.name')}
          required
          autoComplete="off"
          maxLength={PATIENT_LIMITS.nameMax}
          {...text('name')}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="xs">
          <Radio.Group
            label={t('frontOffice.quickAdd.sex')}
            required
            value={values.sex}
            onChange={(v) => set('sex', v as 'M' | 'F')}
            error={errorOf('sex')}
          >
            <Group gap="md" mt={6}>
              <Radio value="M" label={t('frontOffice.patient.sexM')} />
              <Radio value="F" label={t('frontOffice.patient.sexF')} />
            </Group>
          </Radio.Group>
          <TextInput
            label={t('frontOffice.quickAdd.dob')}
            required
            placeholder={t('frontOffice.quickAdd.dobPlaceholder')}
            inputMode="numeric"
            maxLength={10}
            description={age ? t('frontOffice.quickAdd.ageNow', age) : undefined}
            {...text('dob', dobMask)}
          />
          <TextInput
            label={t('frontOffice.quickAdd.phone')}
            inputMode="tel"
            maxLength={PATIENT_LIMITS.phoneMax}
            {...text('phone', digitsOnly)}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="xs">
          <Select
            label={t('frontOffice.quickAdd.payer')}
            allowDeselect={false}
            data={PAYER_TYPES.map((p) => ({ value: p, label: t(`frontOffice.visit.payers.${p}`) }))}
            value={values.payerType}
            onChange={(v) => set('payerType', (v ?? 'self') as PayerType)}
          />
          {values.payerType === 'company' && (
            <Select
              label={t('frontOffice.visit.company')}
              placeholder={t('frontOffice.visit.companyPlaceholder')}
              searchable
              nothingFoundMessage={t('frontOffice.visit.companiesNone')}
              data={(companies.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
              value={values.companyId}
              onChange={(v) => set('companyId', v)}
              error={errorOf('companyId')}
            />
          )}
          {values.payerType === 'insurance' && (
            <>
              <TextInput
                label={t('frontOffice.visit.insuranceName')}
                required
                maxLength={100}
                {...text('insuranceName')}
              />
              <TextInput
                label={t('frontOffice.visit.insuranceNumber')}
                maxLength={30}
                {...text('insuranceNumber')}
              />
            </>
          )}
          {values.payerType === 'bpjs' && (
            <TextInput
              label={t('frontOffice.visit.bpjsNumber')}
              required
              inputMode="numeric"
              maxLength={13}
              {...text('insuranceNumber', digitsOnly)}
            />
          )}
        </SimpleGrid>

        {refusal.duplicates && (
          <Alert color="orange" variant="light" title={t('frontOffice.quickAdd.duplicateTitle')}>
            <Stack gap="xs">
              <Text size="sm">{translateMessage(refusal.duplicates.message)}</Text>
              {refusal.duplicates.candidates.map((c) => (
                <Paper key={c.uid} withBorder p="xs">
                  <Group justify="space-between" wrap="nowrap">
                    <CandidateLine patient={c} />
                    <Button size="xs" variant="light" onClick={() => onPick(c)}>
                      {t('frontOffice.quickAdd.pick')}
                    </Button>
                  </Group>
                </Paper>
              ))}
              <Group justify="flex-end">
                <Button color="orange" size="xs" onClick={() => save(true)} loading={create.isPending}>
                  {t('frontOffice.quickAdd.saveAnyway')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        {errors._form && (
          <Alert color="red" variant="light">
            {translateMessage(errors._form)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('frontOffice.quickAdd.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('frontOffice.quickAdd.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function CandidateLine({ patient }: { patient: PatientSummary }) {
  const { t } = useTranslation();
  return (
    <div style={{ minWidth: 0 }}>
      <Group gap={6} wrap="nowrap">
        <Text size="sm" fw={600} truncate>
          {patientName(patient)}
        </Text>
        <Badge variant="light" color="gray" radius="sm">
          {patient.mrn}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed" truncate>
        {[
          patient.nik,
          patient.dob,
          t('frontOffice.patient.age', patient.age),
          patient.phone,
          patient.clinicName,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Text>
    </div>
  );
}
