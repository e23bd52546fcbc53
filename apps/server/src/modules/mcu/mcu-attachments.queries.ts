import { and, eq } from 'drizzle-orm';
import { files, mcuStationResults } from '../../db/schema/index.ts';
import type { Executor } from '../../shared/sql.ts';

/** The SQL of the MCU station attachments (see mcu-attachments.service.ts). */

/** The station's result and its attached file (null: the station is not recorded). */
export async function stationAttachmentOf(db: Executor, participantId: number, station: string) {
  const [row] = await db
    .select({
      resultId: mcuStationResults.id,
      fileUid: mcuStationResults.fileUid,
      corpId: files.corpId,
      kind: files.kind,
      storagePath: files.storagePath,
      mimeType: files.mimeType,
    })
    .from(mcuStationResults)
    .leftJoin(files, eq(files.uid, mcuStationResults.fileUid))
    .where(and(eq(mcuStationResults.participantId, participantId), eq(mcuStationResults.station, station)));
  return row ?? null;
}

export async function setStationFile(db: Executor, resultId: number, fileUid: string) {
  await db.update(mcuStationResults).set({ fileUid }).where(eq(mcuStationResults.id, resultId));
}
