import { toDDMMYYYY } from '@klinikita/domain/common/dates';
import type { EmployeeProfile } from '@klinikita/domain/employees/employee.schema';

export interface EmployeeRow {
  id: number;
  uid: string;
  corpId: number;
  name: string;
  email: string | null;
  gender: 'M' | 'F' | 'N';
  dob: string | null;
  icNumber: string | null;
  ihsNumber: string | null;
  passport: string | null;
  others: string | null;
  address: string | null;
  phoneNumber: string | null;
  clinicId: number | null;
  active: boolean;
  clinicUid: string | null;
  clinicName: string | null;
  userId: number | null;
  userUid: string | null;
  username: string | null;
  imageUrl: string | null;
  userActive: boolean | null;
  roleUid: string | null;
  roleName: string | null;
  doctorId: number | null;
}

export function toEmployeeProfile(row: EmployeeRow): EmployeeProfile {
  return {
    uidEmployee: row.uid,
    userId: row.userUid,
    name: row.name,
    username: row.username,
    email: row.email,
    role: row.roleUid && row.roleName ? { _id: row.roleUid, role: row.roleName } : null,
    gender: row.gender,
    dob: toDDMMYYYY(row.dob),
    icNumber: row.icNumber,
    ihsNumber: row.ihsNumber,
    passport: row.passport,
    others: row.others,
    address: row.address,
    phoneNumber: row.phoneNumber,
    clinicId: row.clinicId,
    uidClinic: row.clinicUid,
    clinicName: row.clinicName,
    imageUrl: row.imageUrl,
    // a person is active when both the employee record and the login are
    active: row.active && row.userActive !== false,
    doctorId: row.doctorId,
  };
}
