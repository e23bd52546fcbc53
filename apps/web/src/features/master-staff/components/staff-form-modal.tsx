import { ROLES } from '@klinikita/domain/access/roles';
import {
  employeeCreateSchema,
  employeeEditSchema,
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
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldBindings, withoutFields } from '../../../shared/form-errors.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { type ClinicChoice, useRoleChoices } from '../api/reference-data.ts';
import { type StaffDetail, useCreateStaff, useStaff, useUpdateStaff } from '../api/staff.ts';
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

interface StaffFormValues {
  name: string;
  username: string;
  changePassword: boolean;
  password: string;
  email: string;
  role: string | null;
  clinicId: string | null;
  gender: Sex;
  dob: string;
  phoneNumber: string;
  address: string;
  icNumber: string;
  ihsNumber: string;
}

const EMPTY: StaffFormValues = {
  name: '',
  username: '',
  changePassword: false,
  password: '',
  email: '',
  role: null,
  clinicId: null,
  gender: 'N',
  dob: '',
  phoneNumber: '',
  address: '',
  icNumber: '',
  ihsNumber: '',
};

function fromDetail(d: StaffDetail): StaffFormValues {
  return {
    name: d.name ?? '',
    username: d.username ?? '',
    changePassword: false,
    password: '',
    email: d.email ?? '',
    role: d.role?._id ?? null,
    clinicId: d.clinicId == null ? null : String(d.clinicId),
    gender: asSex(d.gender),
    dob: d.dob ?? '',
    phoneNumber: d.phoneNumber ?? '',
    address: d.address ?? '',
    icNumber: d.icNumber ?? '',
    ihsNumber: d.ihsNumber ?? '',
  };
}

interface StaffFormModalProps {
  /** Editing this employee; adding when null. */
  uidEmployee: string | null;
  clinics: ClinicChoice[];
  onClose: () => void;
}

/** Add or edit an employee of `/Setting/employee`; the input stays when the server refuses it. */
export function StaffFormModal({ uidEmployee, clinics, onClose }: StaffFormModalProps) {
  const { t } = useTranslation();
  const detail = useStaff(uidEmployee);
  const editing = uidEmployee !== null;
  return (
    <Modal
      opened
      onClose={onClose}
      title={editing ? t('masterWeb.staff.editTitle') : t('masterWeb.staff.addTitle')}
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
        <StaffForm detail={detail.data ?? null} clinics={clinics} onClose={onClose} />
      )}
    </Modal>
  );
}

function StaffForm({
  detail,
  clinics,
  onClose,
}: {
  detail: StaffDetail | null;
  clinics: ClinicChoice[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<StaffFormValues>(() => (detail ? fromDetail(detail) : EMPTY));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const roles = useRoleChoices();
  const create = useCreateStaff();
  const update = useUpdateStaff();
  const pending = create.isPending || update.isPending;

  useEffect(() => {
    if (Object.keys(errors).length) focusFirstInvalid(formRef.current);
  }, [errors]);

  const roleOptions = useMemo(() => {
    // doctors need a doctor record too, so they are added in /MasterDokter
    const options = (roles.data ?? [])
      .filter((r) => r.role !== ROLES.doctor || r._id === detail?.role?._id)
      .map((r) => ({ value: r._id, label: r.role }));
    if (detail?.role && !options.some((o) => o.value === detail.role?._id)) {
      options.push({ value: detail.role._id, label: detail.role.role });
    }
    return options;
  }, [roles.data, detail]);
  const clinicOptions = useMemo(() => {
    const options = clinics.map((c) => ({ value: String(c.id), label: c.name }));
    if (detail?.clinicId != null && !options.some((o) => o.value === String(detail.clinicId))) {
      options.push({ value: String(detail.clinicId), label: detail.clinicName ?? String(detail.clinicId) });
    }
    return options;
  }, [clinics, detail]);

  // editing a field clears its message: what is left marked is what still needs fixing
  const setMany = (patch: Partial<StaffFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((all) => withoutFields(all, Object.keys(patch)));
  };
  const set = <K extends keyof StaffFormValues>(key: K, value: StaffFormValues[K]) =>
    setMany({ [key]: value } as Partial<StaffFormValues>);
  const { errorOf, text } = fieldBindings(values, (key, value) => set(key, value as never), errors);

  function submit(event: FormEvent) {
    event.preventDefault();
    const fields = {
      name: values.name,
      username: values.username,
      email: values.email,
      role: values.role ?? undefined,
      clinicId: values.clinicId ? Number(values.clinicId) : undefined,
      gender: values.gender,
      dob: values.dob,
      phoneNumber: values.phoneNumber,
      address: values.address,
      icNumber: values.icNumber,
      // sent once fetched: the payload of the spec has no IHS number otherwise
      ...(values.ihsNumber ? { ihsNumber: values.ihsNumber } : {}),
    };
    const onError = (error: unknown) => setErrors(submitErrors(error, 'username'));
    const onSuccess = (res: { message: string }) => {
      notifications.show({ color: 'teal', message: translateMessage(res.message) });
      onClose();
    };
    if (!detail) {
      const parsed = employeeCreateSchema.safeParse({ ...fields, password: values.password });
      if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
      setErrors({});
      create.mutate(parsed.data, { onSuccess, onError });
      return;
    }
    const clinic = clinics.find((c) => c.id === fields.clinicId);
    const parsed = employeeEditSchema.safeParse({
      uidEmployee: detail.uidEmployee,
      userId: detail.userId ?? undefined,
      updateData: {
        ...fields,
        ...(clinic ? { uidClinic: clinic.uid } : {}),
        ...(values.changePassword ? { password: values.password } : {}),
      },
    });
    const found = parsed.success ? {} : fieldErrors(parsed.error.issues);
    if (values.changePassword && !values.password) found.password = PROFILE_MESSAGES.incomplete;
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
            label={t('masterWeb.common.email')}
            required
            type="email"
            maxLength={FIELD_MAX.email}
            {...text('email')}
          />
          <Select
            label={t('masterWeb.staff.role')}
            description={detail ? undefined : t('masterWeb.staff.roleHint')}
            required
            searchable
            nothingFoundMessage={t('masterWeb.common.nothingFound')}
            placeholder={t('masterWeb.common.noneSelected')}
            data={roleOptions}
            value={values.role}
            onChange={(v) => set('role', v)}
            error={errorOf('role')}
          />
          <Select
            label={t('masterWeb.common.clinic')}
            required
            searchable
            nothingFoundMessage={t('masterWeb.common.nothingFound')}
            placeholder={t('masterWeb.common.noneSelected')}
            data={clinicOptions}
            value={values.clinicId}
            onChange={(v) => set('clinicId', v)}
            error={errorOf('clinicId')}
          />
        </SimpleGrid>
        <Divider label={t('masterWeb.common.account')} labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
          <TextInput
            label={t('masterWeb.common.username')}
            required
            autoComplete="off"
            maxLength={FIELD_MAX.name}
            {...text('username')}
          />
          {detail ? (
            <Checkbox
              label={t('masterWeb.common.changePassword')}
              checked={values.changePassword}
              onChange={(e) => set('changePassword', e.currentTarget.checked)}
              style={{ alignSelf: 'center' }}
            />
          ) : null}
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
          addressMax={PROFILE_LIMITS.staffAddressMax}
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
