import { describe, expect, it } from 'vitest';
import { documentNumber, monthRange, opnameDifference, reconciles } from './stock-documents.rules.ts';

describe('stock documents', () => {
  it('numbers opnames and requests per clinic', () => {
    expect(documentNumber('opname', 12)).toBe('SO-000012');
    expect(documentNumber('request', 3)).toBe('AM-000003');
  });

  it('values an opname line’s difference at the cost, none when not counted', () => {
    expect(opnameDifference(10, 8, 500)).toEqual({ difference: -2, value: -1000 });
    expect(opnameDifference(0.3, 0.5, 1000)).toEqual({ difference: 0.2, value: 200 });
    expect(opnameDifference(10, null, 500)).toEqual({ difference: null, value: null });
  });

  it('reconciles opening + in − out ± adjustments with closing', () => {
    expect(reconciles({ opening: 50, in: 30, out: 7, adjust: -1, closing: 72 })).toBe(true);
    expect(reconciles({ opening: 0.1, in: 0.2, out: 0, adjust: 0, closing: 0.3 })).toBe(true);
    expect(reconciles({ opening: 50, in: 30, out: 7, adjust: 0, closing: 72 })).toBe(false);
  });

  it('turns a month into its first day and the next month’s', () => {
    expect(monthRange('2026-02')).toEqual({ from: '2026-02-01', to: '2026-03-01' });
    expect(monthRange('2026-12')).toEqual({ from: '2026-12-01', to: '2027-01-01' });
  });
});
