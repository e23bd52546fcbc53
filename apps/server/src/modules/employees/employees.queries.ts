import { and, asc, count, eq, ilike, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { clinics, doctors, employees, roles, users } from '../../db/schema/index.ts';
import { containsPattern, type Executor } from '../../shared/sql.ts';
import type { EmployeeRow } from './employees.mapper.ts';

const employeeColumns = {
  id: employees.id,
  uid: employees.uid,
  corpId: employees.corpId,
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
  clinicId: employees.clinicId,
  active: employees.active,
  clinicUid: clinics.uid,
  clinicName: clinics.name,
  userId: users.id,
  userUid: users.uid,
  username: users.username,
  imageUrl: users.imageUrl,
  userActive: users.active,
  roleUid: roles.uid,
  roleName: roles.name,
  doctorId: doctors.id,
};

function employeeSelect(db: Executor) {
  return db
    .select(employeeColumns)
    .from(employees)
    .leftJoin(clinics, eq(clinics.id, employees.clinicId))
    .leftJoin(users, and(eq(users.employeeId, employees.id), isNull(users.deletedAt)))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(doctors, eq(doctors.employeeId, employees.id));
}

/** An employee by uid (of any corporate: the service refuses others), with login, role, clinic, doctor. */
export async function findEmployee(db: Executor, uid: string): Promise<EmployeeRow | null> {
  const [row] = await employeeSelect(db).where(and(eq(employees.uid, uid), isNull(employees.deletedAt)));
  return row ?? null;
}

export async function findEmployeeById(db: Executor, id: number): Promise<EmployeeRow | null> {
  const [row] = await employeeSelect(db).where(and(eq(employees.id, id), isNull(employees.deletedAt)));
  return row ?? null;
}

/** Staff visible to the caller: employees at `clinicIds`, plus corporate-level staff when allowed. */
export async function pageEmployees(
  db: Executor,
  corpId: number,
  scope: { clinicIds: number[]; corporateLevel: boolean },
  q: { search?: string; page: number; limit: number; clinicId?: number; active?: boolean },
) {
  const inScope: SQL[] = [];
  if (scope.clinicIds.length) inScope.push(inArray(employees.clinicId, scope.clinicIds));
  if (scope.corporateLevel) inScope.push(isNull(employees.clinicId));
  const pattern = q.search ? containsPattern(q.search) : null;
  const where = and(
    eq(employees.corpId, corpId),
    isNull(employees.deletedAt),
    inScope.length ? or(...inScope) : sql`false`,
    q.clinicId !== undefined ? eq(employees.clinicId, q.clinicId) : undefined,
    q.active === undefined
      ? undefined
      : q.active
        ? and(eq(employees.active, true), sql`coalesce(${users.active}, true)`)
        : or(eq(employees.active, false), eq(users.active, false)),
    pattern
      ? or(
          ilike(employees.name, pattern),
          ilike(users.username, pattern),
          ilike(employees.email, pattern),
          ilike(employees.phoneNumber, pattern),
        )
      : undefined,
  );
  const [{ total }] = await db
    .select({ total: count() })
    .from(employees)
    .leftJoin(users, and(eq(users.employeeId, employees.id), isNull(users.deletedAt)))
    .where(where);
  const rows = await employeeSelect(db)
    .where(where)
    .orderBy(asc(sql`lower(${employees.name})`), asc(employees.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return { rows, total };
}

/** Usernames are unique without regard to case (the login compares them that way). */
export async function usernameTaken(db: Executor, username: string, exceptUserId?: number | null) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.username}) = lower(${username})`,
        exceptUserId ? ne(users.id, exceptUserId) : undefined,
      ),
    );
  return Boolean(row);
}

export async function insertEmployee(db: Executor, values: typeof employees.$inferInsert) {
  const [row] = await db.insert(employees).values(values).returning({ id: employees.id, uid: employees.uid });
  return row;
}

export async function insertUser(db: Executor, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning({ uid: users.uid });
  return row;
}

/** Sets the fields given (undefined leaves a field as it is). */
export async function updateEmployee(db: Executor, id: number, set: Partial<typeof employees.$inferInsert>) {
  await db.update(employees).set(set).where(eq(employees.id, id));
}

export async function updateUser(db: Executor, id: number, set: Partial<typeof users.$inferInsert>) {
  await db.update(users).set(set).where(eq(users.id, id));
}

export async function updateDoctorPhoto(db: Executor, doctorId: number, photo: string | null) {
  await db.update(doctors).set({ photo, updatedAt: new Date() }).where(eq(doctors.id, doctorId));
}
