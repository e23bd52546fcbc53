import { id as catalogId } from '@klinikita/domain/i18n/id';
import { DEFAULT_QUEUE_PREFIXES } from '@klinikita/domain/registrations/registration.rules';
import type { PerformedAt } from '@klinikita/domain/services/clinic-services.schema';
import { deskOfGroup, type ServiceGroup } from '@klinikita/domain/services/service.schema';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../shared/sql.ts';
import { clinicServices, services } from '../schema/index.ts';

const ROOMS = catalogId.registrations.rooms;

interface Place {
  performedAt: PerformedAt;
  performerClinicId?: number;
  partnerName?: string;
}

const HERE: Place = { performedAt: 'here' };
/** Klinik Sehat Menteng's lab tests are performed by the lab of MCU Center Cikarang (the demo's lab user). */
const AT_CIKARANG: Place = { performedAt: 'sister', performerClinicId: 11 };
export const MAKASSAR_PARTNER_LAB = 'Lab Mitra Makassar';

/**
 * What each demo clinic offers, by service group, and where it is performed: every clinic
 * registers, consults and treats; Menteng samples for the lab at Cikarang and runs radiology and
 * physiotherapy; the MCU centres Cikarang and Surabaya run their own lab, radiology and MCU;
 * Makassar sends its lab tests to a partner lab and runs physiotherapy.
 */
export const DEMO_CLINIC_SERVICES: Readonly<Record<number, Partial<Record<ServiceGroup, Place>>>> = {
  10: {
    registration: HERE,
    consultation: HERE,
    procedure: HERE,
    lab: AT_CIKARANG,
    radiology: HERE,
    physio: HERE,
  },
  11: { registration: HERE, consultation: HERE, procedure: HERE, lab: HERE, radiology: HERE, mcu: HERE },
  12: { registration: HERE, consultation: HERE, procedure: HERE, lab: HERE, radiology: HERE, mcu: HERE },
  13: {
    registration: HERE,
    consultation: HERE,
    procedure: HERE,
    lab: { performedAt: 'external', partnerName: MAKASSAR_PARTNER_LAB },
    physio: HERE,
  },
};

/**
 * Demo: the services each demo clinic offers (after the service master's seed, read by code),
 * with the desks' rooms and queue prefixes the queue already uses. A service performed elsewhere
 * keeps no room of its own: its visits queue at the performing clinic. Adds only what is missing.
 */
export async function seedClinicServices(db: Executor, corpId: number): Promise<void> {
  const master = await db
    .select({ id: services.id, group: services.serviceGroup })
    .from(services)
    .where(eq(services.corpId, corpId));
  const rows: (typeof clinicServices.$inferInsert)[] = [];
  for (const [clinic, groups] of Object.entries(DEMO_CLINIC_SERVICES)) {
    const clinicId = Number(clinic);
    for (const service of master) {
      const place = groups[service.group as ServiceGroup];
      if (!place) continue;
      const desk = place.performedAt === 'sister' ? null : deskOfGroup(service.group as ServiceGroup);
      rows.push({
        clinicId,
        serviceId: service.id,
        room: desk ? ROOMS[desk] : null,
        queuePrefix: desk ? DEFAULT_QUEUE_PREFIXES[desk] : null,
        performedAt: place.performedAt,
        performerClinicId: place.performerClinicId ?? null,
        partnerName: place.partnerName ?? null,
      });
    }
  }
  if (rows.length) await db.insert(clinicServices).values(rows).onConflictDoNothing();
}
