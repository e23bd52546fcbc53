import { ROLES } from '@klinikita/domain/access/roles';
import { fromDDMMYYYY } from '@klinikita/domain/common/dates';
import type {
  DoctorCreateInput,
  DoctorListQuery,
  DoctorUpdateInput,
} from '@klinikita/domain/employees/profile.schema';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { assertClinicInScope, can, corporateLevel } from '../../shared/access.ts';
import { writeAudit } from '../../shared/audit.ts';
import { hashPassword, newUid } from '../../shared/crypto.ts';
import { AppError, forbidden } from '../../shared/errors.ts';
import { pageOf } from '../../shared/sql.ts';
import { auditPassword, checkCurrentPassword, endSessions } from '../auth/auth.service.ts';
import {
  assertUsernameFree,
  assignableRole,
  guardUnique,
  nullIfEmpty,
} from '../employees/employees.service.ts';
import { corporateRole } from '../roles/roles.service.ts';
import { toDoctorProfile, toDoctorSummary } from './doctors.mapper.ts';
import {
  clinicsOfDoctors,
  findDoctor,
  findSpecialist,
  insertDoctorWithLogin,
  pageDoctors,
  replaceDoctorClinics,
  updateDoctorRecords,
} from './doctors.queries.ts';

/**
 * A doctor of the caller's corporate (unknown 404, another corporate's 403) with its clinics.
 * Unless it is the caller, it must practise at a clinic in the caller's scope (403).
 */
export async function scopedDoctor(db: Db, session: AuthSession, doctorId: number) {
  const row = await findDoctor(db, doctorId);
  if (!row) throw new AppError(404, 'staffApi.doctorNotFound');
  if (row.corpId !== session.corpId) throw forbidden('api.corporateForbidden');
  const clinicList = await clinicsOfDoctors(db, [doctorId]);
  const visible =
    doctorId === session.doctorId ||
    (clinicList.length ? clinicList.some((c) => session.clinicIds.includes(c.id)) : corporateLevel(session));
  if (!visible) throw forbidden('api.clinicForbidden');
  return { row, clinicList };
}

async function resolveSpecialist(db: Db, ref: string | number | null | undefined) {
  if (ref === undefined) return undefined;
  if (ref === null || ref === '') return null;
  const found = await findSpecialist(db, ref);
  if (!found) throw new AppError(400, 'staffApi.specialistUnknown');
  return found.id;
}

/** `GET settings/myprofile/doctors/edit/profile`: the own doctor profile, or any for /MasterDokter. */
export async function doctorProfile(db: Db, session: AuthSession, doctorId: number) {
  if (doctorId !== session.doctorId && !can(session, 'doctor.manage'))
    throw forbidden('staffApi.notOwnProfile');
  const { row, clinicList } = await scopedDoctor(db, session, doctorId);
  return toDoctorProfile(row, clinicList);
}

export async function listDoctors(db: Db, session: AuthSession, q: DoctorListQuery) {
  if (q.clinicId !== undefined) assertClinicInScope(session, q.clinicId);
  const { rows, total } = await pageDoctors(
    db,
    session.corpId,
    { clinicIds: session.clinicIds, corporateLevel: corporateLevel(session) },
    q,
  );
  const clinicList = await clinicsOfDoctors(
    db,
    rows.map((r) => r.doctorId),
  );
  const docs = rows.map((r) =>
    toDoctorSummary(
      r,
      clinicList.filter((c) => c.doctorId === r.doctorId),
    ),
  );
  return pageOf(docs, total, q);
}

/** `POST settings/doctors`: employee, doctor record, clinics and a login with the Doctor role, at once. */
export async function createDoctor(db: Db, session: AuthSession, input: DoctorCreateInput, ip: string) {
  const clinicIds = [...new Set(input.clinicIds)];
  for (const id of clinicIds) assertClinicInScope(session, id);
  const role = await corporateRole(db, session.corpId, { name: ROLES.doctor });
  if (!role) throw new AppError(400, 'staffApi.roleUnknown');
  const specialistId = await resolveSpecialist(db, input.specialistId);
  await assertUsernameFree(db, input.username);
  const passwordHash = await hashPassword(input.password);
  const primary = clinicIds[0];
  return guardUnique(() =>
    db.transaction(async (tx) => {
      const { employee, doctor, user } = await insertDoctorWithLogin(tx, {
        employee: {
          uid: newUid(),
          corpId: session.corpId,
          clinicId: primary,
          name: input.name,
          email: input.email || null,
          gender: input.gender,
          dob: fromDDMMYYYY(input.dob) ?? null,
          icNumber: input.icNumber,
          ihsNumber: input.ihsNumber || null,
          passport: input.passport || null,
          others: input.others || null,
          address: input.address || null,
          phoneNumber: input.phoneNumber,
        },
        doctor: {
          uid: newUid(),
          corpId: session.corpId,
          title: input.title || null,
          profile: input.profile || null,
          specialistId: specialistId ?? null,
        },
        clinicIds,
        user: {
          uid: newUid(),
          username: input.username,
          passwordHash,
          name: input.name,
          roleId: role.id,
          corpId: session.corpId,
          clinicId: primary,
          // the Admin chose this password: the doctor picks their own at the first login
          mustChangePassword: true,
        },
      });
      await writeAudit(tx, {
        userId: session.userId,
        corpId: session.corpId,
        clinicId: primary,
        action: 'doctor.create',
        entity: 'doctor',
        entityId: String(doctor.id),
        ip,
        detail: { name: input.name, username: input.username, clinicIds, mustChangePassword: true },
      });
      return { doctorId: doctor.id, uidEmployee: employee.uid, userId: user.uid };
    }),
  );
}

/**
 * The doctor's clinics after an edit. `clinicIds` sets those in the caller's scope and keeps the
 * ones outside it (the caller cannot see them); `clinicId` replaces `previousClinicId` (spec 7).
 */
function nextClinics(session: AuthSession, current: number[], d: DoctorUpdateInput['updateData']) {
  if (d.clinicIds) {
    const wanted = [...new Set(d.clinicIds)];
    for (const id of wanted) assertClinicInScope(session, id);
    const hidden = current.filter((id) => !session.clinicIds.includes(id));
    return [...new Set([...wanted, ...hidden])];
  }
  if (d.clinicId !== undefined) {
    assertClinicInScope(session, d.clinicId);
    const previous = d.previousClinicId ?? null;
    if (previous !== null && current.includes(previous)) {
      assertClinicInScope(session, previous);
      return [...new Set(current.map((id) => (id === previous ? d.clinicId! : id)))];
    }
    return current.includes(d.clinicId) ? current : [...current, d.clinicId];
  }
  return current;
}

/** `PATCH settings/doctors` (/MasterDokter): only the fields sent change, all in one transaction. */
export async function updateDoctor(db: Db, session: AuthSession, input: DoctorUpdateInput, ip: string) {
  const { row, clinicList } = await scopedDoctor(db, session, input.doctorId);
  if (input.userId !== undefined && input.userId !== row.userUid) throw forbidden('api.forbidden');
  const d = input.updateData;
  const current = clinicList.map((c) => c.id);
  const clinics = nextClinics(session, current, d);
  const clinicsChanged = clinics.length !== current.length || clinics.some((id) => !current.includes(id));
  const specialistId = await resolveSpecialist(
    db,
    d.specialistId !== undefined ? d.specialistId : d.specialist,
  );
  const role =
    d.role !== undefined && d.role !== row.roleUid
      ? await assignableRole(db, session, d.role, { doctor: true })
      : undefined;
  if (
    d.username !== undefined &&
    row.userId !== null &&
    d.username.toLowerCase() !== row.username?.toLowerCase()
  )
    await assertUsernameFree(db, d.username, row.userId);
  const own = row.userId === session.userId;
  // the own password needs the current one; another's, set by an Admin, must be changed at its next login
  if (own && d.password)
    await checkCurrentPassword(db, session, d.currentPassword, ip, 'updateData.currentPassword');
  const passwordHash = d.password && row.userId !== null ? await hashPassword(d.password) : undefined;
  // the login's clinic follows an explicit clinicId, or moves when its clinic was dropped
  const userClinic =
    d.clinicId ?? (row.userClinicId !== null && !clinics.includes(row.userClinicId) ? clinics[0] : undefined);

  await guardUnique(() =>
    db.transaction(async (tx) => {
      const now = new Date();
      await updateDoctorRecords(tx, row, {
        doctor: {
          title: nullIfEmpty(d.title),
          profile: nullIfEmpty(d.profile),
          specialistId,
          enabled: d.enabled,
          updatedAt: now,
        },
        employee: {
          name: d.name,
          email: nullIfEmpty(d.email),
          gender: d.gender,
          dob: fromDDMMYYYY(d.dob),
          icNumber: d.icNumber,
          ihsNumber: nullIfEmpty(d.ihsNumber),
          passport: nullIfEmpty(d.passport),
          others: nullIfEmpty(d.others),
          address: nullIfEmpty(d.address),
          phoneNumber: d.phoneNumber,
          clinicId: userClinic,
          updatedAt: now,
        },
        user: {
          name: d.name,
          username: d.username,
          roleId: role?.id,
          clinicId: userClinic,
          passwordHash,
          mustChangePassword: passwordHash ? !own : undefined,
          updatedAt: now,
        },
      });
      if (clinicsChanged) await replaceDoctorClinics(tx, row.doctorId, clinics);
      if (row.userId !== null && passwordHash) {
        await endSessions(tx, row.userId, own ? session.sessionId : undefined);
        await auditPassword(tx, session, ip, own ? 'password.change' : 'password.reset', row.userUid, {
          username: d.username ?? row.username,
        });
      }
      await writeAudit(tx, {
        userId: session.userId,
        corpId: session.corpId,
        clinicId: userClinic ?? row.userClinicId,
        action: 'doctor.update',
        entity: 'doctor',
        entityId: String(row.doctorId),
        ip,
        detail: {
          fields: Object.keys(d).filter((k) => k !== 'password' && k !== 'currentPassword'),
          passwordChanged: Boolean(passwordHash),
          ...(clinicsChanged && { clinics }),
          ...(role && { role: role.name }),
        },
      });
    }),
  );
}
