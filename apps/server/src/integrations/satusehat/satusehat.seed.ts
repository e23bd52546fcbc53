import { asc } from 'drizzle-orm';
import { clinics, satusehatSettings } from '../../db/schema/index.ts';
import type { Executor } from '../../shared/sql.ts';
import { sealClientSecret } from './satusehat.settings.ts';
import { SIMULATOR_CLIENTS } from './simulator/simulator.data.ts';

/**
 * Demo: every clinic talks to the local simulator with one of its seeded applications, so the
 * "fetch health ID" button works out of the box. Existing settings are left alone.
 */
export async function seedSatusehatSettings(db: Executor, secretsKey: Buffer): Promise<void> {
  const rows = await db.select({ id: clinics.id }).from(clinics).orderBy(asc(clinics.id));
  if (!rows.length) return;
  await db
    .insert(satusehatSettings)
    .values(
      rows.map((clinic, i) => {
        const client = SIMULATOR_CLIENTS[i % SIMULATOR_CLIENTS.length];
        return {
          clinicId: clinic.id,
          environment: 'simulator' as const,
          clientId: client.clientId,
          clientSecretEnc: sealClientSecret(secretsKey, clinic.id, client.clientSecret),
          organizationId: client.organizationId,
        };
      }),
    )
    .onConflictDoNothing();
}
