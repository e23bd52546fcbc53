import {
  employeeCreateSchema,
  employeeEditSchema,
  employeeListQuerySchema,
  profileEditSchema,
} from '@klinikita/domain/employees/profile.schema';
import { pagedSchema } from '@klinikita/domain/settings/roles.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { errorResponse, ok, standardErrors } from '../../shared/http.ts';
import { employeeProfileSchema, employeeSummarySchema } from './employees.mapper.ts';
import {
  createEmployee,
  editEmployee,
  editOwnProfile,
  employeeProfile,
  listEmployees,
} from './employees.service.ts';

const writeErrors = { ...standardErrors, 409: errorResponse };

/** Staff profiles: the own profile (any logged-in user) and the /Setting/employee master list. */
export async function employeesRoutes(app: FastifyInstance, opts: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.get(
    '/settings/pharmacy/employees/where',
    {
      // own profile; anyone in scope for /Setting/employee holders (checked in the service)
      config: { access: { session: true } },
      schema: {
        tags: ['employees'],
        summary: 'An employee profile (spec 3) by uidEmployee',
        querystring: z.object({ uid: z.string().min(1, 'validation.required').max(60) }),
        response: { 200: ok(employeeProfileSchema), ...standardErrors },
      },
    },
    async (request) => ({
      status: true,
      message: request.t('api.ok'),
      data: await employeeProfile(db, requireSession(request), request.query.uid),
    }),
  );

  r.patch(
    '/settings/employee',
    {
      config: { access: { session: true } },
      schema: {
        tags: ['employees'],
        summary: 'Save an employee: the own profile, or anyone in scope for /Setting/employee',
        body: employeeEditSchema,
        response: { 200: ok(z.undefined()), ...writeErrors },
      },
    },
    async (request) => {
      await editEmployee(db, requireSession(request), request.body, request.ip);
      return { status: true, message: request.t('staffApi.employeeSaved') };
    },
  );

  r.patch(
    '/settings/doctors/profile/edit',
    {
      // only ever the caller's own profile (checked in the service)
      config: { access: { session: true } },
      schema: {
        tags: ['employees'],
        summary: 'Save the own profile (doctor and photo variant, spec 2.5)',
        body: profileEditSchema,
        response: { 200: ok(z.undefined()), ...writeErrors },
      },
    },
    async (request) => {
      await editOwnProfile(db, requireSession(request), request.body, request.ip);
      return { status: true, message: request.t('staffApi.profileSaved') };
    },
  );

  r.get(
    '/settings/employees',
    {
      config: { access: { permission: 'employee.manage' } },
      schema: {
        tags: ['employees'],
        summary: 'One page of the staff in the caller’s clinics, searchable',
        querystring: employeeListQuerySchema,
        response: { 200: ok(pagedSchema(employeeSummarySchema)), ...standardErrors },
      },
    },
    async (request) => ({
      status: true,
      message: request.t('api.ok'),
      data: await listEmployees(db, requireSession(request), request.query),
    }),
  );

  r.post(
    '/settings/employees',
    {
      config: { access: { permission: 'employee.manage' } },
      schema: {
        tags: ['employees'],
        summary: 'Add a staff member with a login',
        body: employeeCreateSchema,
        response: { 200: ok(z.object({ uidEmployee: z.string(), userId: z.string() })), ...writeErrors },
      },
    },
    async (request) => ({
      status: true,
      message: request.t('staffApi.employeeCreated'),
      data: await createEmployee(db, requireSession(request), request.body, request.ip),
    }),
  );
}
