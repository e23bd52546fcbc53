import { count, eq } from 'drizzle-orm';
import { SEED_KFA_CODES } from '../../integrations/satusehat/simulator/simulator.codes.ts';
import { newUid } from '../../shared/crypto.ts';
import type { Executor } from '../../shared/sql.ts';
import { drugs } from '../schema/index.ts';
import { DEMO_DRUGS } from './drugs.data.ts';

/**
 * The demo's most prescribed drugs (name and strength) with KFA codes, so that their dispensing is
 * accepted by the demo's SATUSEHAT simulator. These are SAMPLE codes the bundled simulator knows
 * (simulator.codes.ts), not the drugs' real KFA codes: a clinic fills the real ones from the KFA
 * browser. The other demo drugs have none, and their dispensing waits ("obat belum memiliki kode KFA").
 */
const SAMPLE_KFA_DRUGS = [
  'Paracetamol 500 mg',
  'Amoxicillin 500 mg',
  'Omeprazole 20 mg',
  'Antasida DOEN 200 mg/200 mg',
  'Cetirizine 10 mg',
  'Amlodipine 10 mg',
  'Amlodipine 5 mg',
  'Simvastatin 20 mg',
  'Ciprofloxacin 500 mg',
  'CTM 4 mg',
  'Ambroxol 30 mg',
  'Ibuprofen 400 mg',
] as const;
const sampleKfa = new Map<string, string>(SAMPLE_KFA_DRUGS.map((drug, i) => [drug, SEED_KFA_CODES[i]]));

/** The demo corporate's drug master, only when it has none yet. */
export async function seedDemoDrugs(db: Executor, corpId: number): Promise<void> {
  const [{ n }] = await db.select({ n: count() }).from(drugs).where(eq(drugs.corpId, corpId));
  if (n > 0) return;
  await db.insert(drugs).values(
    DEMO_DRUGS.map((d) => ({
      uid: newUid(),
      corpId,
      name: d.name,
      genericName: d.genericName,
      form: d.form,
      strength: d.strength,
      unit: d.unit,
      price: d.price,
      kfaCode: sampleKfa.get(`${d.name} ${d.strength}`) ?? null,
      active: d.active ?? true,
    })),
  );
}
