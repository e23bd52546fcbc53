import { describe, expect, it } from 'vitest';
import { copayOf, copayProblem, employeeNumberKey, isValidCutoffDay } from './partner-company.rules.ts';
import { companySaveSchema, contractPriceAddSchema, employeeSaveSchema } from './partner-company.schema.ts';

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('the company schema', () => {
  it('keeps an NPWP of 15 or 16 digits as digits, separators allowed in input', () => {
    expect(companySaveSchema.parse({ name: 'PT A', npwp: '01.234.567.8-901.000' }).npwp).toBe(
      '012345678901000',
    );
    expect(companySaveSchema.parse({ name: 'PT A', npwp: '3171 0112 0388 0002' }).npwp).toBe(
      '3171011203880002',
    );
    expect(companySaveSchema.parse({ name: 'PT A', npwp: '' }).npwp).toBeNull();
    expect(messages(companySaveSchema.safeParse({ name: 'PT A', npwp: '01.234.567' }))).toEqual({
      npwp: 'partnerCompanies.npwpInvalid',
    });
    expect(messages(companySaveSchema.safeParse({ name: 'PT A', npwp: '12345678901234567' }))).toEqual({
      npwp: 'partnerCompanies.npwpInvalid',
    });
  });

  it('takes a cut-off day of 1 to 28 and defaults the terms', () => {
    const parsed = companySaveSchema.parse({ name: 'PT A' });
    expect(parsed).toMatchObject({
      paymentTermDays: 30,
      cutoffDay: 25,
      billingCycle: 'monthly',
      copayType: 'none',
    });
    expect(companySaveSchema.safeParse({ name: 'PT A', cutoffDay: 28 }).success).toBe(true);
    for (const cutoffDay of [0, 29, 31, 1.5])
      expect(messages(companySaveSchema.safeParse({ name: 'PT A', cutoffDay }))).toEqual({
        cutoffDay: 'partnerCompanies.cutoffRange',
      });
    expect(isValidCutoffDay(1) && isValidCutoffDay(28) && !isValidCutoffDay(29)).toBe(true);
  });

  it('checks the co-pay by its kind and the ceilings', () => {
    expect(companySaveSchema.safeParse({ name: 'PT A', copayType: 'percent', copayValue: 20 }).success).toBe(
      true,
    );
    expect(
      messages(companySaveSchema.safeParse({ name: 'PT A', copayType: 'percent', copayValue: 101 })),
    ).toEqual({
      copayValue: 'partnerCompanies.percentRange',
    });
    expect(messages(companySaveSchema.safeParse({ name: 'PT A', copayType: 'none', copayValue: 5 }))).toEqual(
      {
        copayValue: 'partnerCompanies.noneValue',
      },
    );
    expect(
      companySaveSchema.safeParse({ name: 'PT A', copayType: 'fixed', copayValue: 25_000 }).success,
    ).toBe(true);
    expect(
      messages(companySaveSchema.safeParse({ name: 'PT A', copayType: 'fixed', copayValue: 2500.5 })),
    ).toEqual({
      copayValue: 'partnerCompanies.amountWhole',
    });
    expect(
      messages(
        companySaveSchema.safeParse({ name: 'PT A', ceilingPerVisit: 2_000_000, ceilingPerYear: 1_000_000 }),
      ),
    ).toEqual({ ceilingPerVisit: 'partnerCompanies.ceilingAboveYear' });
    expect(copayProblem('percent', 100)).toBeNull();
    expect(copayOf('percent', 10, 155_000)).toBe(15_500);
    expect(copayOf('fixed', 25_000, 20_000)).toBe(20_000);
    expect(copayOf('none', 0, 20_000)).toBe(0);
  });

  it('needs a name and whole rupiah', () => {
    expect(messages(companySaveSchema.safeParse({ name: ' ', creditLimit: -1 }))).toEqual({
      name: 'partnerCompanies.nameRequired',
      creditLimit: 'partnerCompanies.amountWhole',
    });
  });
});

describe('the employee schema', () => {
  const employee = {
    employeeNumber: 'EMP-01',
    nik: '3171061203880001',
    name: 'Budi',
    birthDate: '1988-03-12',
    sex: 'M',
  };
  it('takes a NIK of 16 digits that can be real', () => {
    expect(employeeSaveSchema.parse(employee)).toMatchObject({ active: true, department: null });
    expect(messages(employeeSaveSchema.safeParse({ ...employee, nik: '317106120388000' }))).toEqual({
      nik: 'partnerCompanies.nikFormat',
    });
    expect(messages(employeeSaveSchema.safeParse({ ...employee, nik: '31710612038800a1' }))).toEqual({
      nik: 'partnerCompanies.nikFormat',
    });
    // month 13 is no birth date
    expect(messages(employeeSaveSchema.safeParse({ ...employee, nik: '3171061213880001' }))).toEqual({
      nik: 'partnerCompanies.nikInvalid',
    });
  });
  it('needs the number, name, a real birth date and the sex', () => {
    expect(
      messages(
        employeeSaveSchema.safeParse({
          ...employee,
          employeeNumber: '',
          name: '',
          birthDate: '1988-02-30',
          sex: 'X',
        }),
      ),
    ).toEqual({
      employeeNumber: 'partnerCompanies.employeeNumberRequired',
      name: 'partnerCompanies.employeeNameRequired',
      birthDate: 'partnerCompanies.dateInvalid',
      sex: 'partnerCompanies.sexRequired',
    });
    expect(employeeNumberKey(' Emp-01 ')).toBe('emp-01');
  });
});

describe('the contract price schema', () => {
  it('needs whole rupiah and an end not before the start', () => {
    expect(
      contractPriceAddSchema.parse({ serviceUid: 's', price: 50_000, validFrom: '2026-01-01' }).validTo,
    ).toBeNull();
    expect(
      messages(contractPriceAddSchema.safeParse({ serviceUid: 's', price: 1.5, validFrom: '2026-02-01' })),
    ).toEqual({ price: 'partnerCompanies.priceWhole' });
    expect(
      messages(
        contractPriceAddSchema.safeParse({
          serviceUid: 's',
          price: 1,
          validFrom: '2026-02-01',
          validTo: '2026-01-01',
        }),
      ),
    ).toEqual({ validTo: 'partnerCompanies.validToBeforeFrom' });
  });
});
