import { ALL_ACCESS_ROLES, ROLES } from '@klinikita/domain/access/roles';
import { fromDDMMYYYY } from '@klinikita/domain/common/dates';
import type {
  EmployeeCreateInput,
  EmployeeEditInput,
  EmployeeListQuery,
  ProfileEditInput,
} from '@klinikita/domain/employees/profile.schema';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { assertClinicInScope, can, corporateLevel } from '../../shared/access.ts';
import { writeAudit } from '../../shared/audit.ts';
import { hashPassword, newUid } from '../../shared/crypto.ts';
import { AppError, forbidden } from '../../shared/errors.ts';
import { API_PREFIX } from '../../shared/http.ts';
import { isUniqueViolation, pageOf, type Tx } from '../../shared/sql.ts';
import { auditPassword, checkCurrentPassword, endSessions } from '../auth/auth.service.ts';
import { isStoredFile } from '../files/files.service.ts';
import { corporateRole } from '../roles/roles.service.ts';
import { toEmployeeProfile } from './employees.mapper.ts';
import {
  findEmployee,
  findEmployeeById,
  insertEmployee,
  insertUser,
  pageEmployees,
  updateDoctorPhoto,
  updateEmployee,
  updateUser,
  usernameTaken,
} from './employees.queries.ts';

const notFoundEmployee = () => new AppError(404, 'staffApi.employeeNotFound');

/** An employee of the caller's corporate: unknown 404, another corporate's 403. */
async function corporateEmployee(db: Db, session: AuthSession, uid: string) {
  const row = await findEmployee(db, uid);
  if (!row) throw notFoundEmployee();
  if (row.corpId !== session.corpId) throw forbidden('api.corporateForbidden');
  return row;
}
const usernameConflict = () => new AppError(409, 'staffApi.usernameTaken');

/** Runs a write; a race on the username index answers 409 like the check before it. */
export async function guardUnique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw usernameConflict();
    throw error;
  }
}

export async function assertUsernameFree(db: Db, username: string, exceptUserId?: number | null) {
  if (await usernameTaken(db, username, exceptUserId)) throw usernameConflict();
}

/**
 * A role the caller may hand out: one of its corporate's; the all-access roles only by an
 * all-access caller; the Doctor role only with a doctor record (Master Dokter).
 */
export async function assignableRole(
  db: Db,
  session: AuthSession,
  roleUid: string,
  opts: { doctor: boolean },
) {
  const role = await corporateRole(db, session.corpId, { uid: roleUid });
  if (!role) throw new AppError(400, 'staffApi.roleUnknown');
  if (ALL_ACCESS_ROLES.includes(role.name) && !ALL_ACCESS_ROLES.includes(session.roleName))
    throw new AppError(403, 'staffApi.roleNotAllowed', { role: role.name });
  // a doctor may hold another role (a clinic's head is often its doctor); the Doctor role needs a doctor
  if (role.name === ROLES.doctor && !opts.doctor) throw new AppError(400, 'staffApi.doctorRoleViaMaster');
  return role;
}

/** `GET settings/pharmacy/employees/where`: the own profile, or any in scope for /Setting/employee. */
export async function employeeProfile(db: Db, session: AuthSession, uid: string) {
  const row = await corporateEmployee(db, session, uid);
  if (row.id !== session.employeeId) {
    if (!can(session, 'employee.manage')) throw forbidden('staffApi.notOwnProfile');
    assertClinicInScope(session, row.clinicId);
  }
  return toEmployeeProfile(row);
}

export async function listEmployees(db: Db, session: AuthSession, q: EmployeeListQuery) {
  if (q.clinicId !== undefined) assertClinicInScope(session, q.clinicId);
  const { rows, total } = await pageEmployees(
    db,
    session.corpId,
    { clinicIds: session.clinicIds, corporateLevel: corporateLevel(session) },
    q,
  );
  return pageOf(rows.map(toEmployeeProfile), total, q);
}

export async function createEmployee(db: Db, session: AuthSession, input: EmployeeCreateInput, ip: string) {
  assertClinicInScope(session, input.clinicId);
  const role = await assignableRole(db, session, input.role, { doctor: false });
  await assertUsernameFree(db, input.username);
  const passwordHash = await hashPassword(input.password);
  const uid = newUid();
  const userUid = newUid();
  await guardUnique(() =>
    db.transaction(async (tx) => {
      const employee = await insertEmployee(tx, {
        uid,
        corpId: session.corpId,
        clinicId: input.clinicId,
        name: input.name,
        email: input.email,
        gender: input.gender,
        dob: fromDDMMYYYY(input.dob) ?? null,
        icNumber: input.icNumber || null,
        ihsNumber: input.ihsNumber || null,
        passport: input.passport || null,
        others: input.others || null,
        address: input.address || null,
        phoneNumber: input.phoneNumber || null,
      });
      await insertUser(tx, {
        uid: userUid,
        username: input.username,
        passwordHash,
        name: input.name,
        roleId: role.id,
        corpId: session.corpId,
        clinicId: input.clinicId,
        employeeId: employee.id,
        // the Admin chose this password: the new user picks their own at the first login
        mustChangePassword: true,
      });
      await audit(tx, session, ip, 'employee.create', uid, input.clinicId, {
        name: input.name,
        username: input.username,
        role: role.name,
        mustChangePassword: true,
      });
    }),
  );
  return { uidEmployee: uid, userId: userUid };
}

async function audit(
  tx: Tx,
  session: AuthSession,
  ip: string,
  action: string,
  entityId: string,
  clinicId: number | null,
  detail: unknown,
) {
  await writeAudit(tx, {
    userId: session.userId,
    corpId: session.corpId,
    clinicId,
    action,
    entity: 'employee',
    entityId,
    ip,
    detail,
  });
}

/** Optional text: '' clears it, undefined leaves it. */
export const nullIfEmpty = (v: string | undefined) => (v === undefined ? undefined : v.trim() || null);

/**
 * `PATCH settings/employee`. The own profile (spec 2.6): role, clinic, username and the active
 * switch are not editable and are ignored. /Setting/employee holders edit anyone in scope.
 */
export async function editEmployee(db: Db, session: AuthSession, input: EmployeeEditInput, ip: string) {
  const target = await corporateEmployee(db, session, input.uidEmployee);
  const own = target.id === session.employeeId;
  if (!own) {
    if (!can(session, 'employee.manage')) throw forbidden('staffApi.notOwnProfile');
    assertClinicInScope(session, target.clinicId);
    // an Admin must not take over (password, username, deactivation) an all-access account
    if (
      target.roleName &&
      ALL_ACCESS_ROLES.includes(target.roleName) &&
      !ALL_ACCESS_ROLES.includes(session.roleName)
    )
      throw new AppError(403, 'staffApi.accountProtected', { role: target.roleName });
  }
  if (input.userId !== undefined && input.userId !== target.userUid)
    throw forbidden('staffApi.notOwnProfile');
  const d = input.updateData;

  let roleId: number | undefined;
  let clinicId: number | undefined;
  let username: string | undefined;
  let active: boolean | undefined;
  if (!own) {
    if (d.role !== undefined && d.role !== target.roleUid) {
      roleId = (await assignableRole(db, session, d.role, { doctor: target.doctorId !== null })).id;
    }
    if (d.clinicId !== undefined && d.clinicId !== target.clinicId) {
      assertClinicInScope(session, d.clinicId);
      clinicId = d.clinicId;
    }
    if (target.userId !== null && d.username.toLowerCase() !== target.username?.toLowerCase()) {
      await assertUsernameFree(db, d.username, target.userId);
    }
    username = d.username;
    active = d.active;
  }
  // the own password needs the current one; another's, set by an Admin, must be changed at its next login
  if (own && d.password)
    await checkCurrentPassword(db, session, d.currentPassword, ip, 'updateData.currentPassword');
  const passwordHash = d.password ? await hashPassword(d.password) : undefined;

  await guardUnique(() =>
    db.transaction(async (tx) => {
      await updateEmployee(tx, target.id, {
        name: d.name,
        email: d.email,
        gender: d.gender,
        dob: fromDDMMYYYY(d.dob),
        icNumber: nullIfEmpty(d.icNumber),
        ihsNumber: nullIfEmpty(d.ihsNumber),
        passport: nullIfEmpty(d.passport),
        others: nullIfEmpty(d.others),
        address: nullIfEmpty(d.address),
        phoneNumber: nullIfEmpty(d.phoneNumber),
        clinicId,
        active,
        updatedAt: new Date(),
      });
      if (target.userId !== null) {
        await updateUser(tx, target.userId, {
          name: d.name,
          username,
          roleId,
          clinicId,
          active,
          passwordHash,
          mustChangePassword: passwordHash ? !own : undefined,
          updatedAt: new Date(),
        });
        if (active === false) await endSessions(tx, target.userId);
        // a new password ends every other session of that login
        else if (passwordHash) await endSessions(tx, target.userId, own ? session.sessionId : undefined);
        if (passwordHash)
          await auditPassword(tx, session, ip, own ? 'password.change' : 'password.reset', target.userUid, {
            username: username ?? target.username,
          });
      }
      await audit(tx, session, ip, own ? 'profile.update' : 'employee.update', target.uid, target.clinicId, {
        fields: Object.keys(d).filter((k) => k !== 'password' && k !== 'currentPassword'),
        passwordChanged: Boolean(passwordHash),
        ...(roleId !== undefined && { roleUid: d.role }),
        ...(clinicId !== undefined && { clinicId }),
        ...(active !== undefined && { active }),
      });
    }),
  );
}

const PHOTO_URL = new RegExp(
  `^${API_PREFIX.replaceAll('/', '\\/')}\\/files\\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$`,
);

/** A photo must be a file uploaded to this corporate (no outside address lands in the header). */
async function checkedPhoto(db: Db, session: AuthSession, photo: string | null | undefined) {
  if (photo === undefined) return undefined;
  if (photo === null || photo === '') return null;
  const uid = PHOTO_URL.exec(photo)?.[1];
  if (!uid || !(await isStoredFile(db, session.corpId, uid)))
    throw new AppError(400, 'staffApi.photoInvalid');
  return photo;
}

/**
 * `PATCH settings/doctors/profile/edit`: the caller's own profile only, whatever ids it names.
 * Writes name, password, IC and health ID, phone, address and photo; never username, role,
 * clinic or specialist (spec 2.5, 6).
 */
export async function editOwnProfile(db: Db, session: AuthSession, input: ProfileEditInput, ip: string) {
  const own =
    (input.doctorId === undefined || input.doctorId === session.doctorId) &&
    (input.uidEmployee === undefined || input.uidEmployee === session.employeeUid) &&
    (input.idEmployee === undefined || input.idEmployee === session.employeeId) &&
    input.userId === session.userUid;
  if (!own) throw forbidden('staffApi.notOwnProfile');
  const target = session.employeeId ? await findEmployeeById(db, session.employeeId) : null;
  if (!target) throw notFoundEmployee();
  const d = input.updateData;
  const photo = await checkedPhoto(db, session, d.photo);
  if (d.password)
    await checkCurrentPassword(db, session, d.currentPassword, ip, 'updateData.currentPassword');
  const passwordHash = d.password ? await hashPassword(d.password) : undefined;

  await db.transaction(async (tx) => {
    await updateEmployee(tx, target.id, {
      name: d.name,
      icNumber: d.icNumber,
      ihsNumber: nullIfEmpty(d.ihsNumber),
      phoneNumber: d.phoneNumber,
      address: nullIfEmpty(d.address),
      updatedAt: new Date(),
    });
    await updateUser(tx, session.userId, {
      name: d.name,
      imageUrl: photo,
      passwordHash,
      mustChangePassword: passwordHash ? false : undefined,
      updatedAt: new Date(),
    });
    if (target.doctorId !== null && photo !== undefined) await updateDoctorPhoto(tx, target.doctorId, photo);
    if (passwordHash) {
      await endSessions(tx, session.userId, session.sessionId);
      await auditPassword(tx, session, ip, 'password.change', session.userUid);
    }
    await audit(tx, session, ip, 'profile.update', target.uid, target.clinicId, {
      fields: Object.keys(d).filter((k) => k !== 'password' && k !== 'currentPassword'),
      passwordChanged: Boolean(passwordHash),
    });
  });
}
