import type { SessionUser } from '@klinikita/domain/auth/auth.schema';
import { ModalsProvider } from '@mantine/modals';
import type { ReactElement } from 'react';
import { makeUser, renderWithApp } from '../../../test/render.tsx';
import type { DoctorProfile } from '../api/get-doctor-profile.ts';
import type { EmployeeProfile } from '../api/get-employee-profile.ts';

export const API = '/api/clinic/v1';

/** Renders inside the modals provider the logged-in layouts give (dialogs of spec 8). */
export const renderWithModals = (ui: ReactElement) => renderWithApp(<ModalsProvider>{ui}</ModalsProvider>);

export const doctorUser = (overrides: Partial<SessionUser> = {}) =>
  makeUser({
    _id: 'u-doc',
    username: 'dokter',
    name: 'dr. Alexander Wijaya',
    role: { _id: 'r-doc', role: 'Doctor', menu: { access: [] } },
    uidEmployee: 'e-doc',
    DoctorId: 5,
    ClinicId: 10,
    clinics: [
      { id: 10, uid: 'c10', name: 'Klinik Sehat Menteng', mcuSite: false, timeZone: 'Asia/Jakarta' },
      { id: 11, uid: 'c11', name: 'Klinik MCU Cikini', mcuSite: true, timeZone: 'Asia/Jakarta' },
    ],
    dataClinic: { name: 'Klinik Sehat Menteng', uid: 'c10', phoneNumber: null },
    ...overrides,
  });

export const doctorProfile: DoctorProfile = {
  doctorId: 5,
  name: 'dr. Alexander Wijaya',
  title: 'dr.',
  profile: null,
  specialist: 'Umum',
  specialistId: 'sp-1',
  enabled: true,
  previousClinicId: 10,
  identificationNumber: '7209061211900001',
  ihsNumber: '',
  passport: null,
  others: null,
  mobilePhone: '081234567890',
  address: 'Jl. Menteng Raya 1',
  idEmploye: 21,
  uidEmployee: 'e21',
  userId: 'u21',
  role: { _id: 'r2', role: 'Doctor' },
  active: true,
  photo: null,
  dob: null,
  email: 'dokter@klinik.test',
  gender: 'M',
  username: 'dokter',
  Clinics: [
    { id: 10, name: 'Klinik Sehat Menteng', Doctor_Clinic: { ClinicId: 10 } },
    { id: 11, name: 'Klinik MCU Cikini', Doctor_Clinic: { ClinicId: 11 } },
  ],
};

export const employeeProfile: EmployeeProfile = {
  name: 'Siti Rahma',
  username: 'perawat',
  email: 'siti@klinik.test',
  role: { _id: 'r1', role: 'Nurse' },
  gender: 'F',
  dob: '12/03/1990',
  icNumber: '3171000000000001',
  ihsNumber: null,
  passport: null,
  others: null,
  address: 'Jl. Cikini 2',
  phoneNumber: '0812000111',
  clinicId: 1,
  uidClinic: 'c1',
  clinicName: 'Klinik Pratama Sehat',
  uidEmployee: 'e1',
  userId: 'u1',
  imageUrl: null,
  active: true,
  doctorId: null,
};

export const ok = (data?: unknown, message = 'Berhasil') => ({ body: { status: true, message, data } });
export const refused = (status: number, message: string) => ({ status, body: { status: false, message } });

/** The JSON body a mocked call was made with. */
export const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body));
