const rupiahFormat = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 });

/** Rupiah with a dot thousands separator (spec 9): 1500000 → 'Rp 1.500.000'. */
export function formatRupiah(amount: number | bigint): string {
  return `Rp ${rupiahFormat.format(amount)}`;
}

/** Local time zones of Indonesia. */
export const TIME_ZONES = ['Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura'] as const;
export type TimeZone = (typeof TIME_ZONES)[number];
