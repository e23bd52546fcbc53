import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTER_STATUSES, listStatuses } from './queue-lists.ts';
import { byQueueNumberDesc, clinicToday, dateQuery, nextToCall, patientLabel } from './queue-params.ts';
import { reg } from './test/queue-fixtures.tsx';

describe('doctor queue parameters', () => {
  it("the default filter gives exactly spec 4's groups; Exam Done joins the upper list when ticked", () => {
    expect(listStatuses(DEFAULT_FILTER_STATUSES)).toEqual({
      upper: ['Examination', 'Paid', 'Prescription Waiting', 'Payment'],
      lower: ['Waiting', 'Queueing', 'Skip'],
    });
    expect(listStatuses(['Exam Done', 'Skip'])).toEqual({ upper: ['Exam Done'], lower: ['Skip'] });
  });

  it('dates: none for today, the last 31 days for All date, the range with an exclusive end', () => {
    const now = new Date('2026-12-31T20:00:00Z'); // already 1 January 2027 in Jakarta
    expect(clinicToday('Asia/Jakarta', now)).toEqual(new Date(2027, 0, 1));
    expect(dateQuery({ kind: 'today' }, 'Asia/Jakarta', now)).toEqual({});
    expect(dateQuery({ kind: 'all' }, 'Asia/Jakarta', now)).toEqual({
      startDate: '2_12_2026',
      endDate: '2_1_2027',
    });
    expect(dateQuery({ kind: 'range', from: '2026-02-27', to: '2026-02-28' }, 'Asia/Jakarta', now)).toEqual({
      startDate: '27_2_2026',
      endDate: '1_3_2026',
    });
  });

  it('sorts by queue number descending, the later day first', () => {
    const rows = [
      reg({ queueNumber: 'A-009', queueDate: '2026-05-01' }),
      reg({ queueNumber: 'A-002', queueDate: '2026-05-02' }),
      reg({ queueNumber: 'A-1000', queueDate: '2026-05-02' }),
      reg({ queueNumber: 'A-010', queueDate: '2026-05-02' }),
    ];
    expect(rows.sort(byQueueNumberDesc).map((r) => `${r.queueDate} ${r.queueNumber}`)).toEqual([
      '2026-05-02 A-1000',
      '2026-05-02 A-010',
      '2026-05-02 A-002',
      '2026-05-01 A-009',
    ]);
  });

  it('calls next the first arrived still waiting (the lower number on a tie); the skipped only when no one else waits', () => {
    // one arrival time for all: the fixture's "now" would differ by a millisecond between rows
    const arrivedAt = '2026-11-23T01:00:00.000Z';
    const skipped = reg({ queueNumber: 'A-001', status: 'Skip', arrivedAt });
    const rows = [
      reg({ queueNumber: 'A-006', status: 'Waiting', arrivedAt }),
      skipped,
      reg({ queueNumber: 'A-004', status: 'Queueing', arrivedAt }),
    ];
    expect(nextToCall(rows)?.queueNumber).toBe('A-004');
    const early = reg({ queueNumber: 'A-009', status: 'Waiting', arrivedAt: '2026-11-23T00:30:00.000Z' });
    expect(nextToCall([...rows, early])?.queueNumber).toBe('A-009');
    expect(nextToCall([skipped])?.queueNumber).toBe('A-001');
    expect(nextToCall([])).toBeNull();
  });

  it('names the patient with the recorded title, else the title by age and sex', () => {
    const patient = reg({ queueNumber: 'A-001' }).patient;
    expect(patientLabel({ patient })).toBe('Tn. Budi Hartono');
    expect(patientLabel({ patient: { ...patient, title: null, sex: 'F', dob: '12/04/1988' } })).toBe(
      'Ny. Budi Hartono',
    );
    expect(patientLabel({ patient: { ...patient, title: null, dob: '' } })).toBe('Budi Hartono');
  });
});
