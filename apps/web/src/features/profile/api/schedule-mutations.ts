import {
  addScheduleSlot,
  deleteScheduleSlot,
  setScheduleLimit,
  updateScheduleSlot,
} from '@klinikita/domain/schedules/schedules.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ContractBody, call, moduleKey } from '../../../shared/api/contract-client.ts';

/** The limit as typed: the spec leaves it unchecked in the browser; the server refuses what is not a whole number. */
export type LimitInput = ContractBody<typeof setScheduleLimit> & { doctorId: number };
export type AddSlotInput = ContractBody<typeof addScheduleSlot>;
export type UpdateSlotInput = ContractBody<typeof updateScheduleSlot>;
export type DeleteSlotInput = ContractBody<typeof deleteScheduleSlot>;

// the spec's service header of the schedule calls
const assesment = { service: 'assesment' } as const;

/** Every schedule view refetches after any change, successful or not (someone else may have changed it). */
function useScheduleMutation<V>(send: (variables: V) => Promise<{ message: string }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => client.invalidateQueries({ queryKey: moduleKey(setScheduleLimit) }),
  });
}

/** `PUT /assesments/doctors/{doctorId}` {dayToChange, limit} (spec 7, service assesment). */
export const useUpdateScheduleLimit = () =>
  useScheduleMutation(({ doctorId, ...body }: LimitInput) =>
    call(setScheduleLimit, { params: { doctorId }, body }, assesment),
  );

/** `POST /assesments/doctors/add-schedule`. */
export const useAddScheduleSlot = () =>
  useScheduleMutation((body: AddSlotInput) => call(addScheduleSlot, { body }, assesment));

/** `PUT /assesments/doctors/update-time-schedule`. */
export const useUpdateScheduleSlot = () =>
  useScheduleMutation((body: UpdateSlotInput) => call(updateScheduleSlot, { body }, assesment));

/** `DELETE /assesments/doctors/delete-schedule` (JSON body). */
export const useDeleteScheduleSlot = () =>
  useScheduleMutation((body: DeleteSlotInput) => call(deleteScheduleSlot, { body }, assesment));
