const rupiahFormat = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 });

/** Rupiah with a dot thousands separator (spec 9): 1500000 → 'Rp 1.500.000'. */
export function formatRupiah(amount: number | bigint): string {
  return `Rp ${rupiahFormat.format(amount)}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** D_M_Y as the list queries send it (spec 7, 9): 5 March 2026 → '5_3_2026'. */
export function toDMY(date: Date): string {
  return `${date.getDate()}_${date.getMonth() + 1}_${date.getFullYear()}`;
}

/** Parses D_M_Y back to a local date; null when malformed. */
export function fromDMY(value: string): Date | null {
  const m = /^(\d{1,2})_(\d{1,2})_(\d{4})$/.exec(value);
  if (!m) return null;
  const date = new Date(Number(m[3]), Number(m[2]) - 1, Number(m[1]));
  return date.getDate() === Number(m[1]) && date.getMonth() === Number(m[2]) - 1 ? date : null;
}

/** MMDDYYYY as the upload call sends it (spec 7). */
export function toMMDDYYYY(date: Date): string {
  return `${pad(date.getMonth() + 1)}${pad(date.getDate())}${date.getFullYear()}`;
}

/** Local time zones of Indonesia. */
export const TIME_ZONES = ['Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura'] as const;
export type TimeZone = (typeof TIME_ZONES)[number];
