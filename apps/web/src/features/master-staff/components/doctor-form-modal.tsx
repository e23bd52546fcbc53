import {
  type DoctorCreateInput,
  doctorCreateSchema,
  doctorUpdateSchema,
  PROFILE_LIMITS,
  PROFILE_MESSAGES,
} from '@klinikita/domain/employees/profile.schema';
import {
  Alert,
  Button,
  Center,
  Checkbox,
  Divider,
  Group,
  Loader,
  Modal,
  MultiSelect,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldBindings, withoutFields } from '../../../shared/form-errors.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import {
  type MasterDoctorDetail,
  useCreateDoctor,
  useMasterDoctor,
  useUpdateDoctor,
} from '../api/doctors.ts';
import { type ClinicChoice, useSpecialistChoices } from '../api/reference-data.ts';
import {
  asSex,
  FIELD_MAX,
  FORM_ERROR,
  fieldErrors,
  focusFirstInvalid,
  type Sex,
  submitErrors,
} from './form-kit.ts';
import { IhsField } from './ihs-field.tsx';
import { PersonalFields } from './personal-fields.tsx';

interface DoctorFormValues {
  name: string;
  title: string;
  profile: string;
  specialistId: string | null;
  clinicIds: string[];
  username: string;
  changePassword: boolean;
  password: string;
  email: string;
  gender: Sex;
  dob: string;
  icNumber: string;
  ihsNumber: string;
  phoneNumber: string;
  address: string;
}

const EMPTY: DoctorFormValues = {
  name: '',
  title: '',
  profile: '',
  specialistId: null,
  clinicIds: [],
  username: '',
  changePassword: false,
  password: '',
  email: '',
  gender: 'N',
  dob: '',
  icNumber: '',
  ihsNumber: '',
  phoneNumber: '',
  address: '',
};

function fromDetail(d: MasterDoctorDetail): DoctorFormValues {
  return {
    name: d.name ?? '',
    title: d.title ?? '',
    profile: d.profile ?? '',
    specialistId: d.specialistId == null ? null : String(d.specialistId),
    clinicIds: (d.Clinics ?? []).map((c) => String(c.id)),
    username: d.username ?? '',
    changePassword: false,
    password: '',
    email: d.email ?? '',
    gender: asSex(d.gender),
    dob: d.dob ?? '',
    icNumber: d.identificationNumber ?? '',
    ihsNumber: d.ihsNumber ?? '',
    phoneNumber: d.mobilePhone ?? '',
    address: d.address ?? '',
  };
}

interface DoctorFormModalProps {
  /** Editing this doctor; adding when null. */
  doctorId: number | null;
  clinics: ClinicChoice[];
  onClose: () => void;
}

/** Add or edit a doctor of `/MasterDokter`; the input stays when the server refuses it. */
export function DoctorFormModal({ doctorId, clinics, onClose }: DoctorFormModalProps) {
  const { t } = useTranslation();
  const detail = useMasterDoctor(doctorId);
  const editing = doctorId !== null;
  return (
    <Modal
      opened
      onClose={onClose}
      title={editing ? t('masterWeb.doctors.editTitle') : t('masterWeb.doctors.addTitle')}
      size="xl"
      closeOnClickOutside={false}
      closeOnEscape={false}
    >
      {editing && detail.isLoading ? (
        <Center py="xl">
          <Loader size="sm" aria-label={t('masterWeb.common.loading')} />
        </Center>
      ) : editing && !detail.data ? (
        <Alert color="red" variant="light">
          {detail.error ? translateMessage(detail.error.message) : t('masterWeb.common.loadFailed')}
        </Alert>
      ) : (
        <DoctorForm detail={detail.data ?? null} clinics={clinics} onClose={onClose} />
      )}
    </Modal>
  );
}

function DoctorForm({
  detail,
  clinics,
  onClose,
}: {
  detail: MasterDoctorDetail | null;
  clinics: ClinicChoice[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<DoctorFormValues>(() => (detail ? fromDetail(detail) : EMPTY));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const specialists = useSpecialistChoices();
  const create = useCreateDoctor();
  const update = useUpdateDoctor();
  const pending = create.isPending || update.isPending;

  useEffect(() => {
    if (Object.keys(errors).length) focusFirstInvalid(formRef.current);
  }, [errors]);

  const specialistOptions = useMemo(() => {
    const options = (specialists.data ?? []).map((s) => ({ value: String(s._id), label: s.name }));
    // the stored specialist stays visible even when the list failed to load
    if (detail?.specialistId != null && !options.some((o) => o.value === String(detail.specialistId))) {
      options.push({
        value: String(detail.specialistId),
        label: detail.specialist ?? String(detail.specialistId),
      });
    }
    return options;
  }, [specialists.data, detail]);
  const clinicOptions = useMemo(() => {
    const options = clinics.map((c) => ({ value: String(c.id), label: c.name }));
    for (const c of detail?.Clinics ?? []) {
      if (!options.some((o) => o.value === String(c.id)))
        options.push({ value: String(c.id), label: c.name });
    }
    return options;
  }, [clinics, detail]);

  // editing a field clears its message: what is left marked is what still needs fixing
  const setMany = (patch: Partial<DoctorFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((all) => withoutFields(all, Object.keys(patch)));
  };
  const set = <K extends keyof DoctorFormValues>(key: K, value: DoctorFormValues[K]) =>
    setMany({ [key]: value } as Partial<DoctorFormValues>);
  const { errorOf, text } = fieldBindings(values, (key, value) => set(key, value as never), errors);

  function payloadFields(): Omit<DoctorCreateInput, 'password' | 'ihsNumber' | 'passport' | 'others'> & {
    ihsNumber?: string;
  } {
    const specialist = specialists.data?.find((x) => String(x._id) === values.specialistId);
    return {
      name: values.name,
      title: values.title,
      profile: values.profile,
      // the id goes back as the API gave it (uid or number)
      specialistId: specialist?._id ?? values.specialistId ?? null,
      clinicIds: values.clinicIds.map(Number),
      username: values.username,
      email: values.email,
      gender: values.gender,
      dob: values.dob,
      icNumber: values.icNumber,
      // sent once fetched: the payload of the spec has no IHS number otherwise
      ...(values.ihsNumber ? { ihsNumber: values.ihsNumber } : {}),
      phoneNumber: values.phoneNumber,
      address: values.address,
    };
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const fields = payloadFields();
    const onError = (error: unknown) => setErrors(submitErrors(error, 'username'));
    const onSuccess = (res: { message: string }) => {
      notifications.show({ color: 'teal', message: translateMessage(res.message) });
      onClose();
    };
    if (!detail) {
      const parsed = doctorCreateSchema.safeParse({ ...fields, password: values.password });
      if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
      setErrors({});
      create.mutate(parsed.data, { onSuccess, onError });
      return;
    }
    // only the fields sent change; `enabled` stays as the list's switch left it
    const parsed = doctorUpdateSchema.safeParse({
      doctorId: detail.doctorId,
      userId: detail.userId ?? undefined,
      updateData: { ...fields, ...(values.changePassword ? { password: values.password } : {}) },
    });
    const found = parsed.success ? {} : fieldErrors(parsed.error.issues);
    if (values.changePassword && !values.password) found.password = PROFILE_MESSAGES.passwordRequired;
    if (!parsed.success || Object.keys(found).length) return setErrors(found);
    setErrors({});
    update.mutate(parsed.data, { onSuccess, onError });
  }

  const showPassword = !detail || values.changePassword;
  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
          <TextInput
            label={t('masterWeb.common.name')}
            required
            data-autofocus
            maxLength={FIELD_MAX.name}
            {...text('name')}
          />
          <TextInput
            label={t('masterWeb.doctors.doctorTitle')}
            placeholder={t('masterWeb.doctors.doctorTitlePlaceholder')}
            maxLength={FIELD_MAX.title}
            {...text('title')}
          />
          <Select
            label={t('masterWeb.doctors.specialist')}
            clearable
            searchable
            nothingFoundMessage={t('masterWeb.common.nothingFound')}
            placeholder={t('masterWeb.common.noneSelected')}
            data={specialistOptions}
            value={values.specialistId}
            onChange={(v) => set('specialistId', v)}
            error={errorOf('specialistId')}
          />
          <MultiSelect
            label={t('masterWeb.doctors.clinics')}
            required
            searchable
            nothingFoundMessage={t('masterWeb.common.nothingFound')}
            data={clinicOptions}
            value={values.clinicIds}
            onChange={(v) => set('clinicIds', v)}
            error={errorOf('clinicIds')}
          />
        </SimpleGrid>
        <Textarea
          label={t('masterWeb.doctors.profile')}
          resize="vertical"
          rows={3}
          maxLength={FIELD_MAX.profile}
          {...text('profile')}
        />
        <Divider label={t('masterWeb.common.account')} labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
          <TextInput
            label={t('masterWeb.common.username')}
            required
            autoComplete="off"
            maxLength={FIELD_MAX.name}
            {...text('username')}
          />
          <TextInput
            label={t('masterWeb.common.email')}
            type="email"
            maxLength={FIELD_MAX.email}
            {...text('email')}
          />
          {detail && (
            <Checkbox
              label={t('masterWeb.common.changePassword')}
              checked={values.changePassword}
              onChange={(e) => set('changePassword', e.currentTarget.checked)}
              style={{ alignSelf: 'center' }}
            />
          )}
          {showPassword && (
            <PasswordInput
              label={t('masterWeb.common.password')}
              description={t('masterWeb.common.passwordHint')}
              required
              autoComplete="new-password"
              visibilityToggleButtonProps={{ 'aria-label': t('masterWeb.common.togglePassword') }}
              maxLength={PROFILE_LIMITS.passwordMax}
              {...text('password')}
            />
          )}
        </SimpleGrid>
        <Divider label={t('masterWeb.common.personal')} labelPosition="left" />
        <PersonalFields
          values={values}
          onChange={setMany}
          errors={errors}
          required
          addressMax={PROFILE_LIMITS.doctorAddressMax}
        />
        <IhsField
          nik={values.icNumber}
          value={values.ihsNumber}
          onChange={(ihs) => set('ihsNumber', ihs)}
          error={errors.ihsNumber}
        />
        {errors[FORM_ERROR] && (
          <Alert color="orange" variant="light">
            {translateMessage(errors[FORM_ERROR])}
          </Alert>
        )}
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose}>
            {t('masterWeb.common.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {t('masterWeb.common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
