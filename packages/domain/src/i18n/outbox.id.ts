/** Domain events and their consumers (Setting → Lainnya): web texts and server messages (Bahasa Indonesia). */
export const outboxId = {
  notFound: 'Peristiwa tertahan tidak ditemukan',
  replayed: 'Peristiwa diproses ulang',
  replayFailed: 'Peristiwa masih gagal diproses: {{error}}',
  title: 'Antrean proses otomatis',
  subtitle:
    'Setelah dokter menyelesaikan pemeriksaan, sistem meneruskan order ke layanan dan membuat surat rujukan secara otomatis. Proses yang gagal berulang kali ditahan di sini.',
  consumers: 'Proses',
  consumer: 'Proses',
  behind: 'Belum diproses',
  lastError: 'Kesalahan terakhir',
  retryAt: 'Dicoba lagi',
  healthy: 'Lancar',
  parked: 'Peristiwa tertahan',
  parkedEmpty: 'Tidak ada peristiwa tertahan.',
  showReplayed: 'Tampilkan yang sudah diproses ulang',
  event: 'Peristiwa',
  error: 'Kesalahan',
  attempts: 'Percobaan',
  parkedAt: 'Ditahan',
  replay: 'Proses ulang',
  replayedAt: 'Diproses ulang {{at}}',
  failed: 'Daftar tidak dapat dimuat.',
  names: {
    'registrations.service-visits': 'Order ke antrean layanan',
    'letters.referral': 'Surat rujukan',
    'live-stream': 'Pembaruan layar',
  },
  types: {
    'encounter.finished': 'Pemeriksaan selesai',
  },
};
