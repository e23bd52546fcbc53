import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { encounterFixture, FIXTURE_ORG, locationFixture } from './simulator.fixtures.ts';
import { startSimulator } from './simulator.server.ts';
import { fhirSession } from './test/fhir-session.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'sim-journal-'));
const journal = path.join(dir, 'simulator.jsonl');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('SATUSEHAT simulator: the journal (the demo keeps what it sent across restarts)', () => {
  it('answers after a restart what it took before, finds its identifiers again, and forgets it on reset', async () => {
    const first = await startSimulator({ journal });
    const { call } = await fhirSession(first);
    const room = await call('POST', '/Location', locationFixture());
    expect(room.status, JSON.stringify(room.body)).toBe(201);
    const visit = await call('POST', '/Encounter', encounterFixture('REG-0001', `Location/${room.body.id}`));
    expect(visit.status, JSON.stringify(visit.body)).toBe(201);
    await first.close();
    expect(readFileSync(journal, 'utf8').trim().split('\n')).toHaveLength(2);

    // a new simulator on the same journal: the room and the visit are still there
    const second = await startSimulator({ journal });
    try {
      const again = await fhirSession(second);
      expect((await again.call('GET', `/Encounter/${visit.body.id}`)).body.id).toBe(visit.body.id);
      const identifier = encodeURIComponent(`http://sys-ids.kemkes.go.id/location/${FIXTURE_ORG}|R-101`);
      expect((await again.call('GET', `/Location?identifier=${identifier}`)).body.total).toBe(1);
      // the same visit sent again is a duplicate of the one kept
      const resent = await again.call(
        'POST',
        '/Encounter',
        encounterFixture('REG-0001', `Location/${room.body.id}`),
      );
      expect(resent.status).toBe(400);
      expect(JSON.stringify(resent.body)).toContain(`Encounter/${visit.body.id}`);

      second.reset();
      const afterReset = await fhirSession(second);
      expect((await afterReset.call('GET', `/Encounter/${visit.body.id}`)).status).toBe(404);
      expect(readFileSync(journal, 'utf8')).toBe('');
    } finally {
      await second.close();
    }
  });
});
