import {
  and,
  asc,
  count,
  eq,
  exists,
  ilike,
  inArray,
  isNull,
  notExists,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import {
  clinics,
  doctorClinics,
  doctorScheduleDays,
  doctorScheduleSlots,
  doctors,
  employees,
  roles,
  specialists,
  users,
} from '../../db/schema/index.ts';
import { containsPattern, type Executor } from '../../shared/sql.ts';

export function listSpecialists(db: Executor) {
  return db
    .select({ _id: specialists.uid, name: specialists.name })
    .from(specialists)
    .orderBy(asc(specialists.name));
}

/** A specialist by the list's `_id`, or by its numeric id. */
export async function findSpecialist(db: Executor, ref: string | number) {
  const [row] = await db
    .select({ id: specialists.id, uid: specialists.uid, name: specialists.name })
    .from(specialists)
    .where(typeof ref === 'number' ? eq(specialists.id, ref) : eq(specialists.uid, ref));
  return row ?? null;
}

const doctorColumns = {
  doctorId: doctors.id,
  corpId: doctors.corpId,
  title: doctors.title,
  profile: doctors.profile,
  photo: doctors.photo,
  enabled: doctors.enabled,
  specialistUid: specialists.uid,
  specialistName: specialists.name,
  employeeId: employees.id,
  employeeUid: employees.uid,
  name: employees.name,
  email: employees.email,
  gender: employees.gender,
  dob: employees.dob,
  icNumber: employees.icNumber,
  ihsNumber: employees.ihsNumber,
  passport: employees.passport,
  others: employees.others,
  address: employees.address,
  phoneNumber: employees.phoneNumber,
  employeeActive: employees.active,
  employeeClinicId: employees.clinicId,
  userId: users.id,
  userUid: users.uid,
  username: users.username,
  userClinicId: users.clinicId,
  userActive: users.active,
  roleUid: roles.uid,
  roleName: roles.name,
};
export type DoctorRow = Awaited<ReturnType<typeof findDoctor>> & {};

function doctorSelect(db: Executor) {
  return db
    .select(doctorColumns)
    .from(doctors)
    .innerJoin(employees, eq(employees.id, doctors.employeeId))
    .leftJoin(specialists, eq(specialists.id, doctors.specialistId))
    .leftJoin(users, and(eq(users.doctorId, doctors.id), isNull(users.deletedAt)))
    .leftJoin(roles, eq(roles.id, users.roleId));
}

/** A doctor by id (of any corporate: the service refuses others). */
export async function findDoctor(db: Executor, doctorId: number) {
  const [row] = await doctorSelect(db).where(and(eq(doctors.id, doctorId), isNull(employees.deletedAt)));
  return row ?? null;
}

/** Clinics of these doctors, by clinic id. */
export async function clinicsOfDoctors(db: Executor, doctorIds: number[]) {
  if (!doctorIds.length) return [];
  return db
    .select({ doctorId: doctorClinics.doctorId, id: clinics.id, uid: clinics.uid, name: clinics.name })
    .from(doctorClinics)
    .innerJoin(clinics, eq(clinics.id, doctorClinics.clinicId))
    .where(and(inArray(doctorClinics.doctorId, doctorIds), isNull(clinics.deletedAt)))
    .orderBy(asc(clinics.id));
}

/** Doctors practising at one of `clinicIds`, and doctors with no clinic when `corporateLevel`. */
function doctorScope(scope: { clinicIds: number[]; corporateLevel: boolean }): SQL {
  const at = (ids: number[]) =>
    exists(
      sql`(SELECT 1 FROM ${doctorClinics} WHERE ${doctorClinics.doctorId} = ${doctors.id} AND ${inArray(doctorClinics.clinicId, ids)})`,
    );
  const parts: SQL[] = [];
  if (scope.clinicIds.length) parts.push(at(scope.clinicIds));
  if (scope.corporateLevel)
    parts.push(
      notExists(sql`(SELECT 1 FROM ${doctorClinics} WHERE ${doctorClinics.doctorId} = ${doctors.id})`),
    );
  return parts.length ? (or(...parts) as SQL) : sql`false`;
}

export async function pageDoctors(
  db: Executor,
  corpId: number,
  scope: { clinicIds: number[]; corporateLevel: boolean },
  q: { search?: string; page: number; limit: number; clinicId?: number; enabled?: boolean },
) {
  const pattern = q.search ? containsPattern(q.search) : null;
  const where = and(
    eq(doctors.corpId, corpId),
    isNull(employees.deletedAt),
    doctorScope(scope),
    q.clinicId !== undefined ? doctorScope({ clinicIds: [q.clinicId], corporateLevel: false }) : undefined,
    q.enabled !== undefined ? eq(doctors.enabled, q.enabled) : undefined,
    pattern
      ? or(
          ilike(employees.name, pattern),
          ilike(doctors.title, pattern),
          ilike(specialists.name, pattern),
          ilike(users.username, pattern),
          ilike(employees.email, pattern),
          ilike(employees.phoneNumber, pattern),
        )
      : undefined,
  );
  const [{ total }] = await db
    .select({ total: count() })
    .from(doctors)
    .innerJoin(employees, eq(employees.id, doctors.employeeId))
    .leftJoin(specialists, eq(specialists.id, doctors.specialistId))
    .leftJoin(users, and(eq(users.doctorId, doctors.id), isNull(users.deletedAt)))
    .where(where);
  const rows = await doctorSelect(db)
    .where(where)
    .orderBy(asc(sql`lower(${employees.name})`), asc(doctors.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return { rows, total };
}

/** A doctor's records at once: the employee, the doctor, its clinics and its login. */
export async function insertDoctorWithLogin(
  tx: Executor,
  rows: {
    employee: typeof employees.$inferInsert;
    doctor: Omit<typeof doctors.$inferInsert, 'employeeId'>;
    clinicIds: number[];
    user: Omit<typeof users.$inferInsert, 'employeeId' | 'doctorId'>;
  },
) {
  const [employee] = await tx
    .insert(employees)
    .values(rows.employee)
    .returning({ id: employees.id, uid: employees.uid });
  const [doctor] = await tx
    .insert(doctors)
    .values({ ...rows.doctor, employeeId: employee.id })
    .returning({ id: doctors.id });
  await tx
    .insert(doctorClinics)
    .values(rows.clinicIds.map((clinicId) => ({ doctorId: doctor.id, clinicId })));
  const [user] = await tx
    .insert(users)
    .values({ ...rows.user, employeeId: employee.id, doctorId: doctor.id })
    .returning({ uid: users.uid });
  return { employee, doctor, user };
}

/** Sets the fields given of the doctor, its employee and its login (undefined leaves a field). */
export async function updateDoctorRecords(
  tx: Executor,
  ids: { doctorId: number; employeeId: number; userId: number | null },
  set: {
    doctor: Partial<typeof doctors.$inferInsert>;
    employee: Partial<typeof employees.$inferInsert>;
    user: Partial<typeof users.$inferInsert>;
  },
) {
  await tx.update(doctors).set(set.doctor).where(eq(doctors.id, ids.doctorId));
  await tx.update(employees).set(set.employee).where(eq(employees.id, ids.employeeId));
  if (ids.userId !== null) await tx.update(users).set(set.user).where(eq(users.id, ids.userId));
}

/** Replaces the doctor's clinics; its schedule at a clinic it left goes with it. */
export async function replaceDoctorClinics(tx: Executor, doctorId: number, clinicIds: number[]) {
  await tx.delete(doctorClinics).where(eq(doctorClinics.doctorId, doctorId));
  await tx.insert(doctorClinics).values(clinicIds.map((clinicId) => ({ doctorId, clinicId })));
  await tx
    .delete(doctorScheduleSlots)
    .where(
      and(eq(doctorScheduleSlots.doctorId, doctorId), notInArray(doctorScheduleSlots.clinicId, clinicIds)),
    );
  await tx
    .delete(doctorScheduleDays)
    .where(
      and(eq(doctorScheduleDays.doctorId, doctorId), notInArray(doctorScheduleDays.clinicId, clinicIds)),
    );
}
