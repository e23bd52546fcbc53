/// <reference path="./angka-terbilang.d.ts" />
import angkaTerbilang from '@develoka/angka-terbilang-js';

/**
 * An amount of whole rupiah in words for a receipt (kwitansi), research/operations.md §3.5:
 * 1250000 → 'Satu Juta Dua Ratus Lima Puluh Ribu Rupiah'; 0 → 'Nol Rupiah'; a negative amount
 * begins with 'Minus'. The words come from @develoka/angka-terbilang-js; its 'milyar' is written
 * 'miliar' as the KBBI has it.
 */
export function terbilangRupiah(amount: number): string {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`not a whole rupiah amount: ${amount}`);
  const words = angkaTerbilang(String(Math.abs(amount)))
    .replace(/\bmilyar\b/g, 'miliar')
    .split(' ')
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ');
  return `${amount < 0 ? 'Minus ' : ''}${words} Rupiah`;
}
