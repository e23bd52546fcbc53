import { and, eq } from 'drizzle-orm';
import { doctors, files, users } from '../../db/schema/index.ts';
import type { Executor } from '../../shared/sql.ts';

/** A file of the corporate by uid; another corporate's files do not exist for the caller. */
export async function findFile(db: Executor, corpId: number, uid: string) {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.uid, uid), eq(files.corpId, corpId)));
  return row ?? null;
}

export async function insertFile(db: Executor, values: typeof files.$inferInsert) {
  await db.insert(files).values(values);
}

/** The login's photo (header) and, for a doctor, the doctor profile's photo. */
export async function setUserPhoto(db: Executor, userId: number, doctorId: number | null, url: string) {
  await db.update(users).set({ imageUrl: url, updatedAt: new Date() }).where(eq(users.id, userId));
  if (doctorId !== null)
    await db.update(doctors).set({ photo: url, updatedAt: new Date() }).where(eq(doctors.id, doctorId));
}

/** Whether a login or a doctor of the corporate shows this file as its photo. */
export async function isPhotoInUse(db: Executor, corpId: number, url: string) {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.corpId, corpId), eq(users.imageUrl, url)))
    .limit(1);
  if (user) return true;
  const [doctor] = await db
    .select({ id: doctors.id })
    .from(doctors)
    .where(and(eq(doctors.corpId, corpId), eq(doctors.photo, url)))
    .limit(1);
  return Boolean(doctor);
}
