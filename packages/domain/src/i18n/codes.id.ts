/** ICD-10 / ICD-9-CM code search and clinic corrections: web texts and server messages (Bahasa Indonesia). */
export const codesId = {
  systems: {
    icd10: 'ICD-10 (diagnosis)',
    icd9cm: 'ICD-9-CM (tindakan)',
  },
  searchPlaceholder: 'Ketik kode atau nama, mis. J06.9 atau ispa',
  favourite: 'Favorit klinik',
  addFavourite: 'Jadikan favorit klinik',
  removeFavourite: 'Hapus dari favorit klinik',
  corrected: 'Judul dikoreksi klinik',
  correctTitle: 'Koreksi judul',
  titleId: 'Judul (Indonesia)',
  titleEn: 'Judul (Inggris)',
  nothingFound: 'Kode tidak ditemukan',
  // server messages
  saved: 'Kode berhasil disimpan',
  notFound: 'Kode {{code}} tidak ditemukan',
  correctForbidden: 'Hanya dokter dan administrator yang dapat mengoreksi judul kode',
};
