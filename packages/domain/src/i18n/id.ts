import { codesId } from './codes.id.ts';
import { consultationsId } from './consultations.id.ts';
import { displayId } from './display.id.ts';
import { doctorQueueId } from './doctor-queue.id.ts';
import { drugsId } from './drugs.id.ts';
import { emrId } from './emr.id.ts';
import { examinationId } from './examination.id.ts';
import { frontOfficeId } from './front-office.id.ts';
import { labQueueId } from './lab-queue.id.ts';
import { lettersId } from './letters.id.ts';
import { masterWebId } from './master-web.id.ts';
import { patientsId } from './patients.id.ts';
import { queueBoardId } from './queue-board.id.ts';
import { regionsId } from './regions.id.ts';
import { registrationsId } from './registrations.id.ts';
import { satusehatId } from './satusehat.id.ts';
import { staffApiId } from './staff-api.id.ts';
import { staffWebId } from './staff-web.id.ts';
import { webId } from './web.id.ts';

/** Bahasa Indonesia, the default language. Spec texts stay as the spec writes them. */
export const id = {
  menu: {
    dashboard: 'Dashboard',
    directorDashboard: 'Dashboard Direktur',
    registration: 'Pendaftaran',
    patientQueue: 'Antrian Pasien',
    doctor: 'Pemeriksaan Dokter',
    doctorPatients: 'Pasien Saya',
    lab: 'Laboratorium',
    mcu: 'Medical Check Up',
    radiology: 'Radiologi',
    physio: 'Fisioterapi',
    emr: 'Rekam Medis',
    payment: 'Pembayaran',
    pharmacyQueue: 'Antrian Farmasi',
    reviewResults: 'Review Hasil',
    previewMcu: 'Hasil MCU',
    previewNonMcu: 'Hasil Non MCU',
    partners: 'Perusahaan Rekanan',
    partnerCompanies: 'Perusahaan Rekanan',
    b2b: 'B2B',
    companyList: 'Daftar Perusahaan',
    finance: 'Finance',
    bills: 'Daftar Tagihan',
    invoice: 'Invoice',
    transactionReport: 'Laporan Transaksi',
    pharmacy: 'Pharmacy',
    internalStock: 'Stok Internal',
    drugs: 'Master Obat',
    inventory: 'Inventory',
    consumable: 'Bahan Habis Pakai',
    stockInfo: 'Info Stok',
    warehouse: 'Gudang',
    supplier: 'Supplier',
    purchaseOrder: 'Purchase Order',
    returnReceive: 'Retur Penerimaan',
    masterData: 'Master Data',
    masterDoctor: 'Master Dokter',
    masterPatient: 'Master Pasien',
    patients: 'Pasien',
    panel: 'Panel',
    schedule: 'Jadwal',
    services: 'Layanan',
    masterService: 'Master Layanan',
    service: 'Layanan',
    serviceSchedule: 'Jadwal Layanan',
    medicalServices: 'Medical Services',
    insurance: 'Asuransi',
    laboratory: 'Pemeriksaan Lab',
    treatment: 'Tindakan',
    statesCode: 'Kode Wilayah',
    erp: 'ERP',
    erpIntegration: 'Integrasi ERP',
    setting: 'Setting',
    settingProfile: 'Profil Klinik',
    settingEmployee: 'Karyawan',
    settingRoles: 'Role & Akses',
    settingSatuSehat: 'SATUSEHAT',
    settingOthers: 'Lainnya',
    settingTrash: 'Sampah',
  },
  validation: {
    required: 'Wajib diisi',
    usernameRequired: 'Username Tidak Boleh Kosong',
    passwordRequired: 'Password Tidak Boleh Kosong',
    tooLong: 'Terlalu panjang',
    digitsOnly: 'Hanya angka',
    passwordMin: 'Password minimal 8 karakter',
    dateFormat: 'Format tanggal DD/MM/YYYY',
    dobFuture: 'Tanggal lahir tidak boleh di masa depan',
    slotFormat: 'Format jam HH:mm - HH:mm',
    slotOrder: 'Jam selesai harus setelah jam mulai',
    wholeNumber: 'Harus bilangan bulat mulai 0',
    invalid: 'Isian tidak valid',
  },
  api: {
    ok: 'Berhasil',
    loginOk: 'Login berhasil',
    loginFailed: 'Username atau password salah',
    accountLocked:
      'Akun dikunci sementara karena terlalu banyak percobaan login gagal. Coba lagi dalam {{minutes}} menit.',
    tooManyAttempts: 'Terlalu banyak percobaan login. Coba lagi dalam {{minutes}} menit.',
    accountInactive: 'Akun tidak aktif',
    unauthenticated: 'Sesi tidak valid atau sudah berakhir. Silakan login kembali.',
    forbidden: 'Anda tidak memiliki akses ke menu ini',
    clinicForbidden: 'Anda tidak memiliki akses ke data klinik ini',
    corporateForbidden: 'Anda tidak memiliki akses ke data perusahaan ini',
    validation: 'Data yang dikirim tidak valid',
    notFound: 'Data tidak ditemukan',
    routeNotFound: 'Alamat API tidak ditemukan',
    csrf: 'Permintaan ditolak: asal permintaan tidak dikenal',
    payloadTooLarge: 'Ukuran data terlalu besar',
    internal: 'Terjadi kesalahan pada server. Silakan coba lagi.',
    unavailable: 'Layanan sedang tidak tersedia. Silakan coba lagi sebentar lagi.',
    roleExists: 'Nama role sudah dipakai',
    roleBuiltIn: 'Role bawaan tidak dapat diubah namanya atau dihapus',
    roleInUse: 'Role masih dipakai oleh {{count}} pengguna',
    roleOwn: 'Anda tidak dapat mengubah akses role Anda sendiri',
    roleAllAccess: 'Role ini selalu memiliki akses penuh; menunya tidak diatur',
    unknownMenu: 'Menu tidak dikenal: {{code}}',
    saved: 'Data berhasil disimpan',
    deleted: 'Data berhasil dihapus',
    logoutOk: 'Logout berhasil',
  },
  web: webId,
  staffApi: staffApiId,
  staffWeb: staffWebId,
  satusehat: satusehatId,
  masterWeb: masterWebId,
  patients: patientsId,
  registrations: registrationsId,
  frontOffice: frontOfficeId,
  queueBoard: queueBoardId,
  doctorQueue: doctorQueueId,
  labQueue: labQueueId,
  display: displayId,
  regions: regionsId,
  consultations: consultationsId,
  examination: examinationId,
  emr: emrId,
  letters: lettersId,
  drugs: drugsId,
  codes: codesId,
};

export type Catalog = typeof id;
