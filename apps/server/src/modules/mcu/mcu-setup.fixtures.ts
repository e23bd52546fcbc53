import { clinicDay } from '@klinikita/domain/common/clinic-day';
import { inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { services } from '../../db/schema/index.ts';
import { multipart } from '../../test/staff-fixtures.ts';
import { API, json, type TestContext } from '../../test/test-app.ts';

/** What the MCU setup API tests share: calls, a company, a package, an event and a participant sheet. */

export type Method = 'GET' | 'POST' | 'PUT';

export function caller(ctx: TestContext, tokens: Record<string, string>) {
  const call = (method: Method, url: string, who: string, payload?: object) =>
    ctx.app.inject({ method, url: `${API}${url}`, headers: { authorization: tokens[who] }, payload });
  const must = async (method: Method, url: string, payload?: object, who = 'admin') => {
    const res = await call(method, url, who, payload);
    if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return json(res).data;
  };
  const upload = (url: string, who: string, content: Buffer, lang = 'id') => {
    const body = multipart([{ field: 'file', filename: 'peserta.xlsx', content }]);
    return ctx.app.inject({
      method: 'POST',
      url: `${API}${url}`,
      headers: { authorization: tokens[who], 'accept-language': lang, ...body.headers },
      payload: body.payload,
    });
  };
  return { call, must, upload };
}

export const today = () => clinicDay('Asia/Jakarta');

/** A plausible NIK for a birth date (women: day + 40) and a serial. */
export function nikFor(birthDate: string, sex: 'L' | 'P', serial: number) {
  const [y, m, d] = birthDate.split('-');
  const day = Number(d) + (sex === 'P' ? 40 : 0);
  return `317101${String(day).padStart(2, '0')}${m}${y.slice(2)}${String(serial).padStart(4, '0')}`;
}

export const HEADER = [
  'NO',
  'NIK-KARYAWAN',
  'NAMA KARYAWAN',
  'NIK',
  'BAGIAN',
  'PEKERJAAN',
  'JENIS PAKET',
  'JK',
  'TGL LAHIR',
  'ALAMAT',
];

/** A participant sheet as a company sends it: NIK and employee number as text. */
export async function sheet(rows: (string | number | Date)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('Peserta');
  ws.addRow(HEADER);
  for (const [i, r] of rows.entries()) ws.addRow([i + 1, ...r]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** An MCU package service with the lab panel as its item, and its MCU part. */
export async function mcuPackage(ctx: TestContext, must: ReturnType<typeof caller>['must'], code: string) {
  const items = await ctx.database.db
    .select({ uid: services.uid })
    .from(services)
    .where(inArray(services.code, ['LAB-GDP', 'RAD-THORAX']));
  const created = await must('POST', '/services', {
    code,
    nameId: `Paket ${code}`,
    nameEn: `Package ${code}`,
    group: 'mcu',
    unit: 'paket',
    taxCategory: 'exempt',
    isPackage: true,
    items: items.map((i) => ({ serviceUid: i.uid, quantity: 1 })),
  });
  return created.uid as string;
}
