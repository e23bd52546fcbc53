import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { satusehatSettings } from '../../db/schema/index.ts';
import type { Executor } from '../../shared/sql.ts';
import { openSecret, sealSecret } from './secret-box.ts';

export type SatusehatSettingsRow = typeof satusehatSettings.$inferSelect;

/** The clinic id is sealed with the secret, so a secret copied to another clinic's row does not open. */
const secretContext = (clinicId: number) => `satusehat_settings.client_secret:${clinicId}`;

export const sealClientSecret = (key: Buffer, clinicId: number, secret: string) =>
  sealSecret(key, secret, secretContext(clinicId));

export const openClientSecret = (
  key: Buffer,
  row: Pick<SatusehatSettingsRow, 'clinicId' | 'clientSecretEnc'>,
) => openSecret(key, row.clientSecretEnc, secretContext(row.clinicId));

export async function findSatusehatSettings(
  db: Executor,
  clinicId: number,
): Promise<SatusehatSettingsRow | undefined> {
  const [row] = await db.select().from(satusehatSettings).where(eq(satusehatSettings.clinicId, clinicId));
  return row;
}

/** Whether any clinic talks to the simulator (main starts it only then). */
export async function anyClinicUsesSimulator(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ clinicId: satusehatSettings.clinicId })
    .from(satusehatSettings)
    .where(eq(satusehatSettings.environment, 'simulator'))
    .limit(1);
  return Boolean(row);
}
