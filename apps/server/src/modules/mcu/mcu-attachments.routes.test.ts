import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { normalValues } from '@klinikita/domain/mcu/mcu-stations';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, files, mcuParticipants, users } from '../../db/schema/index.ts';
import { grantMenus } from '../../db/seed/demo.ts';
import { hashPassword, newUid } from '../../shared/crypto.ts';
import { addForeignCorporate, userByName } from '../../test/staff-fixtures.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';
import { mcuPackage, mcuParticipant } from './mcu-exam.fixtures.ts';

/**
 * The ECG tracing of an MCU station at Cikarang (11): the lab user saves the station, then attaches
 * the tracing; the examining doctor opens it (the read audited); a user of Surabaya (12) is refused,
 * another corporate finds nothing; a file that is no PDF/JPG/PNG is refused and nothing is stored;
 * after approval nothing is attached any more.
 */

let ctx: TestContext;
const tokens: Record<string, string> = {};
let corpId: number;
let ecgPackage: number;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);

function multipart(file: { name: string; type: string; content: Buffer }) {
  const boundary = '----mcutest';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

const attachmentUrl = (uid: string, station = 'ecg') =>
  `${API}/mcu/participants/${uid}/stations/${station}/attachment`;
const upload = (
  uid: string,
  who: string,
  file = { name: 'ekg.pdf', type: 'application/pdf', content: PDF },
) => {
  const form = multipart(file);
  return ctx.app.inject({
    method: 'POST',
    url: attachmentUrl(uid),
    headers: { authorization: tokens[who], 'content-type': form.contentType },
    payload: form.body,
  });
};
const open = (uid: string, who: string) =>
  ctx.app.inject({ method: 'GET', url: attachmentUrl(uid), headers: { authorization: tokens[who] } });
const saveEcg = (uid: string, body: object = { data: normalValues('ecg') }) =>
  ctx.app.inject({
    method: 'PUT',
    url: `${API}/mcu/participants/${uid}/stations/ecg`,
    headers: { authorization: tokens.lab },
    payload: body,
  });
const storedFiles = () => {
  const out: string[] = [];
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true }))
      entry.isDirectory() ? walk(path.join(dir, entry.name)) : out.push(entry.name);
  };
  walk(ctx.uploadsDir);
  return out;
};

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  const lab = await userByName(db, 'lab');
  corpId = lab.corpId;
  await db.insert(users).values({
    uid: newUid(),
    username: 'labsurabaya',
    passwordHash: await hashPassword('rahasia123'),
    name: 'Lab Surabaya',
    roleId: lab.roleId,
    corpId,
    clinicId: 12,
  });
  await addForeignCorporate(db);
  await grantMenus(db, (await userByName(db, 'adminlain')).roleId, ['mcu']);
  for (const u of ['superadmin', 'lab', 'dokter2']) tokens[u] = await loginAs(ctx.app, u);
  tokens.labsurabaya = await loginAs(ctx.app, 'labsurabaya', 'rahasia123');
  tokens.adminlain = await loginAs(ctx.app, 'adminlain', 'rahasia123');
  ecgPackage = await mcuPackage(db, corpId, ['vitals', 'ecg']);
});
afterAll(() => ctx.close());

const participant = () =>
  mcuParticipant(ctx.app, ctx.database.db, tokens.superadmin, { corpId, packageId: ecgPackage });

describe('MCU station attachment', () => {
  it('is attached after the station is saved, opened by the doctor of the clinic, the read audited', async () => {
    const p = await participant();
    const early = await upload(p.uid, 'lab');
    expect(early.statusCode, early.body).toBe(409);
    expect(json(early).message).toMatch(/Simpan hasil pos dulu/);
    expect(storedFiles()).toEqual([]);

    expect((await saveEcg(p.uid)).statusCode).toBe(200);
    const res = await upload(p.uid, 'lab');
    expect(res.statusCode, res.body).toBe(200);
    const ecg = json(res).data.stations.find((s: { station: string }) => s.station === 'ecg');
    expect(ecg.result.fileUrl).toBe(attachmentUrl(p.uid));
    const [file] = await ctx.database.db.select().from(files).where(eq(files.uid, ecg.result.fileUid));
    expect(file).toMatchObject({ kind: 'mcu-attachment', mimeType: 'application/pdf', clinicId: 11 });
    // the general file route does not serve it to a colleague (it is no staff photo)
    const viaFiles = await ctx.app.inject({
      method: 'GET',
      url: `${API}/files/${ecg.result.fileUid}`,
      headers: { authorization: tokens.dokter2 },
    });
    expect(viaFiles.statusCode).toBe(404);

    const read = await open(p.uid, 'dokter2');
    expect(read.statusCode, read.body).toBe(200);
    expect(read.headers['content-type']).toBe('application/pdf');
    expect(read.rawPayload.equals(PDF)).toBe(true);
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'record.read'), eq(auditLog.entityId, p.uid)));
    expect(audits).toHaveLength(1);
    expect(audits[0].detail).toMatchObject({ mcuAttachment: 'ecg', fileUid: ecg.result.fileUid });

    // saving the station again keeps the attachment; a foreign file uid is refused
    const again = await saveEcg(p.uid);
    expect(
      json(again).data.stations.find((s: { station: string }) => s.station === 'ecg').result.fileUid,
    ).toBe(ecg.result.fileUid);
    expect((await saveEcg(p.uid, { data: normalValues('ecg'), fileUid: newUid() })).statusCode).toBe(400);

    // a PNG replaces the PDF and is served as a PNG
    expect(
      (await upload(p.uid, 'lab', { name: 'ekg.png', type: 'image/png', content: PNG })).statusCode,
    ).toBe(200);
    const png = await open(p.uid, 'lab');
    expect(png.headers['content-type']).toBe('image/png');
  });

  it('is refused to another clinic (403) and does not exist for another corporate (404)', async () => {
    const p = await participant();
    await saveEcg(p.uid);
    expect((await upload(p.uid, 'lab')).statusCode).toBe(200);
    expect((await open(p.uid, 'labsurabaya')).statusCode).toBe(403);
    expect((await upload(p.uid, 'labsurabaya')).statusCode).toBe(403);
    expect((await open(p.uid, 'adminlain')).statusCode).toBe(404);
    expect((await upload(p.uid, 'adminlain')).statusCode).toBe(404);
  });

  it('refuses a file of the wrong type and a station outside the package; stores nothing', async () => {
    const p = await participant();
    await saveEcg(p.uid);
    const before = storedFiles().length;
    const exe = await upload(p.uid, 'lab', {
      name: 'ekg.pdf',
      type: 'application/pdf',
      content: Buffer.from('MZ\x90\x00 not a pdf'),
    });
    expect(exe.statusCode, exe.body).toBe(415);
    expect(json(exe).message).toMatch(/PDF, JPG atau PNG/);
    const outside = await ctx.app.inject({
      method: 'POST',
      url: attachmentUrl(p.uid, 'audiometry'),
      headers: {
        authorization: tokens.lab,
        ...{
          'content-type': multipart({ name: 'a.pdf', type: 'application/pdf', content: PDF }).contentType,
        },
      },
      payload: multipart({ name: 'a.pdf', type: 'application/pdf', content: PDF }).body,
    });
    expect(outside.statusCode).toBe(409);
    expect(storedFiles().length).toBe(before);
    expect((await open(p.uid, 'lab')).statusCode).toBe(404);
  });

  it('refuses an attachment once the conclusion is approved', async () => {
    const p = await participant();
    await saveEcg(p.uid);
    await ctx.database.db
      .update(mcuParticipants)
      .set({ status: 'approved' })
      .where(eq(mcuParticipants.uid, p.uid));
    const before = storedFiles().length;
    const res = await upload(p.uid, 'lab');
    expect(res.statusCode).toBe(409);
    expect(storedFiles().length).toBe(before);
  });
});
