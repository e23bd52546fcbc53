import { describe, expect, it } from 'vitest';
import { formatRupiah, fromDMY, toDMY, toMMDDYYYY } from './format.ts';

describe('formats (spec 9)', () => {
  it('writes rupiah with dot thousands separators', () => {
    expect(formatRupiah(1500000)).toBe('Rp 1.500.000');
    expect(formatRupiah(0)).toBe('Rp 0');
  });
  it('writes and reads D_M_Y', () => {
    expect(toDMY(new Date(2026, 2, 5))).toBe('5_3_2026');
    expect(fromDMY('5_3_2026')?.getTime()).toBe(new Date(2026, 2, 5).getTime());
    expect(fromDMY('31_2_2026')).toBeNull();
    expect(fromDMY('2026-03-05')).toBeNull();
  });
  it('writes MMDDYYYY for uploads', () => {
    expect(toMMDDYYYY(new Date(2026, 2, 5))).toBe('03052026');
  });
});
