import type { LabWork } from '@klinikita/domain/lab/lab-results.schema';
import { type McuStation, normalValues } from '@klinikita/domain/mcu/mcu-stations';
import ExcelJS from 'exceljs';

/**
 * The demo's MCU participants (issue 20 demo): the company's sheet as it sends it (distinct names,
 * 16-digit NIKs whose date part is the birth date, women's day + 40), the station values a normal
 * or an abnormal participant has, and the lab values in range (a few out of range).
 */

const MEN = [
  'Agus Setiawan',
  'Bambang Purnomo',
  'Dedi Kurniawan',
  'Eko Prasetyo',
  'Fajar Nugroho',
  'Gilang Ramadhan',
  'Hadi Susanto',
  'Irfan Hakim',
  'Joko Susilo',
  'Kurniawan Adi',
  'Lukman Hakim',
  'Muhammad Rizki',
  'Nanang Supriyadi',
  'Oki Firmansyah',
  'Putra Wijaya',
  'Rudi Hermawan',
  'Slamet Riyadi',
  'Teguh Santoso',
  'Udin Syamsudin',
  'Wahyu Hidayat',
  'Yusuf Maulana',
  'Zainal Arifin',
  'Andi Saputra',
  'Budi Hartono',
  'Cahyo Nugroho',
  'Darmawan Putra',
  'Erwin Gunawan',
  'Ferry Irawan',
];
const WOMEN = [
  'Ayu Lestari',
  'Bunga Citra Dewi',
  'Citra Ayuningtyas',
  'Dewi Anggraini',
  'Endah Puspitasari',
  'Fitri Handayani',
  'Gita Permatasari',
  'Hesti Wulandari',
  'Indah Sulistyowati',
  'Kartika Sari',
  'Lina Marlina',
  'Maya Safitri',
  'Nurul Hidayah',
  'Putri Rahmawati',
  'Ratna Sari Dewi',
  'Sri Mulyani Astuti',
  'Tri Wahyuni',
  'Wulan Septiani',
  'Yuni Kartikasari',
  'Zahra Amelia',
  'Anisa Fitriani',
  'Rina Oktaviani',
  'Siti Rohmah',
  'Vina Melati',
];

const DEPARTMENTS = [
  { department: 'Gudang', job: 'Operator forklift', group: 'Produksi' },
  { department: 'Gudang', job: 'Staf gudang', group: 'Produksi' },
  { department: 'Armada', job: 'Pengemudi truk', group: 'Produksi' },
  { department: 'Keuangan', job: 'Staf keuangan', group: 'Staf' },
  { department: 'Administrasi', job: 'Staf administrasi', group: 'Staf' },
  { department: 'Customer Service', job: 'Petugas layanan pelanggan', group: 'Staf' },
  { department: 'IT', job: 'Staf TI', group: 'Staf' },
];

export interface DemoPerson {
  employeeNumber: string;
  nik: string;
  name: string;
  sex: 'M' | 'F';
  birthDate: string;
  department: string;
  job: string;
  group: string;
  address: string;
}

/** `n` people of one site: region code (6 digits) and employee-number prefix; `offset` varies names. */
export function demoPeople(o: { n: number; region: string; prefix: string; offset: number; city: string }) {
  const out: DemoPerson[] = [];
  for (let i = 0; i < o.n; i++) {
    const k = i + o.offset;
    const sex = k % 3 === 1 ? 'F' : 'M';
    const names = sex === 'F' ? WOMEN : MEN;
    const name = names[Math.floor(k / (sex === 'F' ? 3 : 1.5)) % names.length];
    const year = 1970 + ((k * 7) % 33);
    const month = 1 + ((k * 5) % 12);
    const day = 1 + ((k * 11) % 28);
    const dd = String(day + (sex === 'F' ? 40 : 0)).padStart(2, '0');
    const mm = String(month).padStart(2, '0');
    const place = DEPARTMENTS[k % DEPARTMENTS.length];
    out.push({
      employeeNumber: `${o.prefix}${String(1001 + i)}`,
      nik: `${o.region}${dd}${mm}${String(year).slice(2)}${String(8101 + k).padStart(4, '0')}`,
      name,
      sex,
      birthDate: `${year}-${mm}-${String(day).padStart(2, '0')}`,
      ...place,
      address: `${['Jl. Industri', 'Perum Griya Asri', 'Jl. Raya', 'Kp. Baru'][k % 4]} No. ${1 + (k % 40)}, ${o.city}`,
    });
  }
  return dedupeNames(out);
}

/** Two people of one list never share a name (the second gets a third name). */
function dedupeNames(people: DemoPerson[]) {
  const seen = new Map<string, number>();
  const extra = ['Pratama', 'Santoso', 'Wibowo', 'Lestari', 'Kusuma', 'Saputri', 'Hidayat', 'Permana'];
  for (const p of people) {
    const n = seen.get(p.name) ?? 0;
    seen.set(p.name, n + 1);
    if (n > 0) p.name = `${p.name} ${extra[(n - 1) % extra.length]}`;
  }
  return people;
}

/** The company's participant sheet (the template's Indonesian headings). */
export async function participantSheet(people: DemoPerson[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('Peserta');
  ws.addRow([
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
  ]);
  for (const [i, p] of people.entries()) {
    const [y, m, d] = p.birthDate.split('-').map(Number);
    ws.addRow([
      i + 1,
      p.employeeNumber,
      p.name,
      p.nik,
      p.department,
      p.job,
      p.group,
      p.sex === 'M' ? 'L' : 'P',
      new Date(Date.UTC(y, m - 1, d)),
      p.address,
    ]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

type Values = Record<string, string | number | null>;

/** A station's values: normal, or (abnormal) with the finding a real checkup often has. */
export function stationValues(station: McuStation, abnormal: boolean, k: number): Values {
  const base: Values = normalValues(station);
  switch (station) {
    case 'anamnesis':
      return abnormal
        ? { ...base, complaint: 'Sering nyeri pinggang setelah mengangkat barang', smoking: 'yes' }
        : { ...base, exercise: k % 2 ? 'sometimes' : 'regular' };
    case 'vitals': {
      const height = 155 + (k % 25);
      return {
        ...base,
        systolic: abnormal ? 150 + (k % 15) : 110 + (k % 25),
        diastolic: abnormal ? 95 : 70 + (k % 15),
        pulse: 68 + (k % 20),
        respiratoryRate: 16 + (k % 4),
        temperature: 36.5,
        height,
        weight: Math.round((height / 100) ** 2 * (abnormal ? 29 : 22 + (k % 4)) * 10) / 10,
      };
    }
    case 'physical':
      return abnormal ? { ...base, limbs: 'abnormal', limbsNote: 'Nyeri tekan otot pinggang kanan' } : base;
    case 'eye':
      return abnormal ? { ...base, visusRight: '6/12', visusLeft: '6/9', correction: 'glasses' } : base;
    case 'audiometry': {
      const out: Values = {};
      for (const ear of ['right', 'left'])
        for (const f of [250, 500, 1000, 2000, 3000, 4000, 6000, 8000])
          out[`${ear}${f}`] = abnormal && f >= 3000 && f <= 6000 ? 40 : 10 + (k % 3) * 5;
      return out;
    }
    case 'spirometry':
      return abnormal
        ? { fvc: 3.1, fev1: 2.0, fvcPredicted: 78 }
        : { fvc: (38 + (k % 5)) / 10, fev1: (31 + (k % 5)) / 10, fvcPredicted: 92 + (k % 8) };
    default:
      return base;
  }
}

/** Every parameter of the lab work a value: in range (one high glucose or Hb low where `abnormal`). */
export function labValues(work: LabWork, abnormal: boolean) {
  const values: { parameterUid: string; value: number | string }[] = [];
  for (const t of work.tests)
    for (const p of t.parameters) {
      if (p.formula) continue;
      const r = p.range;
      if (p.resultType === 'number' || (r && (r.low !== null || r.high !== null))) {
        const low = r?.low ?? 0;
        const high = r?.high ?? (r?.low ? r.low * 2 : 10);
        let value = low + (high - low) / 2;
        if (abnormal && (p.code.includes('GLU') || p.code.includes('GDP'))) value = high * 1.5;
        const f = 10 ** (p.decimals ?? 0);
        values.push({ parameterUid: p.uid, value: Math.round(value * f) / f });
      } else if (p.choices?.length) {
        const normal = r?.normalText && p.choices.includes(r.normalText) ? r.normalText : p.choices[0];
        values.push({ parameterUid: p.uid, value: normal });
      } else values.push({ parameterUid: p.uid, value: r?.normalText ?? 'Normal' });
    }
  return values;
}
