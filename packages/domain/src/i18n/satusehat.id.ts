/** Messages of the SATUSEHAT integration (Bahasa Indonesia). */
export const satusehatId = {
  nikInvalid: 'NIK harus 16 digit angka',
  ihsFound: 'Nomor IHS ditemukan',
  ihsConfirmed: 'Nomor IHS {{ihs}} sesuai dengan SATUSEHAT',
  ihsCorrected: 'Nomor IHS diperbaiki dari SATUSEHAT: {{previous}} menjadi {{ihs}}',
  ihsNotFound: 'NIK pasien tidak dikenal SATUSEHAT; periksa NIK',
  ihsNoNik: 'Pasien tidak punya NIK (atau NIK ibu untuk bayi): Nomor IHS tidak dapat diperiksa',
  practitionerNotFound: 'NIK tidak terdaftar sebagai tenaga kesehatan di SATUSEHAT',
  unavailable: 'SATUSEHAT sedang tidak dapat dihubungi. Silakan coba lagi beberapa saat lagi.',
  credentialsRefused:
    'SATUSEHAT menolak kredensial klinik ini. Periksa Client ID dan Client Secret di Setting SATUSEHAT.',
  refused: 'SATUSEHAT menolak permintaan: {{detail}}',
  badResponse: 'Jawaban SATUSEHAT tidak dapat dibaca. Silakan coba lagi.',
  notConfigured: 'SATUSEHAT belum diatur untuk klinik ini. Lengkapi di Setting SATUSEHAT.',
  secretUnreadable:
    'Client Secret SATUSEHAT klinik ini tidak dapat dibaca di server ini. Masukkan ulang di Setting SATUSEHAT.',
  simulatorOff: 'Simulator SATUSEHAT tidak berjalan di server ini.',
  noClinic: 'Akun Anda belum terhubung ke klinik mana pun.',
  lookupForbidden:
    'Anda hanya dapat mengambil Nomor IHS untuk NIK Anda sendiri yang sudah tersimpan. NIK lain dicari oleh petugas pendaftaran pasien atau pengelola data karyawan dan dokter.',
};
