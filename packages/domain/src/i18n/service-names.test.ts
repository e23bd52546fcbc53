import { describe, expect, it } from 'vitest';
import { SERVICE_TYPES } from '../registrations/registration.rules.ts';
import { en } from './en.ts';
import { type Catalog, id } from './id.ts';

/**
 * One name per service (issue 16 §6): a desk's service is called the same on the registration
 * form, the queue board, the desk hours, the doctor's orders and the service catalogue's groups,
 * in each language. The TV shows the clinic's room name, which is the clinic's own word.
 */
function namesOf(c: Catalog) {
  const group = {
    LAB: c.services.groups.lab,
    RAD: c.services.groups.radiology,
    PHYSIO: c.services.groups.physio,
  } as const;
  return SERVICE_TYPES.map((type) => ({
    type,
    names: {
      registration: c.frontOffice.visit.services[type],
      queueBoard: c.queueBoard.serviceNames[type],
      queuePrefixes: c.queueBoard.prefixes[type],
      deskHours: c.serviceHours.desks[type],
      ...(type in c.consultations.services
        ? { doctorOrders: c.consultations.services[type as keyof Catalog['consultations']['services']] }
        : {}),
      ...(type in group ? { catalogueGroup: group[type as keyof typeof group] } : {}),
    },
  }));
}

describe('one name per service', () => {
  for (const [language, catalogue] of [
    ['id', id],
    ['en', en],
  ] as const) {
    it(`each desk service has one name across the screens (${language})`, () => {
      for (const { type, names } of namesOf(catalogue)) {
        const distinct = new Set(Object.values(names));
        expect(distinct.size, `${type}: ${JSON.stringify(names)}`).toBe(1);
      }
    });
  }
});
