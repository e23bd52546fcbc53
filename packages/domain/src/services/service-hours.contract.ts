import { conflictErrors, endpoint } from '../common/contract.ts';
import {
  scheduleCheckQuerySchema,
  scheduleCheckSchema,
  serviceDayCopySchema,
  serviceDayParamsSchema,
  serviceDaySaveSchema,
  serviceDeskWeekSchema,
  serviceHoursQuerySchema,
  serviceHoursSchema,
} from './service-hours.schema.ts';

/**
 * Service desks' opening hours and daily capacity (`/Layanan/jadwalLayanan`), and the front
 * office's warnings before a registration. Every call is about one clinic in the caller's scope.
 */
const tags = ['serviceHours'] as const;

export const getServiceHours = endpoint({
  method: 'GET',
  path: '/service-hours',
  permission: 'service.read',
  tags,
  summary: 'A clinic’s service desks × weekdays (1 = Sunday): capacity (0: no limit) and opening periods',
  query: serviceHoursQuerySchema,
  response: serviceHoursSchema,
});

/** Answers the desk's week after the change. */
export const saveServiceDay = endpoint({
  method: 'PUT',
  path: '/service-hours/:serviceType/:weekday',
  permission: 'serviceHours.manage',
  tags,
  summary: 'Set a desk’s weekday: capacity and periods (409 when two periods overlap; none: closed)',
  params: serviceDayParamsSchema,
  body: serviceDaySaveSchema,
  response: serviceDeskWeekSchema,
  errors: conflictErrors,
  message: 'serviceHours.saved',
});

export const copyServiceDay = endpoint({
  method: 'POST',
  path: '/service-hours/:serviceType/:weekday/copy',
  permission: 'serviceHours.manage',
  tags,
  summary: 'Copy a desk’s saved weekday (capacity and periods) onto other weekdays',
  params: serviceDayParamsSchema,
  body: serviceDayCopySchema,
  response: serviceDeskWeekSchema,
  message: 'serviceHours.copied',
});

/**
 * The front office asks before registering (every menu granting `registration.create` grants
 * `service.read`, checked in service-hours.rules.test.ts); whoever reads the service hours may ask.
 */
export const checkSchedule = endpoint({
  method: 'GET',
  path: '/service-hours/check',
  permission: 'service.read',
  tags,
  summary:
    'Warnings for a visit to a doctor or a desk at a moment (now when `at` is absent): outside hours, not today, the day’s limit reached',
  query: scheduleCheckQuerySchema,
  response: scheduleCheckSchema,
});
