import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clinics, corporates } from '../../db/schema/index.ts';

const clinicColumns = {
  id: clinics.id,
  uid: clinics.uid,
  name: clinics.name,
  corpId: clinics.corpId,
  phoneNumber: clinics.phoneNumber,
  address: clinics.address,
  timeZone: clinics.timeZone,
  mcuSite: clinics.mcuSite,
  accountType: clinics.accountType,
  statusSetup: clinics.statusSetup,
};

export async function findCorporate(db: Db, id: number) {
  const [row] = await db
    .select({
      id: corporates.id,
      uid: corporates.uid,
      name: corporates.name,
      phoneNumber: corporates.phoneNumber,
      address: corporates.address,
      email: corporates.email,
    })
    .from(corporates)
    .where(eq(corporates.id, id));
  return row ?? null;
}

export async function listClinics(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select(clinicColumns)
    .from(clinics)
    .where(and(inArray(clinics.id, ids), isNull(clinics.deletedAt)))
    .orderBy(asc(clinics.id));
}

export async function findClinic(db: Db, id: number) {
  const [row] = await db
    .select(clinicColumns)
    .from(clinics)
    .where(and(eq(clinics.id, id), isNull(clinics.deletedAt)));
  return row ?? null;
}
