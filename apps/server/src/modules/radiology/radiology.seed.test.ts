import type { Paged } from '@klinikita/domain/common/paged';
import type { RadiologyWork, RadiologyWorklistItem } from '@klinikita/domain/radiology/radiology.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoRadiology } from '../../db/seed/radiology.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';

/** The demo's radiology reports read back through the API as the desk's screen reads them. */

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestApp();
  token = await loginAs(ctx.app, 'radiologi');
});
afterAll(() => ctx.close());

const get = async (url: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: `${API}${url}`, headers: { authorization: token } });
  expect(res.statusCode, res.body).toBe(200);
  return res;
};

describe('the demo radiology reports', () => {
  it('opens Cikarang’s worklist on every step: no report, draft, signed, one amended; once', async () => {
    // the demo's start-up (prepareDatabase) already gave the day's visits their reports
    expect(await seedDemoRadiology(ctx.database.db)).toBe(0);
    const list = json(await get('/radiology/worklist?clinicId=11&limit=100'))
      .data as Paged<RadiologyWorklistItem>;
    const statuses = new Set(list.docs.map((d) => d.status));
    expect([...statuses].sort()).toEqual(['draft', 'none', 'signed']);
    expect(new Set(list.docs.map((d) => d.accessionNumber)).size).toBe(list.docs.length);
    const amended = list.docs.filter((d) => d.amended);
    expect(amended).toHaveLength(1);
    expect(amended[0]).toMatchObject({ status: 'signed', modality: 'CR', examination: 'Foto Thorax PA' });
    const work = json(await get(`/radiology/visits/${amended[0].registrationId}`)).data as RadiologyWork;
    expect(work.report).toMatchObject({ version: 2, status: 'signed', template: 'chestMcu' });
    expect(work.report.findings).toContain('Cor tidak membesar');
    expect(work.history).toMatchObject([{ version: 1, status: 'replaced' }]);
    const pdf = await get(`/radiology/visits/${amended[0].registrationId}/pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });
});
