import type { PharmacyStatus } from '@klinikita/domain/pharmacy/pharmacy.rules';

const quantityFormat = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 3 });
const rupiahFormat = new Intl.NumberFormat('id-ID', {
  style: 'currency',
  currency: 'IDR',
  maximumFractionDigits: 0,
});

/** 12,5 — quantities as the pharmacy counts them. */
export const formatQuantity = (quantity: number) => quantityFormat.format(quantity);

/** Rp 5.000 */
export const formatRupiah = (rupiah: number) => rupiahFormat.format(rupiah);

/** 'yyyy-mm-dd' → 'dd/mm/yyyy'. */
export const formatDay = (day: string) => day.slice(0, 10).split('-').reverse().join('/');

/** A moment at the clinic: 'dd/mm/yyyy hh:mm' in the clinic's time zone. */
export function formatMoment(at: string, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(at));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}`;
}

/** Today at the clinic, 'yyyy-mm-dd'. */
export const clinicToday = (timeZone: string, now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    now,
  );

/** The badge colour of a status: open ones by how far along, done ones calm, refusals red. */
export const STATUS_COLOURS: Record<PharmacyStatus, string> = {
  submitted: 'blue',
  in_review: 'indigo',
  on_hold: 'orange',
  preparing: 'violet',
  ready: 'teal',
  partially_dispensed: 'yellow',
  dispensed: 'green',
  rejected: 'red',
  cancelled: 'gray',
  returned: 'gray',
};
