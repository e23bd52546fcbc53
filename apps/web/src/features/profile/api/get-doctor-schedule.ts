import type { DoctorSchedule } from '@klinikita/domain/schedules/schedule.schema';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api-client.ts';

export const doctorScheduleKey = (doctorId: number, clinicId: number | null) =>
  ['schedules', 'doctor', doctorId, clinicId] as const;

/** `GET /reservation/doctor-schedule/{doctorId}` (spec 7): booking slots and limit by weekday 1–7. */
export async function getDoctorSchedule(doctorId: number, clinicId: number | null): Promise<DoctorSchedule> {
  const { data } = await api<DoctorSchedule>(`reservation/doctor-schedule/${doctorId}`, {
    query: { clinicId: clinicId ?? undefined },
  });
  return data ?? {};
}

export const useDoctorSchedule = (doctorId: number, clinicId: number | null) =>
  useQuery({
    queryKey: doctorScheduleKey(doctorId, clinicId),
    queryFn: () => getDoctorSchedule(doctorId, clinicId),
  });
