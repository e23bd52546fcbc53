import {
  BLOOD_GROUPS,
  PATIENT_LIMITS,
  PATIENT_TITLES,
  PAYER_TYPES,
  type Patient,
  RHESUS,
} from '@klinikita/domain/patients/patient.schema';
import {
  Alert,
  Anchor,
  Button,
  Divider,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { ageOf, digitsOnly, passportMask } from '../../../shared/patients/patient-inputs.ts';
import { FORM_ERROR } from '../../../shared/patients/patient-refusal.ts';
import { usePartnerCompanies } from '../../../shared/registrations/registrations-api.ts';
import { useSessionUser } from '../../../shared/session/session-store.ts';
import { NationalityChoice, PersonFields } from '../../../shared/ui/person-fields.tsx';
import { DuplicateDialog, editPath } from './duplicate-dialog.tsx';
import { type PatientFormValues, suggestedTitle } from './patient-form-values.ts';
import { RegionSelects } from './region-selects.tsx';
import { REGION_FIELD_NAMES } from './region-value.ts';
import { type PatientFormState, usePatientForm } from './use-patient-form.ts';

/** The patient's identity and contact: the shared person fields with the patient's own around them. */
function IdentitySection({ form, isNew }: { form: PatientFormState; isNew: boolean }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const { values, errors, nikOwner, set, errorOf } = form;
  const suggestion = suggestedTitle(values.dob, values.sex);
  // a baby not yet on the family card has no NIK: SATUSEHAT knows it by the mother's
  const newborn = (ageOf(values.dob)?.years ?? 1) < 1;
  const showMotherNik = values.nationality === 'WNI' && !values.nik && (newborn || values.motherNik !== '');
  const clinicOptions = user.clinics.map((c) => ({ value: String(c.id), label: c.name }));

  const nikError: ReactNode = errors.nik ? (
    <>
      {translateMessage(errors.nik)}
      {nikOwner && (
        <>
          {' '}
          <Anchor component={Link} to={editPath(nikOwner.uid)} size="xs">
            {t('patients.web.openExisting', { mrn: nikOwner.mrn })}
          </Anchor>
        </>
      )}
    </>
  ) : undefined;

  return (
    <PersonFields
      values={values}
      onChange={(patch) => form.setMany(patch as Partial<PatientFormValues>)}
      errors={{
        nik: nikError,
        name: errorOf('name'),
        sex: errorOf('sex'),
        dob: errorOf('dob'),
        phone: errorOf('phone'),
        address: errorOf('address'),
      }}
      labels={{
        nik: t('patients.web.nik'),
        nikHint: t('patients.web.nikHint'),
        name: t('patients.web.name'),
        sex: t('patients.web.sex'),
        sexM: t('patients.web.sexM'),
        sexF: t('patients.web.sexF'),
        dob: t('patients.web.dob'),
        dobPlaceholder: t('patients.web.dobPlaceholder'),
        age: (age) => t('patients.web.ageNow', age),
        phone: t('patients.web.phone'),
        address: t('patients.web.address'),
        addressHint: t('regions.web.addressHint'),
      }}
      limits={{
        nik: 16,
        name: PATIENT_LIMITS.nameMax,
        phone: PATIENT_LIMITS.phoneMax,
        address: PATIENT_LIMITS.addressMax,
      }}
      required={['name', 'sex', 'dob']}
      nikDigitsOnly
      ageInside
      identity={
        values.nationality === 'WNA' ? (
          <TextInput
            label={t('patients.web.passport')}
            description={t('patients.web.passportHint')}
            autoComplete="off"
            maxLength={30}
            {...form.text('passport', passportMask)}
          />
        ) : undefined
      }
      before={
        <>
          {isNew && clinicOptions.length > 1 && (
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
          <NationalityChoice
            label={t('patients.web.nationality')}
            value={values.nationality}
            onChange={(v) => set('nationality', v)}
          />
        </>
      }
      after={
        <>
          {showMotherNik && (
            <TextInput
              label={t('patients.web.motherNik')}
              description={t('patients.web.motherNikHint')}
              inputMode="numeric"
              autoComplete="off"
              maxLength={16}
              {...form.text('motherNik', digitsOnly)}
            />
          )}
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
        </>
      }
      contact={{
        label: t('patients.web.contact'),
        fields: (
          <TextInput label={t('patients.web.email')} type="email" maxLength={100} {...form.text('email')} />
        ),
      }}
      below={
        <RegionSelects
          value={values}
          onChange={form.setRegion}
          errors={Object.fromEntries(REGION_FIELD_NAMES.map((field) => [field, errorOf(field)]))}
        />
      }
      cols={{ base: 1, sm: 2, lg: 3 }}
    />
  );
}

/** Payer, emergency contact and allergies. */
function CareSection({ form }: { form: PatientFormState }) {
  const { t } = useTranslation();
  const companies = usePartnerCompanies();
  return (
    <>
      <Divider label={t('patients.web.payer')} labelPosition="left" mt="xs" />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" verticalSpacing="xs">
        <Select
          label={t('patients.web.payerType')}
          allowDeselect={false}
          data={PAYER_TYPES.map((p) => ({ value: p, label: t(`patients.web.payer${p}`) }))}
          value={form.values.payerType}
          onChange={(v) => form.set('payerType', (v ?? 'self') as PatientFormValues['payerType'])}
        />
        {form.values.payerType === 'insurance' && (
          <>
            <TextInput
              label={t('patients.web.insuranceName')}
              required
              maxLength={100}
              {...form.text('insuranceName')}
            />
            <TextInput
              label={t('patients.web.insuranceNumber')}
              maxLength={30}
              {...form.text('insuranceNumber')}
            />
          </>
        )}
        {form.values.payerType === 'bpjs' && (
          <TextInput
            label={t('patients.web.bpjsNumber')}
            required
            inputMode="numeric"
            maxLength={13}
            {...form.text('insuranceNumber', digitsOnly)}
          />
        )}
        {form.values.payerType === 'company' && (
          <Select
            label={t('patients.web.company')}
            required
            searchable
            data={(companies.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            value={form.values.companyId}
            onChange={(v) => form.set('companyId', v)}
            error={form.errorOf('companyId')}
          />
        )}
      </SimpleGrid>

      <Divider label={t('patients.web.emergency')} labelPosition="left" mt="xs" />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="xs">
        <TextInput
          label={t('patients.web.emergencyName')}
          aria-label={`${t('patients.web.emergency')}: ${t('patients.web.emergencyName')}`}
          maxLength={100}
          {...form.text('emergencyName')}
        />
        <TextInput
          label={t('patients.web.emergencyPhone')}
          aria-label={`${t('patients.web.emergency')}: ${t('patients.web.emergencyPhone')}`}
          inputMode="tel"
          maxLength={PATIENT_LIMITS.phoneMax}
          {...form.text('emergencyPhone', digitsOnly)}
        />
        <TextInput
          label={t('patients.web.emergencyRelation')}
          maxLength={50}
          {...form.text('emergencyRelation')}
        />
      </SimpleGrid>

      <Divider label={t('patients.web.medical')} labelPosition="left" mt="xs" />
      <Textarea
        label={t('patients.web.allergies')}
        placeholder={t('patients.web.allergiesPlaceholder')}
        rows={2}
        maxLength={PATIENT_LIMITS.allergiesMax}
        {...form.text('allergies')}
      />
    </>
  );
}

/** The patient form of `/MasterPasien/add` and `/MasterPasien/edit`. */
export function PatientForm({ patient }: { patient: Patient | null }) {
  const { t } = useTranslation();
  const form = usePatientForm(patient);
  return (
    <form ref={form.formRef} onSubmit={form.submit} noValidate>
      <Stack gap="sm">
        <Divider label={t('patients.web.identity')} labelPosition="left" />
        <IdentitySection form={form} isNew={!patient} />
        <CareSection form={form} />
        {form.errors[FORM_ERROR] && (
          <Alert color="orange" variant="light">
            {translateMessage(form.errors[FORM_ERROR])}
          </Alert>
        )}
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={form.cancel}>
            {t('patients.web.cancel')}
          </Button>
          <Button type="submit" loading={form.pending}>
            {t('patients.web.save')}
          </Button>
        </Group>
      </Stack>
      <DuplicateDialog
        duplicates={form.duplicates}
        onClose={form.closeDuplicates}
        onConfirm={form.saveAnyway}
      />
    </form>
  );
}
