/** Patient master: form checks and server messages (Bahasa Indonesia). */
export const patientsId = {
  nikFormat: 'NIK harus 16 digit angka',
  nikProvince: 'Kode provinsi NIK tidak dikenal (2 digit pertama harus 11–94)',
  nikDate: 'Tanggal lahir pada NIK tidak valid (digit 7–12, tanggal perempuan ditambah 40)',
  nikSerial: 'Nomor urut NIK (4 digit terakhir) tidak boleh 0000',
  passportRequired: 'Nomor paspor wajib diisi untuk WNA tanpa NIK',
  passportFormat: 'Nomor paspor hanya boleh berisi huruf dan angka',
  nameRequired: 'Nama pasien wajib diisi',
  nameLength: 'Nama pasien 3 sampai 100 karakter',
  sexRequired: 'Pilih jenis kelamin',
  phoneFormat: 'Nomor telepon harus 8 sampai 15 digit angka',
  emailInvalid: 'Format email tidak valid',
  regionCode: 'Kode wilayah tidak valid',
  insuranceRequired: 'Nama asuransi wajib diisi untuk penjamin asuransi',
  bpjsNumber: 'Nomor kartu BPJS harus 13 digit angka',
  created: 'Pasien berhasil ditambahkan dengan No. RM {{mrn}}',
  saved: 'Data pasien berhasil disimpan',
  deleted: 'Data pasien berhasil dihapus',
  notFound: 'Pasien tidak ditemukan',
  nikTaken: 'NIK {{nik}} sudah terdaftar atas nama {{name}} dengan No. RM {{mrn}}',
  likelyDuplicate:
    'Sudah ada pasien dengan nama dan tanggal lahir yang sama ({{count}} data). Periksa daftar berikut; simpan lagi dengan konfirmasi bila memang pasien berbeda.',
};
