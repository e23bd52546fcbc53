import type { DoctorProfile } from '@klinikita/domain/doctors/doctor.schema';
import { getDoctorProfile } from '@klinikita/domain/doctors/doctors.contract';
import { useContractQuery } from '../../../shared/api/contract-client.ts';

export type { DoctorProfile };

/** The doctor profile of spec 3, as `settings/myprofile/doctors/edit/profile` answers it. */
export const useDoctorProfile = (doctorId: number | null, enabled = true) =>
  useContractQuery(
    getDoctorProfile,
    { query: { id: doctorId ?? 0 } },
    { enabled: enabled && doctorId !== null },
  );
