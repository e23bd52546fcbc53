import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { services } from '../../../db/schema/index.ts';
import { seedClinicServices } from '../../../db/seed/clinic-services.ts';
import { newUid } from '../../../shared/crypto.ts';

/** Demo service codes (the service master's seed has them too; whatever it lacks is added here). */
const CATALOGUE: [code: string, nameId: string, nameEn: string, group: string, unit: string][] = [
  ['REG-ADM', 'Biaya Pendaftaran', 'Registration fee', 'registration', 'kali'],
  ['KONS-UMUM', 'Konsultasi Dokter Umum', 'General practitioner consultation', 'consultation', 'kunjungan'],
  ['TND-RAWAT', 'Rawat Luka', 'Wound care', 'procedure', 'tindakan'],
  ['LAB-DL', 'Darah Lengkap', 'Complete blood count', 'lab', 'pemeriksaan'],
  ['LAB-GDS', 'Glukosa Darah Sewaktu', 'Random blood glucose', 'lab', 'pemeriksaan'],
  ['LAB-UA', 'Asam Urat', 'Uric acid', 'lab', 'pemeriksaan'],
  ['LAB-HBSAG', 'HBsAg', 'HBsAg', 'lab', 'pemeriksaan'],
  ['RAD-THORAX', 'Rontgen Thorax PA', 'Chest X-ray PA', 'radiology', 'pemeriksaan'],
  ['FIS-SESI', 'Fisioterapi per Sesi', 'Physiotherapy session', 'physio', 'sesi'],
];

/** The demo catalogue and the demo clinics' services, whether or not the template's seed made them. */
export async function withDemoClinicServices(db: Db, corpId: number) {
  await db
    .insert(services)
    .values(
      CATALOGUE.map(([code, nameId, nameEn, serviceGroup, unit]) => ({
        uid: newUid(),
        corpId,
        code,
        nameId,
        nameEn,
        serviceGroup,
        unit,
      })),
    )
    .onConflictDoNothing();
  await seedClinicServices(db, corpId);
}

/** A service of the corporate by code: its id and public uid. */
export async function serviceByCode(db: Db, corpId: number, code: string) {
  const [row] = await db
    .select({ id: services.id, uid: services.uid, nameId: services.nameId })
    .from(services)
    .where(and(eq(services.corpId, corpId), eq(services.code, code)));
  if (!row) throw new Error(`service ${code} missing`);
  return row;
}

/** A new active service of a group, offered nowhere. */
export async function newService(db: Db, corpId: number, code: string, group: string, nameId = code) {
  const uid = newUid();
  await db
    .insert(services)
    .values({ uid, corpId, code, nameId, nameEn: nameId, serviceGroup: group, unit: 'pemeriksaan' });
  return serviceByCode(db, corpId, code);
}
