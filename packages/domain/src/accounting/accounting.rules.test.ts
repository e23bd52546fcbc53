import { describe, expect, it } from 'vitest';
import { priceBill, withKeys } from '../billing/billing.rules.ts';
import {
  ACCOUNT_KEYS,
  balanced,
  billEntryLines,
  chartOf,
  csvField,
  DEFAULT_ACCOUNTS,
  depositEntryLines,
  isBalanced,
  payerPaymentEntryLines,
  paymentEntryLines,
  totalsOfLines,
} from './accounting.rules.ts';

const amounts = (lines: { key: string; debit: number; credit: number }[]) =>
  Object.fromEntries(lines.map((l) => [`${l.debit ? 'Dr' : 'Cr'} ${l.key}`, l.debit || l.credit]));

describe('journal entries of billing', () => {
  it('books a deposit received against the deposit liability, and its refund the other way', () => {
    expect(depositEntryLines('TUNAI', 200_000)).toEqual([
      { key: 'cash', debit: 200_000, credit: 0 },
      { key: 'deposit', debit: 0, credit: 200_000 },
    ]);
    expect(depositEntryLines('QRIS', -50_000)).toEqual([
      { key: 'deposit', debit: 50_000, credit: 0 },
      { key: 'bank.QRIS', debit: 0, credit: 50_000 },
    ]);
    expect(DEFAULT_ACCOUNTS.deposit).toEqual({ code: '2102', name: 'Uang Muka Pasien' });
  });

  it('books a posted bill with PPN and a discount: receivable, revenue before discount, discount, PPN out', () => {
    const { lines } = priceBill(
      withKeys([
        {
          category: 'consultation',
          sourceType: 's',
          sourceUid: 'k',
          code: 'K',
          description: 'Konsultasi',
          quantity: 1,
          unitPrice: 100_000,
          taxCode: 'SERVICE_EXEMPT',
        },
        {
          category: 'drug',
          sourceType: 'd',
          sourceUid: 'o',
          code: 'O',
          description: 'Obat',
          quantity: 2,
          unitPrice: 11_100,
          taxCode: 'GOODS_PPN',
        },
        {
          category: 'packaging',
          sourceType: 'p',
          sourceUid: 'p',
          code: 'P',
          description: 'Kemasan',
          quantity: 1,
          unitPrice: 2_000,
          taxCode: 'SERVICE_EXEMPT',
        },
      ]),
      [{ lineKey: null, type: 'percent', value: 10 }],
      { pricesIncludePpn: true },
      'self',
    );
    const entry = billEntryLines(lines, true);
    expect(isBalanced(entry)).toBe(true);
    const total = lines.reduce((n, l) => n + l.net, 0);
    const ppn = lines.reduce((n, l) => n + l.ppn, 0);
    expect(ppn).toBeGreaterThan(0);
    const a = amounts(entry);
    expect(a['Dr receivable.patient']).toBe(total);
    expect(a['Cr ppnOut']).toBe(ppn);
    // revenue before the discount: consultation 100.000, drugs 22.200 without PPN = 20.000, packaging with compounding
    expect(a['Cr revenue.consultation']).toBe(100_000);
    expect(a['Cr revenue.drug']).toBe(20_000);
    expect(a['Cr revenue.compounding']).toBe(2_000);
    // 10% of the bill: 12.420, of which 2.220 on the drugs is 2.000 without PPN
    expect(a['Dr discount']).toBe(10_000 + 2_000 + 200);
    expect(ppn).toBe(1_980);
    expect(entry.some((l) => l.key === 'rounding')).toBe(false);
    expect(totalsOfLines(entry)).toEqual({
      debit: total + a['Dr discount'],
      credit: total + a['Dr discount'],
    });
  });

  it('books a split payment: cash and bank in, the company part moves to the company receivable', () => {
    const entry = paymentEntryLines([
      { method: 'TUNAI', amount: 50_000 },
      { method: 'QRIS', amount: 30_000 },
      { method: 'PERUSAHAAN', amount: 120_000 },
    ]);
    expect(isBalanced(entry)).toBe(true);
    expect(amounts(entry)).toEqual({
      'Dr cash': 50_000,
      'Dr bank.QRIS': 30_000,
      'Dr receivable.company': 120_000,
      'Cr receivable.patient': 200_000,
    });
  });

  it('books a reversal as the mirror of its payment', () => {
    const entry = paymentEntryLines([
      { method: 'TUNAI', amount: -50_000 },
      { method: 'ASURANSI', amount: -70_000 },
    ]);
    expect(isBalanced(entry)).toBe(true);
    expect(amounts(entry)).toEqual({
      'Dr receivable.patient': 120_000,
      'Cr cash': 50_000,
      'Cr receivable.insurer': 70_000,
    });
  });

  it('books a payer’s payment of its invoice: bank in, the payer’s receivable out', () => {
    const entry = payerPaymentEntryLines('TRANSFER', 'insurer', 1_250_000);
    expect(amounts(entry)).toEqual({ 'Dr bank.TRANSFER': 1_250_000, 'Cr receivable.insurer': 1_250_000 });
    expect(amounts(payerPaymentEntryLines('TUNAI', 'company', 5))).toEqual({
      'Dr cash': 5,
      'Cr receivable.company': 5,
    });
  });

  it('puts a rupiah of rounding on the rounding account and refuses a larger difference', () => {
    const entry = balanced([
      { key: 'cash', debit: 101, credit: 0 },
      { key: 'receivable.patient', debit: 0, credit: 100 },
    ]);
    expect(amounts(entry)).toEqual({ 'Dr cash': 101, 'Cr receivable.patient': 100, 'Cr rounding': 1 });
    expect(() =>
      balanced([
        { key: 'cash', debit: 105, credit: 0 },
        { key: 'receivable.patient', debit: 0, credit: 100 },
      ]),
    ).toThrow(/unbalanced/);
  });

  it('has a default account for every key and lets a clinic’s own accounts win', () => {
    expect(Object.keys(DEFAULT_ACCOUNTS).sort()).toEqual([...ACCOUNT_KEYS].sort());
    const chart = chartOf([
      { key: 'cash', code: '1-1000', name: 'Kas Besar' },
      { key: 'unknown', code: 'x', name: 'x' },
    ]);
    expect(chart.cash).toEqual({ code: '1-1000', name: 'Kas Besar' });
    expect(chart.ppnOut).toEqual({ code: '2105', name: 'PPN Keluaran' });
  });

  it('quotes CSV fields with commas and quotes', () => {
    expect(csvField('Tagihan INV/10, "A"')).toBe('"Tagihan INV/10, ""A"""');
    expect(csvField(1500)).toBe('1500');
    expect(csvField(null)).toBe('');
  });
});
