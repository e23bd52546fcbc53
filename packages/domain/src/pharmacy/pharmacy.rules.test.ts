import { describe, expect, it } from 'vitest';
import {
  allergyMatches,
  duplicatedTherapy,
  hasRacikan,
  isHandled,
  MOVES,
  mayMove,
  PHARMACY_ACTIONS,
  standardMinutes,
  waitedMinutes,
} from './pharmacy.rules.ts';

describe('the pharmacy state machine', () => {
  it('walks the main path submitted → in review → preparing → ready', () => {
    expect(mayMove('review', 'submitted')).toBe(true);
    expect(mayMove('prepare', 'in_review')).toBe(true);
    expect(mayMove('ready', 'preparing')).toBe(true);
    expect(mayMove('dispense', 'ready')).toBe(true);
    expect(mayMove('dispense', 'partially_dispensed')).toBe(true);
  });

  it('refuses skipping steps and moving closed orders', () => {
    expect(mayMove('prepare', 'submitted')).toBe(false);
    expect(mayMove('dispense', 'preparing')).toBe(false);
    expect(mayMove('ready', 'in_review')).toBe(false);
    expect(mayMove('cancel', 'dispensed')).toBe(false);
    expect(mayMove('return', 'ready')).toBe(false);
    expect(mayMove('resume', 'in_review')).toBe(false);
  });

  it('asks a reason for hold, reject, cancel, cancelling the rest and return only', () => {
    const withReason = PHARMACY_ACTIONS.filter((a) => MOVES[a].reason);
    expect(withReason).toEqual(['hold', 'reject', 'cancel', 'cancelRest', 'return']);
    expect(MOVES.resume.to).toBe('in_review');
    expect(MOVES.cancelRest.to).toBe('dispensed');
  });

  it('sends the visit on when the order is dispensed, rejected or cancelled, not when partly given', () => {
    expect(isHandled('dispensed')).toBe(true);
    expect(isHandled('rejected')).toBe(true);
    expect(isHandled('cancelled')).toBe(true);
    expect(isHandled('partially_dispensed')).toBe(false);
    expect(isHandled('ready')).toBe(false);
  });
});

describe('waiting time', () => {
  it('holds 30 minutes without racikan and 60 with', () => {
    expect(standardMinutes(false)).toBe(30);
    expect(standardMinutes(true)).toBe(60);
    expect(hasRacikan([{ kind: 'drug' }, { kind: 'compound' }])).toBe(true);
    expect(hasRacikan([{ kind: 'drug' }])).toBe(false);
  });

  it('counts whole minutes until the handover, or until now while open', () => {
    const at = new Date('2026-11-26T01:00:00Z');
    expect(waitedMinutes(at, new Date('2026-11-26T01:31:59Z'), new Date('2026-11-26T05:00:00Z'))).toBe(31);
    expect(waitedMinutes(at, null, new Date('2026-11-26T01:10:00Z'))).toBe(10);
  });
});

describe('the review flags', () => {
  const lines = [
    { name: 'Amoxicillin 500 mg', genericName: 'amoxicillin' },
    { name: 'Paracetamol 500 mg', genericName: 'Paracetamol' },
    { name: 'Sanmol', genericName: 'paracetamol' },
  ];

  it('flags a line whose name or generic name holds a recorded allergy, case ignored', () => {
    expect(allergyMatches(lines, 'Amoksisilin, AMOXICILLIN; udang')).toEqual([
      { index: 0, allergy: 'amoxicillin' },
    ]);
    expect(allergyMatches(lines, null)).toEqual([]);
    expect(allergyMatches(lines, '-, ab')).toEqual([]);
  });

  it('flags a second line of the same generic name', () => {
    expect(duplicatedTherapy(lines)).toEqual([{ index: 2, sameAs: 1, genericName: 'paracetamol' }]);
    expect(duplicatedTherapy(lines.slice(0, 2))).toEqual([]);
  });
});
