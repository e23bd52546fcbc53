import {
  createEmployee,
  editEmployee,
  editOwnProfile,
  getEmployeeProfile,
  listEmployees,
} from '@klinikita/domain/employees/employees.contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { route } from '../../shared/route.ts';
import * as employees from './employees.service.ts';

/** Staff profiles: the own profile (any logged-in user) and the /Setting/employee master list. */
export async function employeesRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  route(app, getEmployeeProfile, (req) => employees.employeeProfile(db, requireSession(req), req.query.uid));
  route(app, editEmployee, (req) => employees.editEmployee(db, requireSession(req), req.body, req.ip));
  route(app, editOwnProfile, (req) => employees.editOwnProfile(db, requireSession(req), req.body, req.ip));
  route(app, listEmployees, (req) => employees.listEmployees(db, requireSession(req), req.query));
  route(app, createEmployee, (req) => employees.createEmployee(db, requireSession(req), req.body, req.ip));
}
