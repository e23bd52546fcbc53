import { describe, expect, it } from 'vitest';
import { bmiClass, bodyMassIndex, formatLetterNumber, vitalFlag } from './consultation.rules.ts';
import { encounterSaveSchema, prescriptionItemSchema } from './encounter.schema.ts';

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('a prescription line', () => {
  it('tells everything a compounded preparation lacks at once', () => {
    const result = prescriptionItemSchema.safeParse({
      kind: 'compound',
      name: 'Racikan batuk',
      ingredients: [{ name: 'Ambroxol', amount: '7,5 mg' }],
      frequency: '3x sehari',
      route: 'oral',
      durationDays: 3,
      quantity: 9,
      unit: 'bungkus',
    });
    expect(messages(result)).toEqual({
      dose: 'validation.required',
      ingredients: 'consultations.compoundIngredients',
      compoundForm: 'consultations.compoundForm',
    });
  });

  it('accepts a drug line without ingredients or form', () => {
    const result = prescriptionItemSchema.safeParse({
      kind: 'drug',
      name: 'Paracetamol 500 mg',
      dose: '1 tablet',
      frequency: '3x sehari',
      route: 'oral',
      durationDays: 3,
      quantity: 9,
      unit: 'tablet',
    });
    expect(result.success).toBe(true);
    expect(result.data?.ingredients).toEqual([]);
  });
});

describe('a draft note', () => {
  const empty = {
    version: 1,
    systolic: null,
    diastolic: null,
    pulse: null,
    respiratoryRate: null,
    temperature: null,
    spo2: null,
    weight: null,
    height: null,
    subjective: null,
    objective: null,
    assessment: null,
    plan: null,
    diagnoses: [],
    procedures: [],
    prescription: [],
    orders: [],
    referral: null,
  };

  it('refuses impossible vitals with their own message and fractional counts', () => {
    expect(
      messages(encounterSaveSchema.safeParse({ ...empty, systolic: 1200, pulse: 80.5, temperature: 37.2 })),
    ).toEqual({
      systolic: 'consultations.vitalRange.systolic',
      pulse: 'consultations.vitalWhole',
    });
  });

  it('allows one primary diagnosis and one order per service', () => {
    const twice = encounterSaveSchema.safeParse({
      ...empty,
      diagnoses: [
        { code: 'J06.9', title: 'ISPA', primary: true },
        { code: 'I10', title: 'Hipertensi', primary: true },
      ],
      orders: [
        { serviceType: 'LAB', items: ['Darah Lengkap'] },
        { serviceType: 'LAB', items: ['Urinalisis'] },
      ],
    });
    expect(messages(twice)).toEqual({
      diagnoses: 'consultations.onePrimary',
      orders: 'consultations.orderTwice',
    });
  });
});

describe('clinical rules', () => {
  it('computes the BMI and its Asia-Pacific class, and flags readings outside the normal range', () => {
    expect(bodyMassIndex(70, 170)).toBe(24.2);
    expect(bodyMassIndex(null, 170)).toBeNull();
    expect(bmiClass(24.2)).toBe('over');
    expect(bmiClass(22.9)).toBe('normal');
    expect(vitalFlag('systolic', 150)).toBe('high');
    expect(vitalFlag('spo2', 92)).toBe('low');
    expect(vitalFlag('pulse', 80)).toBeNull();
    expect(vitalFlag('weight', 200)).toBeNull();
  });

  it('numbers letters per kind, clinic and year', () => {
    expect(formatLetterNumber('sick', 10, 2026, 7)).toBe('SKT/10/2026/00007');
    expect(formatLetterNumber('referral', 12, 2027, 123)).toBe('RUJ/12/2027/00123');
  });
});
