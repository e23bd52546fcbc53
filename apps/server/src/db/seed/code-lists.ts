import type { CodeListName } from '@klinikita/domain/code-lists/code-list.schema';
import { newUid } from '../../shared/crypto.ts';
import type { Executor } from '../../shared/sql.ts';
import { clinicCodes, codeListItems } from '../schema/index.ts';

/** [code, Indonesian name, English name, active (default yes)] in list order. */
type Entry = readonly [code: string, nameId: string, nameEn: string, active?: boolean];

/** The reasons an Indonesian clinic chain picks from, and the MCU fitness categories (in this order). */
export const DEMO_CODE_LISTS: Readonly<Record<CodeListName, readonly Entry[]>> = {
  cancellation: [
    ['BTL-DATANG', 'Pasien batal datang', 'Patient did not come'],
    [
      'SALAH-DAFTAR',
      'Salah pendaftaran (poli, dokter atau data pasien)',
      'Registered in error (clinic, doctor or patient data)',
    ],
    ['PINDAH-DOKTER', 'Pindah ke dokter lain', 'Moved to another doctor'],
    ['DOKTER-HALANGAN', 'Dokter berhalangan praktik', 'Doctor unavailable'],
    ['ANTRE-LAMA', 'Pasien tidak bersedia menunggu antrean', 'Patient would not wait for the queue'],
    ['RUJUK-LANGSUNG', 'Dirujuk langsung ke rumah sakit', 'Referred straight to hospital'],
    [
      'JAMINAN-DITOLAK',
      'Jaminan perusahaan atau asuransi tidak berlaku',
      'Company or insurance cover not valid',
    ],
    ['DOBEL', 'Pendaftaran ganda', 'Duplicate registration'],
    ['LAINNYA', 'Alasan lain', 'Other reason'],
  ],
  sampleRejection: [
    ['HEMOLISIS', 'Sampel hemolisis', 'Haemolysed sample'],
    ['VOL-KURANG', 'Volume sampel kurang', 'Insufficient sample volume'],
    ['LABEL-TS', 'Label tidak sesuai atau tidak terbaca', 'Label mismatched or unreadable'],
    ['BEKU', 'Sampel membeku atau lisis', 'Sample frozen or lysed'],
    ['WADAH-SALAH', 'Wadah atau antikoagulan salah', 'Wrong container or anticoagulant'],
    ['BEKUAN', 'Terdapat bekuan pada sampel darah EDTA', 'Clotted EDTA blood sample'],
    ['LIPEMIK', 'Sampel lipemik', 'Lipaemic sample'],
    ['KEDALUWARSA', 'Sampel melewati batas waktu pemeriksaan', 'Sample too old to examine'],
    ['TUMPAH', 'Wadah bocor atau sampel tumpah', 'Container leaked or sample spilled'],
    ['TIDAK-PUASA', 'Pasien tidak puasa sesuai persyaratan', 'Patient did not fast as required'],
  ],
  refund: [
    ['BATAL-LAYANAN', 'Layanan batal dilakukan', 'Service not performed'],
    ['SALAH-TAGIH', 'Salah input tagihan', 'Billing entry error'],
    ['BAYAR-GANDA', 'Pembayaran ganda', 'Paid twice'],
    ['DIJAMIN', 'Biaya ditanggung perusahaan atau asuransi', 'Cost covered by company or insurer'],
    [
      'SAMPEL-ULANG',
      'Pemeriksaan tidak dapat dilakukan (sampel ditolak)',
      'Test could not be run (sample rejected)',
    ],
    ['KELUHAN', 'Keluhan pasien disetujui manajemen', 'Patient complaint upheld by management'],
  ],
  discount: [
    ['KARYAWAN', 'Karyawan', 'Employee'],
    ['KEL-KARYAWAN', 'Keluarga karyawan', 'Employee’s family'],
    ['PROMO', 'Promo', 'Promotion'],
    ['PROMO-HUT', 'Promo HUT klinik (sudah berakhir)', 'Clinic anniversary promotion (ended)', false],
    ['DIREKSI', 'Kebijakan direksi', 'Management decision'],
    ['LANSIA', 'Pasien lanjut usia', 'Elderly patient'],
    ['MITRA', 'Perusahaan mitra', 'Partner company'],
    ['SOSIAL', 'Keringanan sosial', 'Social hardship'],
  ],
  mcuConclusion: [
    ['FIT', 'Layak kerja', 'Fit'],
    ['FIT_NOTE', 'Layak kerja dengan catatan', 'Fit with note'],
    ['TEMP_UNFIT', 'Tidak layak sementara', 'Temporarily unfit'],
    ['UNFIT', 'Tidak layak', 'Unfit'],
  ],
};

/**
 * Favourites and title corrections the demo's MCU centre in Surabaya (12) and the Makassar clinic
 * (13) keep, so that Daftar Kode → Koreksi & favorit ICD has rows to show. Menteng and Cikarang
 * keep none: their doctors start from the shipped titles.
 */
const DEMO_CLINIC_CODES = [
  {
    clinicId: 12,
    system: 'icd10',
    code: 'Z02.1',
    favourite: true,
    titleId: 'Pemeriksaan kesehatan pra-kerja (MCU pra-kerja)',
  },
  { clinicId: 12, system: 'icd10', code: 'Z10.0', favourite: true, titleId: 'MCU berkala karyawan' },
  { clinicId: 12, system: 'icd10', code: 'Z00.0', favourite: true },
  { clinicId: 12, system: 'icd10', code: 'H52.1', favourite: true },
  {
    clinicId: 12,
    system: 'icd10',
    code: 'E78.5',
    favourite: false,
    titleId: 'Dislipidemia (hiperlipidemia), tidak spesifik',
  },
  { clinicId: 12, system: 'icd9cm', code: '89.7', favourite: true },
  { clinicId: 12, system: 'icd9cm', code: '89.52', favourite: true },
  { clinicId: 13, system: 'icd10', code: 'J06.9', favourite: true },
  { clinicId: 13, system: 'icd10', code: 'K30', favourite: true },
  { clinicId: 13, system: 'icd10', code: 'I10', favourite: true },
  { clinicId: 13, system: 'icd10', code: 'M79.1', favourite: false, titleId: 'Mialgia (nyeri otot)' },
] as const;

/** Demo: the reason lists, the MCU conclusion categories and a few clinics' ICD marks. */
export async function seedCodeLists(db: Executor, corpId: number): Promise<void> {
  await db.insert(codeListItems).values(
    Object.entries(DEMO_CODE_LISTS).flatMap(([list, entries]) =>
      entries.map(([code, nameId, nameEn, active = true], i) => ({
        uid: newUid(),
        corpId,
        list,
        code,
        nameId,
        nameEn,
        sort: (i + 1) * 10,
        active,
      })),
    ),
  );
  await db.insert(clinicCodes).values(
    DEMO_CLINIC_CODES.map((c) => ({
      clinicId: c.clinicId,
      system: c.system,
      code: c.code,
      favourite: c.favourite,
      titleId: 'titleId' in c ? c.titleId : null,
    })),
  );
}
