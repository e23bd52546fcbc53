import { formatRupiah } from '@klinikita/domain/common/format';
import { NEAR_EXPIRY_MONTHS } from '@klinikita/domain/inventory/inventory.rules';
import type { TFunction } from 'i18next';
import type { CardEntry, StockItem } from '../api/inventory-api.ts';

const quantityFormat = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 3 });

/** A quantity as Indonesians write it: 1.250 or 2,5. */
export const formatQuantity = (quantity: number) => quantityFormat.format(quantity);

/** 'YYYY-MM-DD' → 'DD/MM/YYYY'. */
export const formatDay = (day: string) => day.slice(0, 10).split('-').reverse().join('/');

/** A movement's moment in the clinic's time zone: 'DD/MM/YYYY HH:mm'. */
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

/** The last day of the near-expiry window: today plus three months ('YYYY-MM-DD'). */
export function nearExpiryUntil(today: string) {
  const [y, m, d] = today.split('-').map(Number);
  const until = new Date(Date.UTC(y, m - 1 + NEAR_EXPIRY_MONTHS, d));
  return until.toISOString().slice(0, 10);
}

/** What an item's badges say: below its minimum, a batch expired or expiring within three months. */
export function stockFlags(item: StockItem, today: string) {
  const until = nearExpiryUntil(today);
  const nearest = item.batches.find((b) => b.quantity > 0)?.expiryDate ?? null;
  return {
    nearest,
    below: item.minStock > 0 && item.onHand < item.minStock,
    expired: item.batches.some((b) => b.expired || b.expiryDate < today),
    nearExpiry: item.batches.some((b) => !b.expired && b.expiryDate >= today && b.expiryDate <= until),
  };
}

/**
 * What a stock card line was, in words: "Mutasi ke Apotek", "Resep A-012", "Penerimaan PR-…",
 * "Opname SO-000003" (the server resolves the number and the other location).
 */
export function referenceLabel(
  t: TFunction,
  e: Pick<CardEntry, 'kind' | 'referenceType' | 'referenceUid' | 'referenceNumber' | 'counterpart'>,
) {
  const number = e.referenceNumber ?? e.referenceUid.slice(0, 8);
  const move =
    e.counterpart && (e.kind === 'transfer_out' || e.kind === 'transfer_in')
      ? t(`inventory.reference.${e.kind === 'transfer_out' ? 'transferTo' : 'transferFrom'}`, {
          location: e.counterpart,
        })
      : null;
  const named: Record<string, string> = {
    opname: 'opname',
    request: 'request',
    purchase_receipt: 'receipt',
    supplier_return: 'supplierReturn',
    prescription: 'prescription',
  };
  const own = named[e.referenceType]
    ? t(`inventory.reference.${named[e.referenceType]}`, { number })
    : ['adjustment', 'issue', 'procedure'].includes(e.referenceType)
      ? t(`inventory.reference.${e.referenceType}`)
      : null;
  return [own, move].filter(Boolean).join(' · ') || `${e.referenceType} ${number}`;
}

/** A rupiah difference: −Rp 1.000 for a shortage. */
export const signedRupiah = (amount: number) =>
  amount < 0 ? `−${formatRupiah(-amount)}` : formatRupiah(amount);
