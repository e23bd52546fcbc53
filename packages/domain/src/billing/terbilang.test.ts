import { describe, expect, it } from 'vitest';
import { formatRupiah } from '../common/format.ts';
import { needsMeterai } from './billing-documents.schema.ts';
import { terbilangRupiah } from './terbilang.ts';

describe('terbilang (amount in words on a receipt)', () => {
  it.each([
    [0, 'Nol Rupiah'],
    [11, 'Sebelas Rupiah'],
    [100, 'Seratus Rupiah'],
    [1_000, 'Seribu Rupiah'],
    [1_250_000, 'Satu Juta Dua Ratus Lima Puluh Ribu Rupiah'],
    [5_000_001, 'Lima Juta Satu Rupiah'],
    [1_000_000_000, 'Satu Miliar Rupiah'],
    [2_011_000, 'Dua Juta Sebelas Ribu Rupiah'],
    [-250_000, 'Minus Dua Ratus Lima Puluh Ribu Rupiah'],
  ])('%i → %s', (amount, words) => {
    expect(terbilangRupiah(amount)).toBe(words);
  });

  it('takes whole rupiah only', () => {
    expect(() => terbilangRupiah(1.5)).toThrow(RangeError);
    expect(() => terbilangRupiah(Number.NaN)).toThrow(RangeError);
  });
});

describe('money on the documents', () => {
  it('writes rupiah as Rp 1.250.000', () => {
    expect(formatRupiah(1_250_000)).toBe('Rp 1.250.000');
    expect(formatRupiah(5_000_001)).toBe('Rp 5.000.001');
  });

  it('flags a receipt above Rp5.000.000 for bea meterai (UU 10/2020)', () => {
    expect(needsMeterai(5_000_000)).toBe(false);
    expect(needsMeterai(5_000_001)).toBe(true);
  });
});
