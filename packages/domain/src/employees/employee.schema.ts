import { z } from '../common/zod-config.ts';

/** A role as a staff answer names it. */
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
export type EmployeeSummary = z.infer<typeof employeeSummarySchema>;
