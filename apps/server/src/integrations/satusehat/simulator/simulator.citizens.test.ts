import { afterAll, describe, expect, it } from 'vitest';
import { populationIhs, wellFormedCitizen } from './simulator.population.ts';
import { startSimulator } from './simulator.server.ts';
import { fhirSession } from './test/fhir-session.ts';

const demo = await startSimulator({
  citizen: (nik) => wellFormedCitizen(nik, new Date('2026-11-26T00:00:00Z')),
});
const plain = await startSimulator();
afterAll(async () => {
  await demo.close();
  await plain.close();
});

const byNik = async (sim: typeof demo, nik: string) => {
  const { call } = await fhirSession(sim);
  const identifier = encodeURIComponent(`https://fhir.kemkes.go.id/id/nik|${nik}`);
  return (await call('GET', `/Patient?identifier=${identifier}`)).body;
};

describe('SATUSEHAT simulator: the demo knows every citizen with a well-formed NIK', () => {
  it('finds a woman born 15/07/1990 by her NIK, under the id derived from it, the same on every search', async () => {
    const nik = '3171065507900017';
    const first = await byNik(demo, nik);
    expect(first.total).toBe(1);
    expect(first.entry[0].resource).toMatchObject({
      id: populationIhs(`nik|${nik}`),
      gender: 'female',
      birthDate: '1990-07-15',
    });
    expect((await byNik(demo, nik)).entry[0].resource.id).toBe(first.entry[0].resource.id);
  });

  it('knows nobody under a NIK that cannot be real, and a simulator without the rule knows nobody new', async () => {
    // 31 February; serial 0000; province 00
    for (const nik of ['3171063102900017', '3171061507900000', '0071061507900017']) {
      expect((await byNik(demo, nik)).total).toBe(0);
    }
    expect((await byNik(plain, '3171065507900017')).total).toBe(0);
  });

  it('reads a two-digit year in the century that makes the person born already', () => {
    expect(wellFormedCitizen('3171061507250017', new Date('2026-11-26T00:00:00Z'))?.birthDate).toBe(
      '2025-07-15',
    );
    expect(wellFormedCitizen('3171061507300017', new Date('2026-11-26T00:00:00Z'))?.birthDate).toBe(
      '1930-07-15',
    );
  });
});
