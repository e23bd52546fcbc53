import { ORDER_CATALOGUE } from '@klinikita/domain/consultations/consultation.rules';
import { describe, expect, it } from 'vitest';
import { DEMO_SERVICES } from '../../db/seed/service-tariffs.data.ts';
import { isCito, itemsOfText, matchItems, ORDER_ALIASES, splitReferrer } from './lab-results.order.ts';

const catalogue = DEMO_SERVICES.filter((s) => s.group === 'lab').map((s, i) => ({ ...s, id: i + 1 }));

describe('an order’s items matched to the lab catalogue', () => {
  it('matches the doctor’s quick picks the demo catalogue has a test for, by name or alias', () => {
    const { matched, unmatched } = matchItems(ORDER_CATALOGUE.LAB, catalogue);
    expect(matched.map((s) => s.code)).toEqual([
      'LAB-DL',
      'LAB-GDS',
      'LAB-GDP',
      'LAB-GD2PP',
      'LAB-LIPID',
      'LAB-UA',
      'LAB-SGOT',
      'LAB-SGPT',
      'LAB-UR',
      'LAB-CR',
      'LAB-UL',
      'LAB-HBSAG',
    ]);
    // what the catalogue has no test for is shown to the lab, not resulted
    expect(unmatched).toEqual([
      'Hemoglobin',
      'Leukosit',
      'Trombosit',
      'Laju Endap Darah',
      'HbA1c',
      'Feses Lengkap',
      'Widal',
      'NS1 Dengue',
      'IgG/IgM Dengue',
      'Anti HIV',
      'Tes Kehamilan',
      'Golongan Darah',
    ]);
  });

  it('points every alias at a lab test of the demo catalogue', () => {
    const codes = new Set(catalogue.map((s) => s.code));
    for (const [item, code] of Object.entries(ORDER_ALIASES)) expect(codes.has(code), item).toBe(true);
  });

  it('compares codes and both names without case or extra spaces, each test once', () => {
    const { matched, unmatched } = matchItems(
      ['  darah   LENGKAP ', 'lab-ua', 'Complete blood count', 'HDL', 'LDL', 'Cek darah'],
      catalogue,
    );
    expect(matched.map((s) => s.code)).toEqual(['LAB-DL', 'LAB-UA', 'LAB-LIPID']);
    expect(unmatched).toEqual(['Cek darah']);
  });

  it('prefers a test named as the item over an alias (a lab adding "SGOT" gets its own test)', () => {
    const own = [...catalogue, { id: 99, code: 'LAB-X', nameId: 'SGOT', nameEn: 'AST only' }];
    expect(matchItems(['SGOT'], own).matched.map((s) => s.code)).toEqual(['LAB-X']);
  });
});

describe('the order’s words', () => {
  it('splits a front-office text into items', () => {
    expect(itemsOfText('Darah Lengkap, Asam Urat;\nHBsAg ,')).toEqual([
      'Darah Lengkap',
      'Asam Urat',
      'HBsAg',
    ]);
    expect(itemsOfText(null)).toEqual([]);
  });

  it('reads the referrer as doctor and clinic', () => {
    expect(splitReferrer('dr. Budi Santoso (Klinik Pratama Klinikita Menteng)')).toEqual({
      doctorName: 'dr. Budi Santoso',
      clinicName: 'Klinik Pratama Klinikita Menteng',
    });
    expect(splitReferrer('dr. Budi')).toEqual({ doctorName: 'dr. Budi', clinicName: null });
    expect(splitReferrer(null)).toEqual({ doctorName: null, clinicName: null });
  });

  it('sees "cito" as a word, in any case', () => {
    expect(isCito('CITO, pasien lemas')).toBe(true);
    expect(isCito(null, 'mohon cito')).toBe(true);
    expect(isCito('Citologi urin')).toBe(false);
  });
});
