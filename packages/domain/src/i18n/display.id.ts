/** Web texts of the waiting-room display (/display/:token) (Bahasa Indonesia). */
export const displayId = {
  title: 'Layar Antrean',
  loading: 'Memuat layar antrean…',
  nowCalling: 'Nomor antrean',
  goTo: 'silakan ke',
  noCallYet: 'Belum ada panggilan',
  noCallHint: 'Nomor yang dipanggil akan tampil di sini.',
  previous: 'Panggilan sebelumnya',
  noPrevious: 'Belum ada',
  waiting: 'Menunggu',
  waitingCount: '{{count}} pasien',
  noWaiting: 'Tidak ada pasien yang menunggu',
  enableSound: 'Klik untuk mengaktifkan suara',
  enableSoundHint: 'Browser memerlukan satu klik sebelum layar boleh bersuara.',
  soundOn: 'Suara aktif',
  soundOff: 'Suara belum aktif',
  offline: 'Koneksi terputus, mencoba menyambung ulang…',
  invalidTitle: 'Tautan layar antrean tidak berlaku',
  invalidHint:
    'Tautan ini salah atau sudah diganti. Minta tautan baru dari admin klinik (menu Antrean Pasien → Layar antrean).',
};
