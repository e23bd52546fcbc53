import type { SessionUser } from '@klinikita/domain/auth/auth.schema';
import {
  type DoctorProfileForm,
  doctorProfileFormSchema,
  PROFILE_LIMITS,
  PROFILE_MESSAGES,
  type ProfileEditInput,
  profileEditSchema,
} from '@klinikita/domain/employees/profile.schema';
import {
  ActionIcon,
  Avatar,
  Box,
  Button,
  Checkbox,
  Group,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconCamera, IconId } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api-client.ts';
import { toFieldErrors } from '../../../shared/form-errors.ts';
import { translateMessage } from '../../../shared/i18n/i18n.ts';
import { getPractitionerIhs } from '../../../shared/satusehat/practitioner-ihs.ts';
import { useSpecialists } from '../api/get-specialists.ts';
import { refreshSessionUser } from '../api/refresh-session-user.ts';
import { useUpdateOwnProfile } from '../api/update-own-profile.ts';
import { AttachmentDialog } from './attachment-dialog.tsx';
import { confirmSaveNow, showDialog } from './feedback-dialogs.tsx';
import { digitsOnly, payloadFieldErrors } from './form-helpers.ts';

/** What the form starts from, whichever call loaded it (doctor or employee profile). */
export interface ProfileSource {
  name: string;
  username: string;
  icNumber: string;
  ihsNumber: string;
  phoneNumber: string;
  address: string;
  photo: string | null;
  specialistId: string | null;
  /** The payload fields the spec sends back unchanged (spec 7). */
  identity:
    | {
        kind: 'doctor';
        doctorId: number;
        idEmployee: number | null;
        previousClinicId: number | null;
        clinicId: number | null;
        specialist: string | null;
        specialistId: string | number | null;
      }
    | { kind: 'employee'; uidEmployee: string; clinicId: number | null; uidClinic: string | null };
}

interface ProfileFormProps {
  user: SessionUser;
  source: ProfileSource;
  onCancel: () => void;
  onSaved: () => void;
}

/** The Profile tab of spec 2.5, with the rules and messages of spec 5. */
export function ProfileForm({ user, source, onCancel, onSaved }: ProfileFormProps) {
  const { t } = useTranslation();
  const isDoctor = source.identity.kind === 'doctor';
  const specialists = useSpecialists(isDoctor);
  const save = useUpdateOwnProfile();
  const [values, setValues] = useState<DoctorProfileForm>({
    name: source.name,
    changePassword: false,
    currentPassword: '',
    password: '',
    confirmPassword: '',
    icNumber: source.icNumber,
    ihsNumber: source.ihsNumber,
    phoneNumber: source.phoneNumber,
    address: source.address,
  });
  const [photo, setPhoto] = useState(source.photo);
  const [uploadOpen, setUploadOpen] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [fetchingIhs, setFetchingIhs] = useState(false);

  const set = <K extends keyof DoctorProfileForm>(field: K, value: DoctorProfileForm[K]) =>
    setValues((v) => ({ ...v, [field]: value }));
  const error = (field: string) => (errors[field] ? translateMessage(errors[field]) : undefined);

  async function fetchIhs() {
    const nik = values.icNumber.trim();
    if (!nik) {
      setErrors((e) => ({ ...e, icNumber: PROFILE_MESSAGES.ihsNeedsNik }));
      return;
    }
    setFetchingIhs(true);
    setErrors(({ icNumber: _ic, ihsNumber: _ihs, ...rest }) => rest);
    try {
      set('ihsNumber', digitsOnly(await getPractitionerIhs(nik), PROFILE_LIMITS.ihsMax));
    } catch (failure) {
      const message = failure instanceof ApiError && failure.status > 0 ? failure.message : 'api.unavailable';
      setErrors((e) => ({ ...e, ihsNumber: message }));
    } finally {
      setFetchingIhs(false);
    }
  }

  function buildPayload(form: DoctorProfileForm): ProfileEditInput {
    const { identity } = source;
    const updateData = {
      name: form.name,
      ...(form.changePassword ? { password: form.password, currentPassword: form.currentPassword } : {}),
      username: source.username,
      icNumber: form.icNumber,
      ihsNumber: form.ihsNumber,
      address: form.address,
      phoneNumber: form.phoneNumber,
      photo,
      clinicId: identity.clinicId ?? user.ClinicId,
    };
    if (identity.kind === 'doctor') {
      return {
        doctorId: identity.doctorId,
        userId: user._id,
        ...(identity.idEmployee ? { idEmployee: identity.idEmployee } : {}),
        updateData: {
          ...updateData,
          previousClinicId: identity.previousClinicId,
          uidClinic: user.dataClinic?.uid,
          specialist: identity.specialist,
          specialistId: identity.specialistId,
        },
      };
    }
    return {
      uidEmployee: identity.uidEmployee,
      userId: user._id,
      updateData: { ...updateData, uidClinic: identity.uidClinic ?? user.dataClinic?.uid },
    };
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const form = doctorProfileFormSchema.safeParse(values);
    if (!form.success) {
      setErrors(toFieldErrors(form.error.issues));
      return;
    }
    const payload = profileEditSchema.safeParse(buildPayload(form.data));
    if (!payload.success) {
      setErrors(payloadFieldErrors(payload.error.issues));
      return;
    }
    setErrors({});
    confirmSaveNow(() =>
      save.mutate(payload.data, {
        onSuccess: async (res) => {
          await refreshSessionUser({ name: form.data.name, imageUrl: photo });
          onSaved();
          void showDialog('success', res.message, t('staffWeb.dialog.success'));
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

  const specialistOptions = (specialists.data ?? []).map((s) => ({ value: String(s._id), label: s.name }));
  // the doctor's own specialist shows even before (or without) the list
  const ownSpecialist = source.identity.kind === 'doctor' ? source.identity.specialist : null;
  if (source.specialistId && !specialistOptions.some((o) => o.value === source.specialistId)) {
    specialistOptions.push({ value: source.specialistId, label: ownSpecialist ?? source.specialistId });
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Group justify="center">
          <Box pos="relative">
            <Avatar
              src={photo}
              alt={t('staffWeb.profile.photoAlt', { name: values.name })}
              size={112}
              radius={999}
            />
            <Tooltip label={t('staffWeb.profile.changePhoto')}>
              <ActionIcon
                pos="absolute"
                bottom={2}
                right={2}
                radius="xl"
                size="lg"
                aria-label={t('staffWeb.profile.changePhoto')}
                onClick={() => setUploadOpen(true)}
              >
                <IconCamera size={18} />
              </ActionIcon>
            </Tooltip>
          </Box>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('staffWeb.profile.name')}
            description={t('staffWeb.profile.nameHint')}
            required
            maxLength={PROFILE_LIMITS.nameMax + 10}
            value={values.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            error={error('name')}
          />
          {isDoctor ? (
            <Select
              label={t('staffWeb.profile.specialist')}
              disabled
              data={specialistOptions}
              value={source.specialistId}
              comboboxProps={{ withinPortal: true }}
            />
          ) : (
            <div />
          )}
          <TextInput
            label={t('staffWeb.profile.username')}
            value={source.username}
            readOnly
            variant="filled"
          />
        </SimpleGrid>
        <Checkbox
          label={t('staffWeb.profile.changePassword')}
          checked={values.changePassword}
          onChange={(e) => set('changePassword', e.currentTarget.checked)}
        />
        {values.changePassword && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <PasswordInput
              label={t('staffWeb.profile.currentPassword')}
              required
              autoComplete="current-password"
              visibilityToggleFocusable
              visibilityToggleButtonProps={{ 'aria-label': t('staffWeb.profile.showPassword') }}
              value={values.currentPassword}
              onChange={(e) => set('currentPassword', e.currentTarget.value)}
              error={error('currentPassword')}
            />
            <div />
            <PasswordInput
              label={t('staffWeb.profile.newPassword')}
              required
              autoComplete="new-password"
              visibilityToggleFocusable
              visibilityToggleButtonProps={{ 'aria-label': t('staffWeb.profile.showPassword') }}
              value={values.password}
              onChange={(e) => set('password', e.currentTarget.value)}
              error={error('password')}
            />
            <PasswordInput
              label={t('staffWeb.profile.confirmPassword')}
              required
              autoComplete="new-password"
              visibilityToggleFocusable
              visibilityToggleButtonProps={{ 'aria-label': t('staffWeb.profile.showPassword') }}
              value={values.confirmPassword}
              onChange={(e) => set('confirmPassword', e.currentTarget.value)}
              error={error('confirmPassword')}
            />
          </SimpleGrid>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              flex={1}
              label={t('staffWeb.profile.icNumber')}
              required
              maxLength={30}
              value={values.icNumber}
              onChange={(e) => set('icNumber', e.currentTarget.value)}
              error={error('icNumber')}
            />
            <Button
              mt={25}
              variant="light"
              leftSection={<IconId size={16} />}
              loading={fetchingIhs}
              onClick={fetchIhs}
            >
              {t('staffWeb.profile.fetchIhs')}
            </Button>
          </Group>
          <TextInput
            label={t('staffWeb.profile.ihsNumber')}
            readOnly
            variant="filled"
            value={values.ihsNumber}
            error={error('ihsNumber')}
          />
          <TextInput
            label={t('staffWeb.profile.phoneNumber')}
            required
            inputMode="numeric"
            maxLength={PROFILE_LIMITS.phoneMax}
            value={values.phoneNumber}
            onChange={(e) => set('phoneNumber', digitsOnly(e.currentTarget.value, PROFILE_LIMITS.phoneMax))}
            error={error('phoneNumber')}
          />
        </SimpleGrid>
        <Textarea
          label={t('staffWeb.profile.address')}
          rows={3}
          maxLength={PROFILE_LIMITS.doctorAddressMax}
          description={`${values.address.length}/${PROFILE_LIMITS.doctorAddressMax}`}
          value={values.address}
          onChange={(e) => set('address', e.currentTarget.value)}
          error={error('address')}
        />
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
        target={isDoctor ? 'doctor' : 'user'}
        onCancel={() => setUploadOpen(false)}
        onDone={(url) => {
          setPhoto(url);
          setUploadOpen(false);
        }}
      />
    </form>
  );
}
