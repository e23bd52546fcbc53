import { describe, expect, it } from 'vitest';
import { translate } from './translate.ts';

describe('translate', () => {
  it('says a registration status as staff read it where the text asks for it', () => {
    expect(translate('id', 'registrations.staleStatus', { queueNumber: 'L-005', status: 'Cancelled' })).toBe(
      'Pasien L-005 sudah diproses orang lain: statusnya sekarang Batal',
    );
    expect(translate('en', 'registrations.illegalMove', { from: 'Queueing', to: 'Paid' })).toBe(
      'The status cannot change from Queueing to Paid',
    );
    // an unknown status stays as it came; plain parameters are untouched
    expect(translate('id', 'registrations.alreadyCalled', { queueNumber: 'A-001', status: 'Lost' })).toBe(
      'Pasien A-001 sudah dipanggil (status sekarang Lost)',
    );
  });
});
