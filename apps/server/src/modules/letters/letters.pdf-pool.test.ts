import { clinicDay } from '@klinikita/domain/common/clinic-day';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { letters, users } from '../../db/schema/index.ts';
import { newUid } from '../../shared/crypto.ts';
import { PdfBusyError, PdfPool } from '../../shared/pdf-pool.ts';
import { userByName } from '../../test/staff-fixtures.ts';
import { API, createTestApp, json, loginAs, type TestContext } from '../../test/test-app.ts';
import { ensureCodes, practisesToday } from '../../test/visit-fixtures.ts';
import { type LetterPrint, renderLetterPdf } from './letters.pdf.ts';
import type { LetterSnapshot } from './letters.queries.ts';
import { pdfPools } from './letters.routes.ts';
import type { PdfJob } from './pdf.worker.ts';
import { pdfText } from './pdf-text.ts';

/**
 * PDFs are laid out on worker threads (issue 13 item 10): the same papers as before, a few per
 * user at once, and the rest of the server answers while they print.
 */

let ctx: TestContext;
const tokens: Record<string, string> = {};
const today = clinicDay('Asia/Jakarta');
/** Printing users: the clinical demo users and extra nurses of clinic 10. */
const PRINTERS = ['dokter', 'perawat', 'superadmin', 'applimetis'];
const EXTRA_NURSES = ['perawat2', 'perawat3', 'perawat4', 'perawat5', 'perawat6', 'perawat7'];

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, who: string, payload?: object) =>
  ctx.app.inject({ method, url: `${API}${url}`, headers: { authorization: tokens[who] }, payload });

const pool = () => pdfPools.get(ctx.app.server)!;

let encounterUid: string;
let letterUid: string;

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  const perawat = await userByName(db, 'perawat');
  for (const username of EXTRA_NURSES) {
    const { id: _id, uid: _uid, username: _name, ...rest } = perawat;
    await db.insert(users).values({ ...rest, uid: newUid(), username, name: `Perawat ${username}` });
  }
  for (const who of [...PRINTERS, ...EXTRA_NURSES]) tokens[who] = await loginAs(ctx.app, who);
  await ensureCodes(db);
  const dokter = await userByName(db, 'dokter');
  await practisesToday(db, dokter.doctorId!, 10);
  // one signed visit with a sick-leave letter
  const patient = json(
    await call('POST', '/patients', 'superadmin', {
      clinicId: 10,
      name: 'Putri Pool',
      sex: 'F',
      dob: '14/08/1990',
      nik: '3171065408900777',
      address: 'Jl. Kenari II No. 5, Salemba, Jakarta Pusat',
    }),
  ).data;
  const registration = json(
    await call('POST', '/registrations/registrations', 'superadmin', {
      clinicId: 10,
      patientId: patient.uid,
      orderType: 'doctor',
      doctorId: dokter.doctorId,
      payerType: 'self',
    }),
  ).data;
  await call('PATCH', `/registrations/registrations/${registration._id}`, 'dokter', {
    clinicId: 10,
    updateField: { status: 'Examination' },
  });
  const opened = json(
    await call('POST', '/consultations/encounters', 'dokter', { registrationId: registration._id }),
  ).data;
  const saved = json(
    await call('PUT', `/consultations/encounters/${opened.uid}`, 'dokter', {
      systolic: 120,
      diastolic: 80,
      pulse: 84,
      respiratoryRate: 18,
      temperature: 38.2,
      spo2: 98,
      weight: 55,
      height: 160,
      subjective: 'Demam dan batuk 2 hari',
      objective: 'Faring hiperemis',
      assessment: 'ISPA',
      plan: 'Istirahat',
      diagnoses: [{ code: 'J06.9', title: 'Infeksi saluran pernapasan atas akut', primary: true }],
      procedures: [],
      prescription: [],
      orders: [],
      referral: null,
      version: opened.version,
    }),
  ).data;
  const finished = await call('POST', `/consultations/encounters/${opened.uid}/finish`, 'dokter', {
    version: saved.version,
  });
  if (finished.statusCode !== 200) throw new Error(finished.body);
  encounterUid = opened.uid;
  const letter = await call('POST', '/consultations/letters', 'dokter', {
    kind: 'sick',
    encounterId: encounterUid,
    restFrom: today,
    restDays: 3,
  });
  if (letter.statusCode !== 200) throw new Error(letter.body);
  letterUid = json(letter).data.uid;
}, 120_000);
afterAll(() => ctx?.close());

describe('PDFs on worker threads', () => {
  it('lays a letter out on a worker, with the same text as laid out in-process', async () => {
    const before = pool().completed;
    const res = await call('GET', `/consultations/letters/${letterUid}/pdf`, 'dokter');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(pool().completed).toBe(before + 1);
    const [row] = await ctx.database.db.select().from(letters).where(eq(letters.uid, letterUid));
    const inProcess = await renderLetterPdf({
      kind: row.kind,
      number: row.number,
      data: row.data as LetterSnapshot,
    } as LetterPrint);
    expect(pdfText(res.rawPayload)).toBe(pdfText(inProcess));
    expect(pdfText(res.rawPayload)).toContain(
      'Yang bertanda tangan di bawah ini, dokter dr. Alexander Wijaya',
    );

    const visit = await call('GET', `/consultations/encounters/${encounterUid}/pdf`, 'perawat');
    expect(visit.statusCode).toBe(200);
    expect(pool().completed).toBe(before + 2);
    expect(pdfText(visit.rawPayload)).toContain('RINGKASAN KUNJUNGAN PASIEN');
  });

  it('answers a user’s third print at once with 429 and when to retry; the other two print', async () => {
    const url = `/consultations/encounters/${encounterUid}/pdf`;
    const answers = await Promise.all([1, 2, 3].map(() => call('GET', url, 'dokter')));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 429]);
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(json(refused).message).toBe('Anda sedang mencetak 2 PDF. Tunggu hingga selesai, lalu cetak lagi.');
    expect(refused.headers['retry-after']).toBe('1');
    // another user is not held back by this one, and the slots come back when the prints are done
    const [mine, theirs] = await Promise.all([call('GET', url, 'dokter'), call('GET', url, 'perawat')]);
    expect([mine.statusCode, theirs.statusCode]).toEqual([200, 200]);
  });

  it('keeps answering other requests while 20 PDFs print', async () => {
    const order: string[] = [];
    const url = `/consultations/encounters/${encounterUid}/pdf`;
    const printers = [...PRINTERS, ...EXTRA_NURSES];
    const prints = printers.flatMap((who) =>
      [1, 2].map(() =>
        call('GET', url, who).then((res) => {
          order.push('pdf');
          return res.statusCode;
        }),
      ),
    );
    const unrelated = call('GET', '/users', 'dokter').then((res) => {
      order.push('users');
      return res.statusCode;
    });
    expect(await unrelated).toBe(200);
    const statuses = await Promise.all(prints);
    expect(statuses).toEqual(Array(20).fill(200));
    expect(pool().threadCount).toBeGreaterThan(0);
    // the unrelated answer did not wait for every print
    expect(order.indexOf('users')).toBeLessThan(20);
  });
});

describe('the PDF pool', () => {
  const worker = new URL('./pdf.worker.ts', import.meta.url);

  it('answers 503 with Retry-After once its queue is full, and stops its thread on close', async () => {
    const small = new PdfPool(worker, { threads: 1, maxQueue: 1, perUser: 10 });
    // threads start with the first print
    expect(small.threadCount).toBe(0);
    const [row] = await ctx.database.db.select().from(letters).where(eq(letters.uid, letterUid));
    const job: PdfJob = {
      kind: 'letter',
      letter: { kind: row.kind, number: row.number, data: row.data as LetterSnapshot } as LetterPrint,
    };
    const results = await Promise.allSettled([1, 2, 3, 4].map(() => small.render(job)));
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) {
      const error = (r as PromiseRejectedResult).reason;
      expect(error).toBeInstanceOf(PdfBusyError);
      expect(error).toMatchObject({ statusCode: 503, key: 'letters.pdfBusy', retryAfter: 5 });
    }
    const printed = results.filter((r) => r.status === 'fulfilled') as PromiseFulfilledResult<Buffer>[];
    expect(printed.length).toBeGreaterThan(0);
    expect(printed[0].value.subarray(0, 4).toString()).toBe('%PDF');
    expect(small.threadCount).toBe(1);
    await small.close();
    expect(small.threadCount).toBe(0);
  });
});
