import { formatMrn } from '@klinikita/domain/patients/patient.schema';
import { eq } from 'drizzle-orm';
import { newUid } from '../../shared/crypto.ts';
import type { Executor } from '../../shared/sql.ts';
import { regionIndex } from '../data/regions.ts';
import { clinics, mrnCounters, partnerCompanies, patients } from '../schema/index.ts';

/** Deterministic PRNG (mulberry32): the same demo patients on every machine. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const MALE = [
  'Agus',
  'Budi',
  'Dedi',
  'Eko',
  'Fajar',
  'Hendra',
  'Irfan',
  'Joko',
  'Rudi',
  'Wahyu',
  'Andi',
  'Bayu',
  'Dimas',
  'Gilang',
  'Hadi',
  'Rizky',
  'Arif',
  'Yoga',
  'Taufik',
  'Slamet',
  'Bambang',
  'Asep',
  'Ujang',
  'Dadang',
  'Iwan',
  'Muhammad',
  'Ahmad',
  'Reza',
  'Aditya',
  'Galih',
];
export const FEMALE = [
  'Siti',
  'Dewi',
  'Sri',
  'Rina',
  'Ani',
  'Wulan',
  'Fitri',
  'Indah',
  'Ratna',
  'Yuni',
  'Lestari',
  'Nur',
  'Putri',
  'Ayu',
  'Intan',
  'Citra',
  'Dian',
  'Eka',
  'Maya',
  'Nining',
  'Euis',
  'Neng',
  'Tuti',
  'Rahma',
  'Annisa',
  'Nabila',
  'Aulia',
  'Kartika',
  'Melati',
  'Sari',
];
/** Family and second names any patient may carry; the second list only women's. */
export const FAMILY = [
  'Santoso',
  'Wijaya',
  'Saputra',
  'Hidayat',
  'Pratama',
  'Kusuma',
  'Setiawan',
  'Nugroho',
  'Siregar',
  'Nasution',
  'Simanjuntak',
  'Hutapea',
  'Sitompul',
  'Permana',
  'Suryadi',
  'Gunawan',
  'Hakim',
  'Firmansyah',
  'Maulana',
  'Ramadhan',
  'Sembiring',
  'Tanjung',
  'Lubis',
  'Kurniawan',
  'Halim',
];
const FEMALE_FAMILY = [
  'Rahmawati',
  'Susanti',
  'Purnamasari',
  'Wulandari',
  'Sukmawati',
  'Handayani',
  'Lestari',
];
export const STREETS = [
  'Jl. Melati',
  'Jl. Mawar',
  'Jl. Kenanga',
  'Jl. Cempaka',
  'Jl. Anggrek',
  'Jl. Merdeka',
  'Jl. Sudirman',
  'Jl. Diponegoro',
  'Jl. Gatot Subroto',
  'Jl. Pahlawan',
  'Jl. Raya Bogor',
  'Jl. Kebon Jeruk',
  'Gg. Masjid',
  'Jl. Haji Nawi',
  'Jl. Pemuda',
];

/** Kemendagri codes (as the region package writes them) of Jakarta and West Java districts. */
const DISTRICTS: { code: string; district: string; city: string; villages: string[] }[] = [
  {
    code: '31.71.01',
    district: 'Gambir',
    city: 'Jakarta Pusat',
    villages: ['Gambir', 'Cideng', 'Petojo Utara'],
  },
  {
    code: '31.71.06',
    district: 'Menteng',
    city: 'Jakarta Pusat',
    villages: ['Menteng', 'Pegangsaan', 'Cikini'],
  },
  { code: '31.72.01', district: 'Penjaringan', city: 'Jakarta Utara', villages: ['Penjaringan', 'Pluit'] },
  {
    code: '31.73.05',
    district: 'Kebon Jeruk',
    city: 'Jakarta Barat',
    villages: ['Kebon Jeruk', 'Sukabumi Utara'],
  },
  {
    code: '31.74.06',
    district: 'Kebayoran Baru',
    city: 'Jakarta Selatan',
    villages: ['Senayan', 'Gunung', 'Melawai'],
  },
  {
    code: '31.74.03',
    district: 'Setiabudi',
    city: 'Jakarta Selatan',
    villages: ['Kuningan Timur', 'Karet', 'Setiabudi'],
  },
  {
    code: '31.75.04',
    district: 'Jatinegara',
    city: 'Jakarta Timur',
    villages: ['Bali Mester', 'Kampung Melayu'],
  },
  {
    code: '32.16.06',
    district: 'Cikarang Utara',
    city: 'Kabupaten Bekasi',
    villages: ['Karangasih', 'Simpangan'],
  },
  {
    code: '32.16.08',
    district: 'Cikarang Selatan',
    city: 'Kabupaten Bekasi',
    villages: ['Sukaresmi', 'Pasirsari'],
  },
  { code: '32.75.01', district: 'Bekasi Timur', city: 'Kota Bekasi', villages: ['Aren Jaya', 'Duren Jaya'] },
  { code: '32.76.01', district: 'Pancoran Mas', city: 'Kota Depok', villages: ['Depok', 'Pancoran Mas'] },
  { code: '32.73.08', district: 'Coblong', city: 'Kota Bandung', villages: ['Dago', 'Lebak Siliwangi'] },
  { code: '32.01.01', district: 'Cibinong', city: 'Kabupaten Bogor', villages: ['Pakansari', 'Tengah'] },
];

const PHONE_PREFIXES = ['0812', '0813', '0821', '0822', '0852', '0856', '0857', '0878', '0838', '0896'];
const INSURERS = ['Prudential', 'Allianz', 'AXA Mandiri', 'Admedika', 'BNI Life', 'Manulife'];
const ALLERGIES = ['Amoksisilin', 'Penisilin', 'Udang', 'Kacang', 'Debu', 'Ibuprofen', 'Seafood', 'Sulfa'];
const RELATIONS = ['Suami', 'Istri', 'Orang tua', 'Anak', 'Saudara'];

/** The SATUSEHAT sandbox's dummy patients (shared/satusehat.md; their names there are unconfirmed). */
const SANDBOX_PATIENTS = [
  {
    nik: '9271060312000001',
    ihs: 'P02478375538',
    name: 'Yohanes Wanggai',
    sex: 'M' as const,
    dob: '2000-12-03',
  },
  {
    nik: '9204014804000002',
    ihs: 'P03647103112',
    name: 'Maria Rumbiak',
    sex: 'F' as const,
    dob: '2000-04-08',
  },
  {
    nik: '9104224509000003',
    ihs: 'P00805884304',
    name: 'Ester Kogoya',
    sex: 'F' as const,
    dob: '2000-09-05',
  },
];

const FOREIGNERS = [
  { name: 'Takeshi Yamamoto', sex: 'M' as const, passport: 'TK4821937' },
  { name: 'Kim Min-jun', sex: 'M' as const, passport: 'M58203941' },
  { name: 'Emily Clarke', sex: 'F' as const, passport: '533981276' },
];

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A mother's birth date for a baby's: 28 years before it. */
const motherDob = (baby: Date) =>
  `${baby.getFullYear() - 28}-${pad(baby.getMonth() + 1)}-${pad(baby.getDate())}`;

/** A NIK consistent with its region, birth date and sex (women's day plus 40). */
function nikFor(districtCode: string, dob: string, sex: 'M' | 'F', serial: number) {
  const [y, m, d] = dob.split('-').map(Number);
  return `${districtCode.replaceAll('.', '')}${pad(sex === 'F' ? d + 40 : d)}${pad(m)}${pad(y % 100)}${pad(serial, 4)}`;
}

/**
 * About 300 demo patients of the chain, spread over clinics 10–13, with record numbers from
 * each clinic's counter. Deterministic except uids and timestamps.
 */
export async function seedPatients(db: Executor, count = 300) {
  const [clinic] = await db.select({ corpId: clinics.corpId }).from(clinics).limit(1);
  const random = prng(20260101);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const clinicIds = [10, 11, 12, 13];
  const counters = new Map<number, number>(clinicIds.map((id) => [id, 0]));
  const nextMrn = (clinicId: number) => {
    const value = (counters.get(clinicId) ?? 0) + 1;
    counters.set(clinicId, value);
    return formatMrn(clinicId, value);
  };
  const today = new Date();
  const rows: (typeof patients.$inferInsert)[] = [];
  const companyIds = (
    await db
      .select({ id: partnerCompanies.id })
      .from(partnerCompanies)
      .where(eq(partnerCompanies.corpId, clinic.corpId))
  ).map((c) => c.id);
  // village codes from the regions package (idn-area-data), found by the village's name
  const villagesOf = new Map<string, { code: string; name: string }[]>();
  for (const place of DISTRICTS) {
    const known = (await regionIndex()).children.get(place.code) ?? [];
    villagesOf.set(
      place.code,
      place.villages.map(
        (name) =>
          known.find((v) => v.name.toLowerCase() === name.toLowerCase()) ?? known[0] ?? { code: '', name },
      ),
    );
  }

  for (let i = 0; i < count; i++) {
    const sex: 'M' | 'F' = random() < 0.5 ? 'M' : 'F';
    const first = pick(sex === 'M' ? MALE : FEMALE);
    const family = sex === 'F' && random() < 0.4 ? pick(FEMALE_FAMILY) : pick(FAMILY);
    const name = random() < 0.85 ? `${first} ${family}` : first;
    // ages 0–85, more adults than children as in a primary clinic
    const years = random() < 0.15 ? Math.floor(random() * 13) : 13 + Math.floor(random() * 73);
    const dobDate = new Date(
      today.getFullYear() - years,
      Math.floor(random() * 12),
      1 + Math.floor(random() * 28),
    );
    if (dobDate > today) dobDate.setFullYear(dobDate.getFullYear() - 1);
    const dob = `${dobDate.getFullYear()}-${pad(dobDate.getMonth() + 1)}-${pad(dobDate.getDate())}`;
    const place = pick(DISTRICTS);
    const village = Math.floor(random() * place.villages.length);
    const clinicId = clinicIds[i % clinicIds.length];
    const payerRoll = random();
    const payerType =
      payerRoll < 0.5
        ? 'self'
        : payerRoll < 0.8
          ? 'bpjs'
          : payerRoll < 0.92 || companyIds.length === 0
            ? 'insurance'
            : 'company';
    // babies often have no NIK yet (not on the family card)
    const hasNik = years >= 1 || random() < 0.3;
    rows.push({
      uid: newUid(),
      corpId: clinic.corpId,
      clinicId,
      mrn: nextMrn(clinicId),
      nik: hasNik ? nikFor(place.code, dob, sex, i + 1) : null,
      // a baby without a NIK is known at SATUSEHAT by its mother's (nik-ibu)
      motherNik: hasNik ? null : nikFor(place.code, motherDob(dobDate), 'F', 5000 + (i % 4999)),
      nationality: 'WNI',
      name,
      sex,
      dob,
      bloodGroup: pick(['A', 'B', 'O', 'O', 'AB'] as const),
      rhesus: random() < 0.98 ? '+' : '-',
      phone: `${pick(PHONE_PREFIXES)}${pad(Math.floor(random() * 1e8), 8)}`,
      email: random() < 0.4 ? `${name.toLowerCase().replace(/[^a-z]+/g, '.')}${i}@contoh.id` : null,
      address: `${pick(STREETS)} No. ${1 + Math.floor(random() * 150)}, RT ${pad(1 + Math.floor(random() * 12), 3)}/RW ${pad(1 + Math.floor(random() * 9), 3)}, Kel. ${villagesOf.get(place.code)![village].name}, Kec. ${place.district}, ${place.city}`,
      provinceCode: place.code.slice(0, 2),
      cityCode: place.code.slice(0, 5),
      districtCode: place.code,
      villageCode: villagesOf.get(place.code)![village].code || null,
      payerType,
      companyId: payerType === 'company' ? companyIds[i % companyIds.length] : null,
      insuranceName:
        payerType === 'insurance' ? pick(INSURERS) : payerType === 'bpjs' ? 'BPJS Kesehatan' : null,
      insuranceNumber:
        payerType === 'bpjs'
          ? `000${pad(Math.floor(random() * 1e10), 10)}`
          : payerType === 'insurance'
            ? `POL-${pad(Math.floor(random() * 1e7), 7)}`
            : null,
      emergencyName: random() < 0.6 ? `${pick(random() < 0.5 ? MALE : FEMALE)} ${pick(FAMILY)}` : null,
      emergencyPhone: null,
      emergencyRelation: null,
      allergies: random() < 0.15 ? pick(ALLERGIES) : null,
    });
    const last = rows[rows.length - 1];
    if (last.emergencyName) {
      last.emergencyPhone = `${pick(PHONE_PREFIXES)}${pad(Math.floor(random() * 1e8), 8)}`;
      last.emergencyRelation = pick(RELATIONS);
    }
  }

  for (const p of SANDBOX_PATIENTS) {
    rows.push({
      uid: newUid(),
      corpId: clinic.corpId,
      clinicId: 10,
      mrn: nextMrn(10),
      nik: p.nik,
      ihsNumber: p.ihs,
      nationality: 'WNI',
      name: p.name,
      sex: p.sex,
      dob: p.dob,
      phone: `0813${p.nik.slice(-8)}`,
      address: 'Jl. Raya Abepura No. 5, Jayapura',
      // the sandbox's dummy NIKs name regency codes of before the 2022 Papua split: no region codes
      payerType: 'bpjs',
      insuranceName: 'BPJS Kesehatan',
      insuranceNumber: `000${p.nik.slice(-10)}`,
    });
  }
  for (const [i, f] of FOREIGNERS.entries()) {
    rows.push({
      uid: newUid(),
      corpId: clinic.corpId,
      clinicId: 11,
      mrn: nextMrn(11),
      passport: f.passport,
      nationality: 'WNA',
      name: f.name,
      sex: f.sex,
      dob: `198${i + 2}-0${i + 3}-1${i + 4}`,
      phone: `0811${pad(9000000 + i * 1371, 8)}`,
      address: 'Kawasan Industri Jababeka, Cikarang, Bekasi',
      provinceCode: '32',
      cityCode: '32.16',
      districtCode: '32.16.06',
      payerType: companyIds.length ? 'company' : 'self',
      companyId: companyIds[i % Math.max(1, companyIds.length)] ?? null,
    });
  }

  for (let start = 0; start < rows.length; start += 100) {
    await db.insert(patients).values(rows.slice(start, start + 100));
  }
  await db
    .insert(mrnCounters)
    .values([...counters].map(([clinicId, lastValue]) => ({ clinicId, lastValue })));
}
