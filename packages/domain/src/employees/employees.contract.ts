import { conflictErrors, endpoint } from '../common/contract.ts';
import { pagedSchema } from '../common/paged.ts';
import { z } from '../common/zod-config.ts';
import { employeeProfileSchema, employeeSummarySchema } from './employee.schema.ts';
import {
  employeeCreateSchema,
  employeeEditSchema,
  employeeListQuerySchema,
  profileEditSchema,
} from './profile.schema.ts';

/** Staff profiles: the own profile (any logged-in user) and the /Setting/employee master list. */
const tags = ['employees'] as const;

export const getEmployeeProfile = endpoint({
  method: 'GET',
  path: '/settings/pharmacy/employees/where',
  // own profile; anyone in scope for /Setting/employee holders (checked in the service)
  session: true,
  tags,
  summary: 'An employee profile (spec 3) by uidEmployee',
  query: z.object({ uid: z.string().min(1, 'validation.required').max(60) }),
  response: employeeProfileSchema,
});

export const editEmployee = endpoint({
  method: 'PATCH',
  path: '/settings/employee',
  session: true,
  tags,
  summary: 'Save an employee: the own profile, or anyone in scope for /Setting/employee',
  body: employeeEditSchema,
  response: z.undefined(),
  errors: conflictErrors,
  message: 'staffApi.employeeSaved',
});

export const editOwnProfile = endpoint({
  method: 'PATCH',
  path: '/settings/doctors/profile/edit',
  // only ever the caller's own profile (checked in the service)
  session: true,
  tags,
  summary: 'Save the own profile (doctor and photo variant, spec 2.5)',
  body: profileEditSchema,
  response: z.undefined(),
  errors: conflictErrors,
  message: 'staffApi.profileSaved',
});

export const listEmployees = endpoint({
  method: 'GET',
  path: '/settings/employees',
  permission: 'employee.manage',
  tags,
  summary: 'One page of the staff in the caller’s clinics, searchable',
  query: employeeListQuerySchema,
  response: pagedSchema(employeeSummarySchema),
});

export const createEmployee = endpoint({
  method: 'POST',
  path: '/settings/employees',
  permission: 'employee.manage',
  tags,
  summary: 'Add a staff member with a login',
  body: employeeCreateSchema,
  response: z.object({ uidEmployee: z.string(), userId: z.string() }),
  errors: conflictErrors,
  message: 'staffApi.employeeCreated',
});
