import type { SessionUser } from '@klinikita/domain/auth/auth.schema';
import { Center, Loader, Modal, Tabs, Text } from '@mantine/core';
import { IconCalendarCog, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type DoctorProfile, useDoctorProfile } from '../api/get-doctor-profile.ts';
import { type EmployeeProfile, useEmployeeProfile } from '../api/get-employee-profile.ts';
import { ProfileForm, type ProfileSource } from './profile-form.tsx';
import { ScheduleTab } from './schedule-tab.tsx';

interface DoctorProfileModalProps {
  user: SessionUser;
  opened: boolean;
  onClose: () => void;
  /** The tab to open on. */
  initialTab?: 'profile' | 'schedule';
}

const fromDoctor = (p: DoctorProfile): ProfileSource => ({
  name: p.name,
  username: p.username ?? '',
  icNumber: p.identificationNumber ?? '',
  ihsNumber: p.ihsNumber ?? '',
  phoneNumber: p.mobilePhone ?? '',
  address: p.address ?? '',
  photo: p.photo,
  specialistId: p.specialistId === null ? null : String(p.specialistId),
  identity: {
    kind: 'doctor',
    doctorId: p.doctorId,
    idEmployee: p.idEmploye,
    previousClinicId: p.previousClinicId,
    clinicId: p.Clinics[0]?.Doctor_Clinic.ClinicId ?? null,
    specialist: p.specialist,
    specialistId: p.specialistId,
  },
});

const fromEmployee = (p: EmployeeProfile): ProfileSource => ({
  name: p.name,
  username: p.username ?? '',
  icNumber: p.icNumber ?? '',
  ihsNumber: p.ihsNumber ?? '',
  phoneNumber: p.phoneNumber ?? '',
  address: p.address ?? '',
  photo: p.imageUrl,
  specialistId: null,
  identity: { kind: 'employee', uidEmployee: p.uidEmployee, clinicId: p.clinicId, uidClinic: p.uidClinic },
});

/**
 * The Edit Profile modal of spec 2.5 (doctor and photo variant): large, not closed by its
 * backdrop; the Pengaturan Jadwal tab for doctors. Doctors load their profile through the doctor
 * call, others through the employee call (spec 6).
 */
export function DoctorProfileModal({
  user,
  opened,
  onClose,
  initialTab = 'profile',
}: DoctorProfileModalProps) {
  const { t } = useTranslation();
  const doctorId = user.DoctorId;
  const isDoctor = doctorId !== null;
  const doctor = useDoctorProfile(doctorId, opened && isDoctor);
  const employee = useEmployeeProfile(user.uidEmployee, opened && !isDoctor);
  const query = isDoctor ? doctor : employee;
  const source = isDoctor
    ? doctor.data && fromDoctor(doctor.data)
    : employee.data && fromEmployee(employee.data);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('staffWeb.profile.title')}
      size="xl"
      closeOnClickOutside={false}
      // Esc reaches every open Mantine modal: it would close this one (and lose the edits) from
      // inside the upload, slot and confirmation dialogs stacked on it. Cancel and × close it.
      closeOnEscape={false}
      centered
    >
      {query.isLoading ? (
        <Center py="xl" aria-label={t('staffWeb.profile.loading')}>
          <Loader size="sm" />
        </Center>
      ) : !source ? (
        <Text c="red" size="sm" py="md">
          {t('staffWeb.profile.loadFailed')}
        </Text>
      ) : (
        <Tabs defaultValue={isDoctor ? initialTab : 'profile'}>
          <Tabs.List mb="md">
            <Tabs.Tab value="profile" leftSection={<IconUser size={16} />}>
              {t('staffWeb.profile.tabProfile')}
            </Tabs.Tab>
            {isDoctor && (
              <Tabs.Tab value="schedule" leftSection={<IconCalendarCog size={16} />}>
                {t('staffWeb.profile.tabSchedule')}
              </Tabs.Tab>
            )}
          </Tabs.List>
          <Tabs.Panel value="profile">
            <ProfileForm user={user} source={source} onCancel={onClose} onSaved={onClose} />
          </Tabs.Panel>
          {isDoctor && user.ClinicId !== null && (
            <Tabs.Panel value="schedule">
              <ScheduleTab doctorId={doctorId} clinicId={user.ClinicId} />
            </Tabs.Panel>
          )}
        </Tabs>
      )}
    </Modal>
  );
}
