import { z } from 'zod';

/** 'YYYY-MM-DD' (database) → 'DD/MM/YYYY' (spec 5); null stays null. */
export const toDmy = (date: string | null) => {
  if (!date) return null;
  const [y, m, d] = date.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
};

/** 'DD/MM/YYYY' → 'YYYY-MM-DD'; '' clears the date, undefined leaves it. */
export const fromDmy = (text: string | undefined) => {
  if (text === undefined) return undefined;
  if (text === '') return null;
  const [d, m, y] = text.split('/');
  return `${y}-${m}-${d}`;
};

export const roleRefSchema = z.object({ _id: z.string(), role: z.string() });

/** Employee profile of spec 3, read by `settings/pharmacy/employees/where`. */
export const employeeProfileSchema = z.object({
  uidEmployee: z.string(),
  userId: z.string().nullable(),
  name: z.string(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  role: roleRefSchema.nullable(),
  gender: z.enum(['M', 'F', 'N']),
  dob: z.string().nullable(),
  icNumber: z.string().nullable(),
  ihsNumber: z.string().nullable(),
  passport: z.string().nullable(),
  others: z.string().nullable(),
  address: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  clinicId: z.number().int().nullable(),
  uidClinic: z.string().nullable(),
  clinicName: z.string().nullable(),
  imageUrl: z.string().nullable(),
  active: z.boolean(),
  doctorId: z.number().int().nullable(),
});
export type EmployeeProfile = z.infer<typeof employeeProfileSchema>;

/** One row of the `/Setting/employee` list. */
export const employeeSummarySchema = employeeProfileSchema.pick({
  uidEmployee: true,
  userId: true,
  name: true,
  username: true,
  email: true,
  role: true,
  gender: true,
  phoneNumber: true,
  clinicId: true,
  clinicName: true,
  imageUrl: true,
  active: true,
  doctorId: true,
});

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
    dob: toDmy(row.dob),
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
