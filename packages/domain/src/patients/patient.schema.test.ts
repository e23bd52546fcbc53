import { describe, expect, it } from 'vitest';
import { formatMrn, nikBirth, nikProblem, patientCreateSchema, patientEditSchema } from './patient.schema.ts';

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const base = { clinicId: 10, name: 'Budi Santoso', sex: 'M', dob: '12/03/1988' };

describe('NIK plausibility', () => {
  it('accepts real-shaped NIKs, men and women (day plus 40), both centuries', () => {
    expect(nikProblem('3171011203880002')).toBeNull();
    expect(nikProblem('3171015607920003')).toBeNull(); // 16 + 40
    expect(nikProblem('9271060312000001')).toBeNull(); // SATUSEHAT sandbox dummies
    expect(nikProblem('9204014804000002')).toBeNull();
    expect(nikProblem('9104224509000003')).toBeNull();
    expect(nikProblem('3171012902000001')).toBeNull(); // 29 Feb 2000
  });

  it('names what is wrong', () => {
    expect(nikProblem('317101120388000')).toBe('format');
    expect(nikProblem('31710112038800a2')).toBe('format');
    expect(nikProblem('1071011203880002')).toBe('province');
    expect(nikProblem('9571011203880002')).toBe('province');
    expect(nikProblem('3171013202880002')).toBe('date'); // day 32
    expect(nikProblem('3171017202880002')).toBe('date'); // day 72 = women's 32
    expect(nikProblem('3171011213880002')).toBe('date'); // month 13
    expect(nikProblem('3171013002880002')).toBe('date'); // 30 Feb
    expect(nikProblem('3171012902010001')).toBe('date'); // 29 Feb in neither 1901 nor 2001
    expect(nikProblem('3171014000880002')).toBe('date'); // day 40 = nobody
    expect(nikProblem('3171011203880000')).toBe('serial');
  });

  it('reads birth day, month and sex', () => {
    expect(nikBirth('3171015607920003')).toEqual({ day: 16, month: 7, yy: 92, sex: 'F' });
    expect(nikBirth('3171011203880002')).toEqual({ day: 12, month: 3, yy: 88, sex: 'M' });
  });
});

describe('the patient form', () => {
  it('passes a minimal patient with defaults', () => {
    const r = patientCreateSchema.safeParse(base);
    expect(r.success).toBe(true);
    expect(r.data).toMatchObject({ nationality: 'WNI', payerType: 'self', nik: '', confirmDuplicate: false });
  });

  it('gives the catalog key of each rule', () => {
    const r = patientCreateSchema.safeParse({
      ...base,
      nik: '3171013202880002',
      name: 'Bu',
      phone: '0812',
      email: 'budi@',
      dob: '31/12/2999',
    });
    expect(messages(r)).toMatchObject({
      nik: 'patients.nikDate',
      name: 'patients.nameLength',
      phone: 'patients.phoneFormat',
      email: 'patients.emailInvalid',
      dob: 'validation.dobFuture',
    });
    expect(messages(patientCreateSchema.safeParse({ ...base, name: '  ' }))).toMatchObject({
      name: 'patients.nameRequired',
    });
    expect(messages(patientCreateSchema.safeParse({ ...base, name: 'x'.repeat(101) }))).toMatchObject({
      name: 'patients.nameLength',
    });
  });

  it('wants a passport from a foreigner without NIK', () => {
    expect(messages(patientCreateSchema.safeParse({ ...base, nationality: 'WNA' }))).toEqual({
      passport: 'patients.passportRequired',
    });
    expect(
      patientCreateSchema.safeParse({ ...base, nationality: 'WNA', passport: 'TK4821937' }).success,
    ).toBe(true);
    expect(
      patientCreateSchema.safeParse({ ...base, nationality: 'WNA', nik: '3171011203880002' }).success,
    ).toBe(true);
  });

  it('checks payers and strips phone separators', () => {
    expect(
      messages(patientCreateSchema.safeParse({ ...base, payerType: 'bpjs', insuranceNumber: '12' })),
    ).toEqual({
      insuranceNumber: 'patients.bpjsNumber',
    });
    expect(messages(patientCreateSchema.safeParse({ ...base, payerType: 'insurance' }))).toEqual({
      insuranceName: 'patients.insuranceRequired',
    });
    expect(patientCreateSchema.parse({ ...base, phone: '0812-3456 7890' }).phone).toBe('081234567890');
  });

  it('checks only what an edit sends', () => {
    expect(patientEditSchema.safeParse({ phone: '081234567890' }).success).toBe(true);
    expect(messages(patientEditSchema.safeParse({ nik: '123' }))).toEqual({ nik: 'patients.nikFormat' });
  });
});

it('formats record numbers per clinic', () => {
  expect(formatMrn(10, 7)).toBe('RM-10-000007');
  expect(formatMrn(11, 1234567)).toBe('RM-11-1234567');
});
