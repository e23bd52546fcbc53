import { addDays, clinicDay } from '@klinikita/domain/common/clinic-day';
import { expect } from 'vitest';
import { API, json, loginAs, type TestContext } from '../../../test/test-app.ts';

/** The stock tests' calls: items with packaging units, locations, receipts, the stock of a location. */

export const TODAY = clinicDay('Asia/Jakarta');
export const day = (n: number) => addDays(TODAY, n);

export function inventoryKit(ctx: TestContext) {
  const tokens: Record<string, string> = {};
  let serial = 0;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who = 'farmasi', payload?: object) =>
    ctx.app.inject({ method, url: `${API}${url}`, headers: { authorization: tokens[who] }, payload });

  /** A call that must succeed; its `data`. */
  const must = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, who = 'farmasi') => {
    const res = await call(method, url, who, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return json(res).data;
  };

  return {
    tokens,
    call,
    must,
    async login(...users: [string, string?][]) {
      for (const [name, password] of users) tokens[name] = await loginAs(ctx.app, name, password);
    },
    /** A drug of the master counted in TAB, sold in STRIP of 10 and BOX of 100. */
    async newItem(name = `Obat Stok ${++serial}`, over: object = {}, who = 'farmasi') {
      const drug = await must(
        'POST',
        '/settings/pharmacy/drugs',
        { name, form: 'tablet', strength: '500 mg', unit: 'tablet', price: 1000 },
        who,
      );
      await must(
        'PUT',
        `/inventory/items/${drug.uid}`,
        {
          kind: 'drug',
          drugClass: 'hard',
          baseUnit: 'TAB',
          minStock: 0,
          units: [
            { name: 'STRIP', factor: 10 },
            { name: 'BOX', factor: 100 },
          ],
          ...over,
        },
        who,
      );
      return drug.uid as string;
    },
    async newLocation(name: string, type = 'warehouse', clinicId = 10, who = 'farmasi') {
      return (await must('POST', '/inventory/locations', { clinicId, name, type }, who)).uid as string;
    },
    receive(location: string, itemUid: string, over: object = {}, who = 'farmasi') {
      return call('POST', `/inventory/locations/${location}/receipts`, who, {
        itemUid,
        batchNumber: 'B1',
        expiryDate: day(365),
        quantity: 10,
        unit: 'TAB',
        unitCost: 500,
        ...over,
      });
    },
    issue(location: string, itemUid: string, over: object = {}, who = 'farmasi') {
      return call('POST', `/inventory/locations/${location}/issues`, who, {
        itemUid,
        quantity: 1,
        unit: 'TAB',
        ...over,
      });
    },
    /** The item's row in the location's stock, or undefined. */
    async stockOf(location: string, itemUid: string, who = 'farmasi') {
      const page = await must('GET', `/inventory/locations/${location}/stock?limit=100`, undefined, who);
      return page.docs.find((d: { itemUid: string }) => d.itemUid === itemUid);
    },
    async card(location: string, itemUid: string, query = '', who = 'farmasi') {
      return must('GET', `/inventory/locations/${location}/items/${itemUid}/card${query}`, undefined, who);
    },
    async consistency(clinicId = 10, who = 'farmasi') {
      return must('GET', `/inventory/consistency?clinicId=${clinicId}`, undefined, who);
    },
  };
}
