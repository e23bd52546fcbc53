import type { LabWork } from '@klinikita/domain/lab/lab-results.schema';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labReports, registrations } from '../../db/schema/index.ts';
import { seedDemoLabResults } from '../../db/seed/lab-results.ts';
import { seedDemoDay } from '../../db/seed/registrations.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';

/** The demo's lab reports read back through the API as the lab's screen reads them. */

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoDay(ctx.database.db);
  token = await loginAs(ctx.app, 'lab');
});
afterAll(() => ctx.close());

const workOf = async (uid: string) => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `${API}/lab-results/visits/${uid}`,
    headers: { authorization: token },
  });
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data as LabWork;
};

describe('the demo lab results', () => {
  it('gives today’s lab-done visits a released report and sampled ones a draft, once', async () => {
    const db = ctx.database.db;
    // the demo's start-up (prepareDatabase) already gave them their reports: a second run adds none
    expect(await seedDemoLabResults(db)).toBe(0);
    const visits = await db
      .select({ uid: registrations.uid, labDone: registrations.labDone, status: labReports.status })
      .from(registrations)
      .innerJoin(labReports, eq(labReports.registrationId, registrations.id))
      .where(and(eq(registrations.clinicId, 11), inArray(registrations.serviceType, ['LAB', 'MCU'])));
    const released = visits.find((v) => v.labDone);
    const draft = visits.find((v) => !v.labDone);
    expect(released?.status).toBe('released');
    expect(draft?.status).toBe('draft');

    // every typed parameter of the order has its value, as validation required
    const done = await workOf(released!.uid);
    expect(done.tests.length).toBeGreaterThan(1);
    const typed = done.tests.flatMap((t) => t.parameters).filter((p) => !p.formula);
    const valued = new Set(done.report!.values.map((v) => v.parameterUid));
    expect(typed.filter((p) => !valued.has(p.uid))).toEqual([]);
    expect(done.report!.values.some((v) => v.calculated)).toBe(true);

    const sampled = await workOf(draft!.uid);
    expect(sampled.report?.values.length).toBeGreaterThan(0);
  });
});
