import { describe, expect, it } from 'vitest';
import { interactionsOf } from './pharmacy.interactions.ts';
import { labelColour, signaText } from './pharmacy.labels.ts';
import { mgPerBaseUnit, packetsOf, parseAmount, perPacket, racikanFees } from './pharmacy.racikan.ts';

describe('signa and label colour', () => {
  it('writes the instructions as the label prints them', () => {
    expect(signaText({ frequency: '3x sehari', dose: '1 tablet', instructions: 'Sesudah makan' })).toBe(
      '3 x sehari 1 tablet sesudah makan',
    );
    expect(signaText({ frequency: '2X1', dose: '5 ml', instructions: null })).toBe('2 x 1 5 ml');
  });
  it('labels oral and injected drugs white, external ones blue', () => {
    expect(labelColour('oral')).toBe('white');
    expect(labelColour('sublingual')).toBe('white');
    expect(labelColour('topical')).toBe('blue');
    expect(labelColour('ophthalmic')).toBe('blue');
  });
});

describe('racikan amounts', () => {
  it('reads fractions, decimals and unit spellings', () => {
    expect(parseAmount('1/2 tab')).toEqual({ value: 0.5, unit: 'tablet' });
    expect(parseAmount('1 1/2 tablet')).toEqual({ value: 1.5, unit: 'tablet' });
    expect(parseAmount('0,25 Kapsul')).toEqual({ value: 0.25, unit: 'kapsul' });
    expect(parseAmount('250 mg')).toEqual({ value: 250, unit: 'mg' });
    expect(parseAmount('sedikit')).toBeNull();
  });
  it('counts a packet in the base unit: as written, or a mass through the strength', () => {
    expect(perPacket('1/2 tab', { baseUnit: 'TAB', strength: '4 mg' })).toEqual({ ok: true, quantity: 0.5 });
    expect(perPacket('250 mg', { baseUnit: 'TAB', strength: '500 mg' })).toEqual({ ok: true, quantity: 0.5 });
    expect(perPacket('0,1 g', { baseUnit: 'tablet', strength: '500 mg' })).toEqual({
      ok: true,
      quantity: 0.2,
    });
    expect(perPacket('60 mg', { baseUnit: 'ml', strength: '120 mg/5 ml' })).toEqual({
      ok: true,
      quantity: 2.5,
    });
    expect(perPacket('250 mg', { baseUnit: 'TAB', strength: null })).toEqual({
      ok: false,
      problem: 'strength',
    });
    expect(perPacket('250 mg', { baseUnit: 'botol', strength: '120 mg/5 ml' })).toEqual({
      ok: false,
      problem: 'strength',
    });
    expect(perPacket('1 sendok', { baseUnit: 'TAB', strength: '500 mg' })).toEqual({
      ok: false,
      problem: 'unit',
    });
    expect(mgPerBaseUnit('500 mg', 'TAB')).toBe(500);
  });
  it('charges compounding per racikan line and packaging per packet', () => {
    expect(packetsOf(10)).toBe(10);
    expect(
      racikanFees([
        { kind: 'compound', quantity: 10 },
        { kind: 'drug', quantity: 30 },
        { kind: 'compound', quantity: 6 },
      ]),
    ).toEqual({ compounding: 10_000, packaging: 8_000 });
  });
});

describe('interactions', () => {
  it('finds a pair of the table between two drugs, by generic name in either spelling, gravest first', () => {
    const found = interactionsOf([
      { line: 0, name: 'Simvastatin 20 mg', names: ['Simvastatin 20 mg', 'Simvastatin'] },
      { line: 1, name: 'Klaritromisin 500 mg', names: ['Klaritromisin 500 mg', null] },
      { line: 2, name: 'Amlodipine 10 mg', names: ['Amlodipine 10 mg', 'Amlodipin'] },
    ]);
    expect(found.map((f) => [f.lines, f.severity])).toEqual([
      [[0, 1], 'major'],
      [[0, 2], 'moderate'],
    ]);
  });
  it('flags nothing for one drug or an unrelated pair', () => {
    expect(interactionsOf([{ line: 0, name: 'Ibuprofen', names: ['Ibuprofen'] }])).toEqual([]);
    expect(
      interactionsOf([
        { line: 0, name: 'Paracetamol', names: ['Parasetamol'] },
        { line: 1, name: 'Amoxicillin', names: ['Amoksisilin'] },
      ]),
    ).toEqual([]);
  });
});
