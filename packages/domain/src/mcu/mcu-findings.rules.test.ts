import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/translate.ts';
import {
  checkStationData,
  findingText,
  hypertensionGrade,
  stationFindings,
  suggestedTests,
} from './mcu-findings.rules.ts';
import { normalValues } from './mcu-stations.ts';

const texts = (station: Parameters<typeof stationFindings>[0], data: Record<string, unknown>) =>
  stationFindings(station, data).map((f) => findingText((k, p) => translate('id', k, p), f));

describe('stationFindings', () => {
  it('finds nothing in the normal values of any station', () => {
    for (const station of ['anamnesis', 'physical', 'eye', 'dental', 'ecg', 'xray'] as const)
      expect(stationFindings(station, normalValues(station))).toEqual([]);
  });

  it('names a choice other than its normal, an abnormal exam with its note, a filled complaint', () => {
    expect(
      texts('anamnesis', { ...normalValues('anamnesis'), smoking: 'yes', complaint: 'Nyeri pinggang' }),
    ).toEqual(['Keluhan saat ini: Nyeri pinggang', 'Merokok: Ya']);
    expect(
      texts('physical', {
        ...normalValues('physical'),
        limbs: 'abnormal',
        limbsNote: 'Edema tungkai',
        skin: 'abnormal',
      }),
    ).toEqual(['Ekstremitas: Edema tungkai', 'Kulit: tidak normal']);
    expect(texts('eye', { ...normalValues('eye'), visusLeft: '6/12' })).toEqual(['Visus mata kiri: 6/12']);
  });

  it('names a number outside its normal range, the impression is no finding', () => {
    expect(texts('vitals', { pulse: 112, respiratoryRate: 16, temperature: 36.6 })).toEqual([
      'Nadi 112 x/menit (di atas normal ≤ 100)',
    ]);
    expect(texts('xray', { ...normalValues('xray'), impression: 'Cor dan pulmo normal' })).toEqual([]);
  });

  it('derives hypertension and the BMI class from the vitals', () => {
    expect(hypertensionGrade(150, 85)).toBe('stage1');
    expect(hypertensionGrade(120, 100)).toBe('stage2');
    expect(hypertensionGrade(139, 89)).toBeNull();
    expect(texts('vitals', { systolic: 162, diastolic: 95, height: 170, weight: 90 })).toEqual([
      'Hipertensi derajat 2 (162/95 mmHg)',
      'IMT 31.1 (obesitas I)',
    ]);
    expect(texts('vitals', { systolic: 120, diastolic: 80, height: 170, weight: 65 })).toEqual([]);
  });

  it('derives the hearing loss per ear, or the frequencies above 25 dB behind a normal average', () => {
    const ear = (side: string, db: number[]) =>
      Object.fromEntries(
        [250, 500, 1000, 2000, 3000, 4000, 6000, 8000].map((f, i) => [`${side}${f}`, db[i]]),
      );
    const data = {
      ...ear('right', [20, 30, 40, 45, 50, 55, 60, 60]),
      ...ear('left', [10, 10, 15, 15, 20, 40, 30, 20]),
    };
    expect(texts('audiometry', data)).toEqual([
      'Telinga kanan: gangguan pendengaran sedang (rata-rata 42.5 dB)',
      'Telinga kiri: ambang dengar > 25 dB pada 4000, 6000 Hz',
    ]);
  });

  it('derives the spirometry pattern', () => {
    expect(texts('spirometry', { fvc: 3.2, fev1: 2.0, fvcPredicted: 75 })).toEqual([
      'Spirometri: campuran (restriksi dan obstruksi) (FEV1/FVC 62.5%, FVC 75% prediksi)',
    ]);
    expect(texts('spirometry', { fvc: 4, fev1: 3.4, fvcPredicted: 95 })).toEqual([]);
  });
});

describe('checkStationData', () => {
  it('takes the normal values and refuses numbers out of limits, unknown options and fields', () => {
    expect(checkStationData('physical', normalValues('physical'))).toEqual([]);
    const errors = checkStationData('vitals', { systolic: 400, pulse: 80.5, weight: 70.5, extra: 'x' });
    expect(errors.map((e) => [e.path, e.key])).toEqual([
      ['data.extra', 'mcuStations.error.unknownField'],
      ['data.systolic', 'mcuStations.error.range'],
      ['data.pulse', 'mcuStations.error.decimals'],
    ]);
    expect(checkStationData('eye', { ...normalValues('eye'), visusRight: '7/6' })[0].path).toBe(
      'data.visusRight',
    );
    expect(checkStationData('physical', { ...normalValues('physical'), head: undefined })[0].path).toBe(
      'data.head',
    );
  });
});

describe('suggestedTests', () => {
  it('suggests the special tests of the exposures and marks those the package lacks', () => {
    expect(
      suggestedTests(
        [
          { group: 'physical', agent: 'noise' },
          { group: 'chemical', agent: 'Debu batubara' },
          { group: 'ergonomic', agent: 'screen' },
        ],
        ['vitals', 'physical', 'audiometry', 'xray'],
      ),
    ).toEqual([
      { station: 'audiometry', agents: ['noise'], missing: false },
      { station: 'spirometry', agents: ['Debu batubara'], missing: true },
      { station: 'xray', agents: ['Debu batubara'], missing: false },
      { station: 'eye', agents: ['screen'], missing: true },
    ]);
  });
});
