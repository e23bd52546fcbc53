/** Texts of the web app (Bahasa Indonesia). Texts the spec writes to the letter stay as written. */
export const webId = {
  appName: 'Klinikita',
  tagline: 'Sistem informasi klinik',
  loading: 'Memuat…',
  language: {
    label: 'Bahasa',
    id: 'ID',
    en: 'EN',
  },
  login: {
    title: 'Masuk',
    subtitle: 'Gunakan akun yang diberikan oleh admin klinik Anda.',
    username: 'Username',
    usernamePlaceholder: 'Masukkan username',
    password: 'Password',
    passwordPlaceholder: 'Masukkan password',
    submit: 'Masuk',
    failed: 'Login gagal',
    brandTitle: 'Layanan klinik dalam satu layar',
    brandPoints: {
      frontOffice: 'Pendaftaran dan antrian pasien',
      clinical: 'Pemeriksaan dokter dan rekam medis elektronik',
      support: 'Laboratorium, MCU, radiologi dan farmasi',
      finance: 'Pembayaran, invoice dan laporan',
    },
    demo: {
      title: 'Akun demo',
      hint: 'Klik akun untuk mengisi form. Semua akun memakai password {{password}}.',
      use: 'Gunakan akun {{username}}',
    },
  },
  session: {
    loading: 'Memuat sesi…',
  },
  welcome: {
    greeting: 'Selamat datang, {{name}}',
    role: 'Peran',
    clinic: 'Klinik',
    today: 'Hari ini',
    noMenu:
      'Belum ada menu yang dapat dibuka untuk peran Anda. Hubungi admin klinik untuk mengatur akses menu.',
  },
  accountType: {
    corporate: 'Korporat',
    klinik: 'Klinik',
    mandiri: 'Praktik Mandiri',
  },
  header: {
    toggleSidebar: 'Tampilkan atau sembunyikan menu',
    userMenu: 'Menu pengguna',
    editProfile: 'Edit Profile',
    schedule: 'Lihat Jadwal',
    logout: 'Keluar',
  },
  sidebar: {
    label: 'Menu utama',
  },
  dashboard: {
    title: 'Dashboard',
    sections: {
      revenue: 'Revenue',
      turnAroundTime: 'Turn Around Time',
      serviceDistribution: 'Service Distribution',
      inventoryManagement: 'Inventory Management',
      crm: 'CRM',
    },
    descriptions: {
      revenue: 'Pendapatan klinik per periode, layanan dan cara bayar',
      turnAroundTime: 'Waktu tunggu pasien dari pendaftaran sampai selesai',
      serviceDistribution: 'Sebaran kunjungan per layanan dan dokter',
      inventoryManagement: 'Stok, pemakaian dan kedaluwarsa obat serta BHP',
      crm: 'Kunjungan ulang dan kepuasan pasien',
    },
  },
  errorAuth: {
    title: 'Akses ditolak',
    message:
      'Anda tidak memiliki izin untuk membuka halaman ini. Hubungi admin klinik bila Anda memerlukan akses.',
    back: 'Kembali',
  },
  error: {
    home: 'Kembali ke beranda',
  },
};
