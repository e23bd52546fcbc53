import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api-client.ts';

/** The doctor profile of spec 3, as `settings/myprofile/doctors/edit/profile` answers it. */
export interface DoctorProfile {
  doctorId: number;
  name: string;
  title: string | null;
  profile: string | null;
  specialist: string | null;
  specialistId: string | number | null;
  enabled: boolean;
  previousClinicId: number | null;
  identificationNumber: string | null;
  ihsNumber: string | null;
  passport: string | null;
  others: string | null;
  mobilePhone: string | null;
  address: string | null;
  idEmploye: number | null;
  photo: string | null;
  dob: string | null;
  email: string | null;
  gender: string | null;
  username: string;
  Clinics: { id: number; name: string; Doctor_Clinic: { ClinicId: number } }[];
}

export const doctorProfileKey = (doctorId: number | null) => ['profile', 'doctor', doctorId] as const;

export async function getDoctorProfile(doctorId: number): Promise<DoctorProfile> {
  const { data } = await api<DoctorProfile>('settings/myprofile/doctors/edit/profile', {
    query: { id: doctorId },
  });
  return data!;
}

export const useDoctorProfile = (doctorId: number | null, enabled = true) =>
  useQuery({
    queryKey: doctorProfileKey(doctorId),
    queryFn: () => getDoctorProfile(doctorId!),
    enabled: enabled && doctorId !== null,
  });
