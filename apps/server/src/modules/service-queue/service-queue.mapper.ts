import type { LabPreAss, Registration } from '@klinikita/domain/registrations/registration.schema';

export const toLabPreAss = (registration: Registration): LabPreAss => ({
  registration,
  isDone: registration.dataLabPreAss.isDone,
  radDone: registration.dataLabPreAss.radDone,
  flaggingSamplingDone: registration.flaggingSamplingDone,
});
