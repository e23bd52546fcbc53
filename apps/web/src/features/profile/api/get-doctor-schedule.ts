import { getDoctorSchedule as doctorScheduleCall } from '@klinikita/domain/schedules/schedules.contract';
import { useQuery } from '@tanstack/react-query';
import { contractKey, fetchData } from '../../../shared/api/contract-client.ts';

const scheduleInput = (doctorId: number, clinicId: number | null) => ({
  params: { doctorId },
  query: { clinicId: clinicId ?? undefined },
});

export const doctorScheduleKey = (doctorId: number, clinicId: number | null) =>
  contractKey(doctorScheduleCall, scheduleInput(doctorId, clinicId));

/** `GET /reservation/doctor-schedule/{doctorId}` (spec 7): booking slots and limit by weekday 1–7. */
export async function getDoctorSchedule(doctorId: number, clinicId: number | null) {
  return (await fetchData(doctorScheduleCall, scheduleInput(doctorId, clinicId))) ?? {};
}

export const useDoctorSchedule = (doctorId: number, clinicId: number | null) =>
  useQuery({
    queryKey: doctorScheduleKey(doctorId, clinicId),
    queryFn: () => getDoctorSchedule(doctorId, clinicId),
  });
