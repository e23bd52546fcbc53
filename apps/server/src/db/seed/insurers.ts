import { and, eq } from 'drizzle-orm';
import { newUid } from '../../shared/crypto.ts';
import type { Executor } from '../../shared/sql.ts';
import { insurers } from '../schema/index.ts';

/**
 * The demo insurer master (issue 18 §6): a TPA with coverage rules — a per-visit and per-year
 * ceiling, a fixed co-pay and MCU not covered — and BPJS Kesehatan, which covers everything. The
 * demo day's insurance visits are paid through the TPA, its BPJS visits through BPJS.
 */
export const DEMO_TPA = 'AdMedika (TPA)';
export const DEMO_BPJS = 'BPJS Kesehatan';

export async function seedInsurers(db: Executor, corpId: number): Promise<void> {
  await db
    .insert(insurers)
    .values([
      {
        uid: newUid(),
        corpId,
        name: DEMO_TPA,
        code: 'ADM',
        kind: 'tpa',
        contactName: 'Provider Relations AdMedika',
        phone: '021-29380900',
        email: 'provider@admedika.example',
        address: 'Plaza Kuningan, Menara Selatan Lt. 3, Jakarta Selatan',
        paymentTermDays: 30,
        ceilingPerVisit: 750_000,
        ceilingPerYear: 10_000_000,
        copayType: 'fixed',
        copayValue: 25_000,
        excludedGroups: ['mcu'],
      },
      {
        uid: newUid(),
        corpId,
        name: DEMO_BPJS,
        code: 'BPJS',
        kind: 'bpjs',
        paymentTermDays: 15,
      },
    ])
    .onConflictDoNothing();
}

/** The demo insurers' ids by payer type (null when the corporate has none of them). */
export async function demoInsurerIds(db: Executor, corpId: number) {
  const idOf = async (name: string) => {
    const [row] = await db
      .select({ id: insurers.id })
      .from(insurers)
      .where(and(eq(insurers.corpId, corpId), eq(insurers.name, name)));
    return row?.id ?? null;
  };
  return { insurance: await idOf(DEMO_TPA), bpjs: await idOf(DEMO_BPJS) };
}
