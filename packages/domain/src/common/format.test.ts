import { describe, expect, it } from 'vitest';
import { formatRupiah } from './format.ts';

describe('formats (spec 9)', () => {
  it('writes rupiah with dot thousands separators', () => {
    expect(formatRupiah(1500000)).toBe('Rp 1.500.000');
    expect(formatRupiah(0)).toBe('Rp 0');
  });
});
