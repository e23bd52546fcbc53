import { SATUSEHAT_VISITS_MAX } from '@klinikita/domain/satusehat/satusehat-sync.schema';
import { describe, expect, it } from 'vitest';
import { RECORD_PAGE } from './record-api.ts';
import { FIRST_RECORD_PAGE } from './record-first-page.ts';

describe('the pages of the record', () => {
  it('each page asks the SATUSEHAT state of its visits in one call the server takes', () => {
    // the timeline asks /satu-sehat/visits once per page of cards; more ids than the server takes is a 400
    expect(FIRST_RECORD_PAGE).toBeLessThanOrEqual(SATUSEHAT_VISITS_MAX);
    expect(RECORD_PAGE).toBeLessThanOrEqual(SATUSEHAT_VISITS_MAX);
  });
});
