import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api-client.ts';

export interface LimitInput {
  doctorId: number;
  dayToChange: number;
  /** As typed: the spec leaves the limit unchecked in the browser; the server refuses what is not a whole number. */
  limit: number | string;
  clinicId?: number;
}
export interface AddSlotInput {
  clinicIdWeb: number;
  dokterIdWeb: number;
  newBookingTime: string;
  bookingDay: number;
}
export interface UpdateSlotInput {
  clinicIDWeb: number;
  dokterIdWeb: number;
  newBookingTime: string;
  bookingDay: number;
  indexToChange: number;
  bookingTime: string;
}
export interface DeleteSlotInput {
  clinicIDWeb: number;
  dokterIdWeb: number;
  indexToChange: number;
  bookingDay: number;
  bookingTime: string;
}

/** Every schedule view refetches after any change, successful or not (someone else may have changed it). */
function useScheduleMutation<V>(call: (variables: V) => Promise<{ message: string }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => client.invalidateQueries({ queryKey: ['schedules'] }),
  });
}

/** `PUT /assesments/doctors/{doctorId}` {dayToChange, limit} (spec 7, service assesment). */
export const useUpdateScheduleLimit = () =>
  useScheduleMutation(({ doctorId, ...body }: LimitInput) =>
    api(`assesments/doctors/${doctorId}`, { method: 'PUT', body, service: 'assesment' }),
  );

/** `POST /assesments/doctors/add-schedule`. */
export const useAddScheduleSlot = () =>
  useScheduleMutation((body: AddSlotInput) =>
    api('assesments/doctors/add-schedule', { method: 'POST', body, service: 'assesment' }),
  );

/** `PUT /assesments/doctors/update-time-schedule`. */
export const useUpdateScheduleSlot = () =>
  useScheduleMutation((body: UpdateSlotInput) =>
    api('assesments/doctors/update-time-schedule', { method: 'PUT', body, service: 'assesment' }),
  );

/** `DELETE /assesments/doctors/delete-schedule` (JSON body). */
export const useDeleteScheduleSlot = () =>
  useScheduleMutation((body: DeleteSlotInput) =>
    api('assesments/doctors/delete-schedule', { method: 'DELETE', body, service: 'assesment' }),
  );
