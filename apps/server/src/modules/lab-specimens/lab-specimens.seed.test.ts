import type { LabVisitSpecimens } from '@klinikita/domain/lab/lab-specimens.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labSpecimens, registrations } from '../../db/schema/index.ts';
import { seedDemoLabResults } from '../../db/seed/lab-results.ts';
import { seedDemoLabSpecimens } from '../../db/seed/lab-specimens.ts';
import { seedDemoDay } from '../../db/seed/registrations.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';

/** The demo's sample containers read back through the API as the lab's card reads them. */

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoDay(ctx.database.db);
  await seedDemoLabResults(ctx.database.db);
  await seedDemoLabSpecimens(ctx.database.db);
  token = await loginAs(ctx.app, 'lab');
});
afterAll(() => ctx.close());

const specimensOf = async (uid: string) => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `${API}/lab-specimens/visits/${uid}`,
    headers: { authorization: token },
  });
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data as LabVisitSpecimens;
};

describe('the demo sample containers', () => {
  it('has containers in every step, one rejected with its replacement, and adds none on a second run', async () => {
    const db = ctx.database.db;
    expect(await seedDemoLabSpecimens(db)).toBe(0);
    const rows = await db
      .select({ uid: registrations.uid, clinicId: registrations.clinicId, status: labSpecimens.status })
      .from(labSpecimens)
      .innerJoin(registrations, eq(registrations.id, labSpecimens.registrationId));
    expect(new Set(rows.map((r) => r.status))).toEqual(
      new Set(['labelled', 'collected', 'received', 'rejected']),
    );
    const rejectedVisit = rows.find((r) => r.status === 'rejected')!;
    if (rejectedVisit.clinicId !== 11) return;
    const visit = await specimensOf(rejectedVisit.uid);
    const rejected = visit.specimens.find((s) => s.status === 'rejected')!;
    expect(rejected.rejectReason).toBe('Sampel hemolisis');
    expect(visit.specimens.find((s) => s.replacesBarcode === rejected.barcode)).toMatchObject({
      status: 'labelled',
    });
    expect(visit.samplingDone).toBe(false);
  });
});
