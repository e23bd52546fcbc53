import type { Permission } from '@klinikita/domain/access/permissions';
import { payerKeyOf } from '@klinikita/domain/billing/payer-invoices.rules';
import { addDays, clinicDay } from '@klinikita/domain/common/clinic-day';
import type { McuStation } from '@klinikita/domain/mcu/mcu-stations';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clinics, mcuEvents, mcuParticipants, partnerCompanies, users } from '../../db/schema/index.ts';
import { type Consumer, runConsumersToEnd } from '../../events/outbox.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { mcuCompanyBillsConsumer } from '../billing/billing-mcu.consumer.ts';
import { approveInvoice, sendInvoice } from '../billing/payer-invoices.money.service.ts';
import { createInvoice } from '../billing/payer-invoices.service.ts';
import {
  getLabWork,
  releaseLabResults,
  saveLabResults,
  validateLabResults,
} from '../lab-results/lab-results.service.ts';
import { labDoneConsumer, serviceVisitsConsumer } from '../registrations/registrations.consumers.ts';
import { checkIn } from './mcu-checkin.service.ts';
import { categoriesFor } from './mcu-conclusions.categories.ts';
import { approveConclusion, saveConclusion } from './mcu-conclusions.service.ts';
import { DEMO_PACKAGES, seedDemoMcuPackages } from './mcu-demo.catalogue.ts';
import {
  type DemoPerson,
  demoPeople,
  labValues,
  participantSheet,
  stationValues,
} from './mcu-demo.people.ts';
import { type DemoStation, recordDemoStations } from './mcu-demo.stations.ts';
import { createEvent } from './mcu-events.service.ts';
import { mcuLabReleasedConsumer } from './mcu-exam.consumers.ts';
import { importParticipants } from './mcu-import.service.ts';
import { editParticipant } from './mcu-participants.service.ts';

/**
 * Demo (issue 20): PT Maju Bersama Logistik's MCU events, made through the MCU services as the
 * demo's staff would leave them on their screens — the `admin` creates the event, imports the
 * company's sheet and checks participants in; the `lab` user records the stations and releases
 * the package's lab; `dokter2` concludes and approves (the approval posts the visit's bill as the
 * company's receivable); the `admin` invoices the company and the `superadmin` approves it:
 *  - Cikarang (11), today within its days: 40 participants, 10 registered, 12 in progress (some
 *    stations recorded, some abnormal), 10 done, 8 approved in every category; a few consenting;
 *  - Surabaya (12), the days before and today: 12 participants all approved, its bills posted and
 *    one payer invoice made, approved and sent.
 * The events' consumers (service visits, lab done, MCU lab released, company bills) run here, as
 * the app's outbox would, so each step sees the last one's effect. Runs once: a corporate with
 * the Cikarang demo event is left alone. Answers the participants made.
 */

const COMPANY = 'PT Maju Bersama Logistik';
export const MCU_DEMO_EVENT = 'MCU Berkala 2026 — Gudang Cikarang';
const SURABAYA_EVENT = 'MCU Berkala 2026 — Depo Surabaya';
const IP = '127.0.0.1';
const CONSUMERS: Consumer[] = [
  serviceVisitsConsumer,
  labDoneConsumer,
  mcuLabReleasedConsumer,
  mcuCompanyBillsConsumer,
];

const CLERK: Permission[] = ['mcu.read', 'mcu.manage', 'company.read', 'registration.create'] as Permission[];
const LAB: Permission[] = ['mcu.read', 'mcu.examine', 'lab.result.enter', 'lab.result.validate'];
const DOCTOR: Permission[] = ['mcu.read', 'mcu.examine', 'mcu.conclude', 'mcu.approve'];
const FINANCE: Permission[] = ['bill.read', 'payment.take'] as Permission[];

type State = 'registered' | 'inProgress' | 'done' | 'approved';

/** The category (rank in the company's list) of the i-th approved participant: mostly fit, every kind once. */
const RANKS = [0, 1, 0, 2, 0, 1, 3, 0];
/** Whether the i-th participant has abnormal findings: the approved ones as their category says. */
const abnormalOf = (state: State, i: number) =>
  state === 'approved' ? RANKS[i % RANKS.length] > 0 : i % 4 === 1;

export async function seedDemoMcu(db: Db, now = new Date()): Promise<number> {
  const sites = await db
    .select()
    .from(clinics)
    .where(inArray(clinics.id, [11, 12]));
  const [company] = await db
    .select({ id: partnerCompanies.id, uid: partnerCompanies.uid, corpId: partnerCompanies.corpId })
    .from(partnerCompanies)
    .where(eq(partnerCompanies.name, COMPANY));
  if (sites.length < 2 || !company) return 0;
  const corpId = company.corpId;
  const [done] = await db
    .select({ id: mcuEvents.id })
    .from(mcuEvents)
    .where(and(eq(mcuEvents.corpId, corpId), eq(mcuEvents.name, MCU_DEMO_EVENT)))
    .limit(1);
  if (done) return 0;
  const staff = await db
    .select({ id: users.id, username: users.username, name: users.name })
    .from(users)
    .where(inArray(users.username, ['admin', 'superadmin', 'lab', 'dokter2']));
  const by = (name: string) => staff.find((u) => u.username === name);
  if (staff.length < 4) return 0;
  const packages = await seedDemoMcuPackages(db, corpId, company.id);
  if (packages.size < DEMO_PACKAGES.length) return 0;

  const sessionOf = (name: string, permissions: Permission[], clinicIds: number[]) => {
    const user = by(name)!;
    return {
      userId: user.id,
      username: user.username,
      name: user.name,
      corpId,
      clinicIds,
      clinics: sites
        .filter((c) => clinicIds.includes(c.id))
        .map((c) => ({
          id: c.id,
          uid: c.uid,
          corpId: c.corpId,
          name: c.name,
          mcuSite: c.mcuSite,
          timeZone: c.timeZone,
        })),
      permissions: new Set(permissions),
    } as unknown as AuthSession;
  };
  // the reactions a later step needs (bills posted on approval before the invoice), even while another
  // database's transaction on a shared server holds the events' horizon back
  const settle = () => runConsumersToEnd(db, CONSUMERS);
  const today = clinicDay(sites[0].timeZone, now);
  const categories = (await categoriesFor(db, corpId, company.id)).map((c) => c.code);

  const run = async (o: {
    clinicId: number;
    name: string;
    from: string;
    people: DemoPerson[];
    states: State[];
  }) => {
    const clerk = sessionOf('admin', CLERK, [o.clinicId]);
    // Surabaya has no lab user of the demo: its doctor records the stations, the superadmin the lab
    const lab = sessionOf(o.clinicId === 11 ? 'lab' : 'dokter2', LAB, [o.clinicId]);
    const analyst = o.clinicId === 11 ? lab : sessionOf('superadmin', LAB, [o.clinicId]);
    const doctor = sessionOf('dokter2', DOCTOR, [o.clinicId]);
    const event = await createEvent(
      db,
      clerk,
      {
        name: o.name,
        companyUid: company.uid,
        clinicId: o.clinicId,
        examType: 'periodic',
        startDate: o.from,
        endDate: addDays(today, o.clinicId === 11 ? 2 : 0),
        status: 'open',
        packages: DEMO_PACKAGES.map((p) => ({ jobGroup: p.jobGroup, packageUid: packages.get(p.code)! })),
      },
      IP,
    );
    await importParticipants(db, clerk, event.uid, await participantSheet(o.people), IP);
    const rows = await db
      .select({
        id: mcuParticipants.id,
        uid: mcuParticipants.uid,
        clinicId: mcuParticipants.clinicId,
        patientId: mcuParticipants.patientId,
        jobGroup: mcuParticipants.jobGroup,
        sex: mcuParticipants.sex,
      })
      .from(mcuParticipants)
      .innerJoin(mcuEvents, eq(mcuEvents.id, mcuParticipants.eventId))
      .where(eq(mcuEvents.uid, event.uid))
      .orderBy(asc(mcuParticipants.seq));
    const stationsOf = (group: string | null) =>
      (DEMO_PACKAGES.find((p) => p.jobGroup === group) ?? DEMO_PACKAGES[0]).stations;
    const visits: (string | null)[] = [];
    // the front office's check-ins first (the morning's queue), then the stations
    for (const [i, p] of rows.entries()) {
      if (o.states[i] === 'registered') {
        visits.push(null);
        continue;
      }
      visits.push((await checkIn(db, clerk, p.uid, IP)).registration.uid);
    }
    await settle();
    // the stations of the day in one batch (what saveStation writes), then the lab's releases
    const stations: DemoStation[] = [];
    for (const [i, p] of rows.entries()) {
      const state = o.states[i];
      if (state === 'registered') continue;
      const abnormal = abnormalOf(state, i);
      const all = stationsOf(p.jobGroup).filter((s): s is Exclude<McuStation, 'lab'> => s !== 'lab');
      // in progress: the first one to three stations; the others pass them all
      const take = state === 'inProgress' ? all.slice(0, 1 + (i % 3)) : all;
      for (const s of take)
        stations.push({
          participant: p,
          station: s,
          data: stationValues(s, abnormal && s !== 'anamnesis', i),
        });
    }
    await recordDemoStations(db, lab, stations, IP);
    // the package's lab work read once per package and sex (its parameters and their ranges)
    const works = new Map<string, Awaited<ReturnType<typeof getLabWork>>>();
    for (const [i, p] of rows.entries()) {
      if (o.states[i] !== 'done' && o.states[i] !== 'approved') continue;
      const visit = visits[i]!;
      const key = `${p.jobGroup}:${p.sex}`;
      const work = works.get(key) ?? (await getLabWork(db, analyst, visit));
      works.set(key, work);
      await saveLabResults(
        db,
        analyst,
        visit,
        { version: null, values: labValues(work, abnormalOf(o.states[i], i)) },
        IP,
      );
      await validateLabResults(db, analyst, visit, IP);
      await releaseLabResults(db, analyst, visit, IP);
    }
    await settle();
    let n = 0;
    for (const [i, p] of rows.entries()) {
      if (o.states[i] !== 'approved') continue;
      n++;
      const category = categories[RANKS[i % RANKS.length] % categories.length];
      await saveConclusion(db, doctor, p.uid, conclusionOf(category, categories), IP);
      await approveConclusion(db, doctor, p.uid, IP);
      // the participant agreed at registration that the company may read the results
      if (n % 3 === 1) await editParticipant(db, clerk, p.uid, { consentToShare: true }, IP);
    }
    await settle();
    return { event, count: rows.length };
  };

  const cikarang = demoPeople({ n: 40, region: '321604', prefix: 'MBL-CKR-', offset: 0, city: 'Cikarang' });
  const states: State[] = [
    ...Array<State>(8).fill('approved'),
    ...Array<State>(10).fill('done'),
    ...Array<State>(12).fill('inProgress'),
    ...Array<State>(10).fill('registered'),
  ];
  const made = await run({ clinicId: 11, name: MCU_DEMO_EVENT, from: today, people: cikarang, states });

  const surabaya = demoPeople({ n: 12, region: '357801', prefix: 'MBL-SBY-', offset: 40, city: 'Surabaya' });
  const east = await run({
    clinicId: 12,
    name: SURABAYA_EVENT,
    from: addDays(today, -2),
    people: surabaya,
    states: Array<State>(12).fill('approved'),
  });
  // the company's invoice of the Surabaya checkups: prepared by the admin, approved by the superadmin, sent
  const preparer = sessionOf('admin', FINANCE, [12]);
  const approver = sessionOf('superadmin', [...FINANCE, 'bill.approve'] as Permission[], [12]);
  const { data: invoice } = await createInvoice(
    db,
    preparer,
    {
      clinicId: 12,
      payer: payerKeyOf({ kind: 'company', companyUid: company.uid }),
      from: addDays(today, -2),
      to: today,
      note: `Pemeriksaan kesehatan berkala karyawan — ${SURABAYA_EVENT}`,
    },
    IP,
  );
  await approveInvoice(db, approver, invoice.uid, IP);
  await sendInvoice(db, preparer, invoice.uid, IP);
  return made.count + east.count;
}

/** The doctor's conclusion of a category: its text, advice and, when unfit, restrictions and follow-up. */
function conclusionOf(category: string, all: string[]) {
  const rank = all.indexOf(category);
  const texts = [
    {
      conclusion: 'Hasil pemeriksaan dalam batas normal.',
      advice: 'Pertahankan pola hidup sehat dan olahraga teratur.',
    },
    {
      conclusion: 'Tekanan darah tinggi ringan, tidak mengganggu pekerjaan.',
      advice: 'Kurangi garam, kontrol tekanan darah tiap bulan di klinik.',
    },
    {
      conclusion: 'Hipertensi belum terkontrol; sementara tidak bekerja di ketinggian.',
      advice: 'Berobat ke dokter penyakit dalam, periksa ulang setelah 1 bulan.',
      restrictions: 'Tidak bekerja di ketinggian dan tidak mengemudi kendaraan perusahaan',
    },
    {
      conclusion:
        'Hipertensi derajat 2 dengan nyeri pinggang kronis; tidak layak untuk pekerjaan angkat-angkut.',
      advice: 'Rujuk ke dokter spesialis penyakit dalam dan dokter okupasi.',
      restrictions: 'Tidak mengangkat beban dan tidak mengemudi kendaraan perusahaan',
    },
  ];
  const t = texts[Math.max(0, rank) % texts.length];
  return {
    category,
    conclusion: t.conclusion,
    advice: t.advice,
    restrictions: t.restrictions ?? null,
    followUpDate: rank >= 2 ? addDays(clinicDay('Asia/Jakarta'), 30) : null,
    amendmentReason: null,
  };
}
