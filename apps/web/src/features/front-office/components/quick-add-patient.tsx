import {
  type NATIONALITIES,
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
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldBindings, toFieldErrors, withoutFields } from '../../../shared/form-errors.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { digitsOnly, passportMask } from '../../../shared/patients/patient-inputs.ts';
import {
  FORM_ERROR,
  NO_REFUSAL,
  type PatientRefusal,
  patientRefusalOf,
} from '../../../shared/patients/patient-refusal.ts';
import { useCreatePatient } from '../../../shared/patients/patients-api.ts';
import { usePartnerCompanies } from '../../../shared/registrations/registrations-api.ts';
import { NationalityChoice, PersonFields } from '../../../shared/ui/person-fields.tsx';
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
  const [refusal, setRefusal] = useState<PatientRefusal>(NO_REFUSAL);
  const create = useCreatePatient();
  const companies = usePartnerCompanies();
  const { errors } = refusal;

  const setMany = (patch: Partial<QuickAddValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setRefusal(({ errors: all, nikOwner }) => ({
      errors: withoutFields(all, Object.keys(patch)),
      nikOwner: 'nik' in patch ? null : nikOwner,
      duplicates: null,
    }));
  };
  const set = <K extends keyof QuickAddValues>(key: K, value: QuickAddValues[K]) =>
    setMany({ [key]: value } as Partial<QuickAddValues>);
  const { errorOf, text } = fieldBindings(values, (key, value) => set(key, value as never), errors);

  function onRefused(error: unknown) {
    const next = patientRefusalOf(error);
    if (next) setRefusal(next);
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
    if (!parsed.success) return setRefusal({ ...NO_REFUSAL, errors: toFieldErrors(parsed.error.issues) });
    setRefusal(NO_REFUSAL);
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
        <PersonFields
          values={{ ...values, address: '' }}
          onChange={(patch) => setMany(patch as Partial<QuickAddValues>)}
          errors={{
            nik: errorOf('nik'),
            name: errorOf('name'),
            sex: errorOf('sex'),
            dob: errorOf('dob'),
            phone: errorOf('phone'),
          }}
          labels={{
            nik: t('frontOffice.quickAdd.nik'),
            nikHint: t('frontOffice.quickAdd.nikHint'),
            name: t('frontOffice.quickAdd.name'),
            sex: t('frontOffice.quickAdd.sex'),
            sexM: t('frontOffice.patient.sexM'),
            sexF: t('frontOffice.patient.sexF'),
            dob: t('frontOffice.quickAdd.dob'),
            dobPlaceholder: t('frontOffice.quickAdd.dobPlaceholder'),
            age: (age) => t('frontOffice.quickAdd.ageNow', age),
            phone: t('frontOffice.quickAdd.phone'),
          }}
          limits={{ nik: 16, name: PATIENT_LIMITS.nameMax, phone: PATIENT_LIMITS.phoneMax }}
          omit={['address']}
          required={['name', 'sex', 'dob']}
          nikDigitsOnly
          autoFocus="nik"
          identity={
            values.nationality === 'WNA' ? (
              <TextInput
                label={t('frontOffice.quickAdd.passport')}
                autoComplete="off"
                maxLength={30}
                data-autofocus
                {...text('passport', passportMask)}
              />
            ) : undefined
          }
          before={
            <NationalityChoice
              label={t('frontOffice.quickAdd.nationality')}
              value={values.nationality}
              onChange={(v) => set('nationality', v)}
            />
          }
          between={
            refusal.nikOwner && (
              <Paper withBorder p="xs" bg="orange.0">
                <Group justify="space-between" wrap="nowrap">
                  <CandidateLine patient={refusal.nikOwner} />
                  <Button size="xs" onClick={() => onPick(refusal.nikOwner!)}>
                    {t('frontOffice.quickAdd.nikTakenPick')}
                  </Button>
                </Group>
              </Paper>
            )
          }
          cols={{ base: 1, sm: 2 }}
        />
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
        {errors[FORM_ERROR] && (
          <Alert color="red" variant="light">
            {translateMessage(errors[FORM_ERROR])}
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
