import type { SessionUser } from '@klinikita/domain/auth/auth.schema';
import {
  type EmployeeEditInput,
  employeeEditSchema,
  PROFILE_LIMITS,
  type StaffProfileForm,
  staffProfileFormSchema,
} from '@klinikita/domain/employees/profile.schema';
import {
  Alert,
  Avatar,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Modal,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCamera } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api-client.ts';
import { toFieldErrors } from '../../../shared/form-errors.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { useLogout } from '../../../shared/session/logout.ts';
import { type EmployeeProfile, useEmployeeProfile } from '../api/get-employee-profile.ts';
import { refreshSessionUser } from '../api/refresh-session-user.ts';
import { useUpdateEmployee } from '../api/update-employee.ts';
import { AttachmentDialog } from './attachment-dialog.tsx';
import { confirmSaveNow, showDialog } from './feedback-dialogs.tsx';
import { dateMask, digitsOnly, payloadFieldErrors } from './form-helpers.ts';

interface StaffProfileModalProps {
  user: SessionUser;
  opened: boolean;
  onClose: () => void;
}

/** The generic staff Edit User modal of spec 2.6, for users who are not doctors. */
export function StaffProfileModal({ user, opened, onClose }: StaffProfileModalProps) {
  const { t } = useTranslation();
  const profile = useEmployeeProfile(user.uidEmployee, opened);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('staffWeb.staff.title')}
      size="xl"
      closeOnClickOutside={false}
      // Esc reaches every open Mantine modal: it would close this one (and lose the edits) from
      // inside the upload, slot and confirmation dialogs stacked on it. Cancel and × close it.
      closeOnEscape={false}
      centered
    >
      {profile.isLoading ? (
        <Center py="xl" aria-label={t('staffWeb.profile.loading')}>
          <Loader size="sm" />
        </Center>
      ) : !profile.data ? (
        <Text c="red" size="sm" py="md">
          {t('staffWeb.profile.loadFailed')}
        </Text>
      ) : (
        <EditUserForm user={user} profile={profile.data} onCancel={onClose} />
      )}
    </Modal>
  );
}

type GenderValue = StaffProfileForm['gender'];
const GENDERS: GenderValue[] = ['M', 'F', 'N'];

function EditUserForm({
  user,
  profile,
  onCancel,
}: {
  user: SessionUser;
  profile: EmployeeProfile;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const logout = useLogout();
  const save = useUpdateEmployee();
  const [values, setValues] = useState<StaffProfileForm>({
    name: profile.name,
    username: profile.username ?? '',
    email: profile.email ?? '',
    clinicId: profile.clinicId,
    role: profile.role?.role ?? '',
    title: '',
    icNumber: profile.icNumber ?? '',
    passport: profile.passport ?? '',
    others: profile.others ?? '',
    dob: profile.dob ?? '',
    gender: profile.gender ?? 'N',
    phoneNumber: profile.phoneNumber ?? '',
    address: profile.address ?? '',
    changePassword: false,
    currentPassword: '',
    password: '',
    retypePassword: '',
  });
  const [image, setImage] = useState(profile.imageUrl);
  const [uploadOpen, setUploadOpen] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const set = <K extends keyof StaffProfileForm>(field: K, value: StaffProfileForm[K]) =>
    setValues((v) => ({ ...v, [field]: value }));
  const error = (field: string) => (errors[field] ? translateMessage(errors[field]) : undefined);
  const toggleProps = { 'aria-label': t('staffWeb.profile.showPassword') };

  function submit(event: FormEvent) {
    event.preventDefault();
    const form = staffProfileFormSchema.safeParse(values);
    if (!form.success) {
      setErrors(toFieldErrors(form.error.issues));
      return;
    }
    const v = form.data;
    const payload = employeeEditSchema.safeParse({
      uidEmployee: profile.uidEmployee,
      userId: user._id,
      updateData: {
        name: v.name,
        username: v.username,
        email: v.email,
        gender: v.gender,
        dob: v.dob,
        icNumber: v.icNumber,
        passport: v.passport,
        others: v.others,
        address: v.address,
        phoneNumber: v.phoneNumber,
        ...(v.changePassword ? { password: v.password, currentPassword: v.currentPassword } : {}),
      },
    } satisfies EmployeeEditInput);
    if (!payload.success) {
      setErrors(payloadFieldErrors(payload.error.issues));
      return;
    }
    setErrors({});
    confirmSaveNow(() =>
      save.mutate(payload.data, {
        onSuccess: async (res) => {
          // spec 4: the staff version logs the user out after a successful save
          await logout();
          notifications.show({
            color: 'teal',
            title: 'Success',
            message: `${translateMessage(res.message)} ${t('staffWeb.staff.logoutNotice')}`,
          });
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.status > 0 && failure.status < 500) {
            if (failure.errors.length) setErrors(payloadFieldErrors(failure.errors));
            void showDialog('warning', failure.message);
          } else {
            void showDialog('error', `Error add\n${failure.message}`, t('staffWeb.dialog.error'));
          }
        },
      }),
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Group gap="md">
          <Avatar
            src={image}
            alt={t('staffWeb.profile.photoAlt', { name: values.name })}
            size={72}
            radius={999}
          />
          <Button variant="light" leftSection={<IconCamera size={16} />} onClick={() => setUploadOpen(true)}>
            {t('staffWeb.staff.changeImage')}
          </Button>
        </Group>
        {errors[''] && (
          <Alert color="orange" variant="light" role="alert">
            {translateMessage(errors[''])}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('staffWeb.staff.clinic')}
            value={profile.clinicName ?? ''}
            readOnly
            variant="filled"
          />
          <TextInput
            label={t('staffWeb.staff.name')}
            description={t('staffWeb.profile.nameHint')}
            required
            value={values.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            error={error('name')}
          />
          <TextInput
            label={t('staffWeb.staff.icNumber')}
            maxLength={30}
            value={values.icNumber}
            onChange={(e) => set('icNumber', e.currentTarget.value)}
            error={error('icNumber')}
          />
          <TextInput
            label={t('staffWeb.staff.passport')}
            maxLength={30}
            value={values.passport}
            onChange={(e) => set('passport', e.currentTarget.value)}
            error={error('passport')}
          />
          <TextInput
            label={t('staffWeb.staff.others')}
            maxLength={100}
            value={values.others}
            onChange={(e) => set('others', e.currentTarget.value)}
            error={error('others')}
          />
          <TextInput
            label={t('staffWeb.staff.dob')}
            placeholder={t('staffWeb.staff.dobPlaceholder')}
            inputMode="numeric"
            maxLength={10}
            value={values.dob}
            onChange={(e) => set('dob', dateMask(e.currentTarget.value))}
            error={error('dob')}
          />
          <Select
            label={t('staffWeb.staff.sex')}
            allowDeselect={false}
            data={GENDERS.map((g) => ({ value: g, label: t(`staffWeb.staff.sex${g}`) }))}
            value={values.gender}
            onChange={(g) => set('gender', (g ?? 'N') as GenderValue)}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            label={t('staffWeb.staff.phone')}
            inputMode="numeric"
            maxLength={PROFILE_LIMITS.phoneMax}
            value={values.phoneNumber}
            onChange={(e) => set('phoneNumber', digitsOnly(e.currentTarget.value, PROFILE_LIMITS.phoneMax))}
            error={error('phoneNumber')}
          />
          <TextInput
            label={t('staffWeb.staff.email')}
            type="email"
            required
            value={values.email}
            onChange={(e) => set('email', e.currentTarget.value)}
            error={error('email')}
          />
          <TextInput
            label={t('staffWeb.staff.username')}
            value={values.username}
            readOnly
            variant="filled"
            error={error('username')}
          />
          <TextInput label={t('staffWeb.staff.role')} value={values.role} readOnly variant="filled" />
        </SimpleGrid>
        <Textarea
          label={t('staffWeb.staff.address')}
          rows={3}
          maxLength={PROFILE_LIMITS.staffAddressMax}
          description={`${values.address.length}/${PROFILE_LIMITS.staffAddressMax}`}
          value={values.address}
          onChange={(e) => set('address', e.currentTarget.value)}
          error={error('address')}
        />
        <Checkbox
          label={t('staffWeb.staff.changePassword')}
          checked={values.changePassword}
          onChange={(e) => set('changePassword', e.currentTarget.checked)}
        />
        {values.changePassword && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <PasswordInput
              label={t('staffWeb.staff.currentPassword')}
              required
              autoComplete="current-password"
              visibilityToggleFocusable
              visibilityToggleButtonProps={toggleProps}
              value={values.currentPassword}
              onChange={(e) => set('currentPassword', e.currentTarget.value)}
              error={error('currentPassword')}
            />
            <div />
            <PasswordInput
              label={t('staffWeb.staff.password')}
              required
              autoComplete="new-password"
              visibilityToggleFocusable
              visibilityToggleButtonProps={toggleProps}
              value={values.password}
              onChange={(e) => set('password', e.currentTarget.value)}
              error={error('password')}
            />
            <PasswordInput
              label={t('staffWeb.staff.retypePassword')}
              required
              autoComplete="new-password"
              visibilityToggleFocusable
              visibilityToggleButtonProps={toggleProps}
              value={values.retypePassword}
              onChange={(e) => set('retypePassword', e.currentTarget.value)}
              error={error('retypePassword')}
            />
          </SimpleGrid>
        )}
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onCancel}>
            {t('staffWeb.profile.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('staffWeb.profile.save')}
          </Button>
        </Group>
      </Stack>
      <AttachmentDialog
        opened={uploadOpen}
        target="user"
        onCancel={() => setUploadOpen(false)}
        onDone={(url) => {
          // users/upload already stored it as the user's image
          setImage(url);
          setUploadOpen(false);
          void refreshSessionUser({ imageUrl: url });
        }}
      />
    </form>
  );
}
