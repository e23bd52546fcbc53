import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { clinics, corporates, doctorClinics, doctors, employees, roles, users } from '../db/schema/index.ts';
import { grantMenus } from '../db/seed/demo.ts';
import { hashPassword, newUid } from '../shared/crypto.ts';

/**
 * A second corporate (clinic 20) with an admin `adminlain` holding every staff menu and a doctor:
 * nothing of the demo chain may be reached from it, nor it from the demo chain.
 */
export async function addForeignCorporate(db: Db) {
  const [corp] = await db.insert(corporates).values({ uid: newUid(), name: 'Klinik Lain Group' }).returning();
  await db.insert(clinics).values({ id: 20, uid: newUid(), corpId: corp.id, name: 'Klinik Lain Bandung' });
  const [adminRole] = await db
    .insert(roles)
    .values({ uid: newUid(), corpId: corp.id, name: 'Admin', builtIn: true })
    .returning();
  await grantMenus(db, adminRole.id, [
    'masterData',
    'masterDoctor',
    'schedule',
    'setting',
    'settingEmployee',
  ]);
  const [employee] = await db
    .insert(employees)
    .values({ uid: newUid(), corpId: corp.id, clinicId: 20, name: 'Dokter Lain' })
    .returning();
  const [doctor] = await db
    .insert(doctors)
    .values({ uid: newUid(), corpId: corp.id, employeeId: employee.id })
    .returning();
  await db.insert(doctorClinics).values({ doctorId: doctor.id, clinicId: 20 });
  await db.insert(users).values({
    uid: newUid(),
    username: 'adminlain',
    passwordHash: await hashPassword('rahasia123'),
    name: 'Admin Lain',
    roleId: adminRole.id,
    corpId: corp.id,
    clinicId: 20,
  });
  return { corpId: corp.id, doctorId: doctor.id, employeeUid: employee.uid, password: 'rahasia123' };
}

export async function userByName(db: Db, username: string) {
  const [row] = await db.select().from(users).where(eq(users.username, username));
  return row;
}

/** A multipart/form-data body with the given files (and fields). */
export function multipart(
  parts: { field: string; filename?: string; type?: string; content: Buffer | string }[],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----klinikita${Date.now().toString(16)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = p.filename
      ? `form-data; name="${p.field}"; filename="${p.filename}"`
      : `form-data; name="${p.field}"`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.filename ? `Content-Type: ${p.type ?? 'application/octet-stream'}\r\n` : ''}\r\n`,
      ),
      Buffer.isBuffer(p.content) ? p.content : Buffer.from(p.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The smallest real images of each accepted kind. */
export const IMAGES = {
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
  gif: Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
  jpeg: Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\0'),
    Buffer.alloc(64),
  ]),
};

/** One demo user per role of the spec (the security suites call every route and move as each). */
export const DEMO_ROLE_USERS = [
  'superadmin',
  'admin',
  'dokter',
  'perawat',
  'pendaftaran',
  'radiologi',
  'lab',
  'farmasi',
  'kasir',
  'applimetis',
] as const;
