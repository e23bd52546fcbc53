import { mcuAttachmentPath } from '@klinikita/domain/mcu/mcu-attachments.contract';
import type { ConclusionAnswer, StationResult } from '@klinikita/domain/mcu/mcu-exam.schema';
import type { McuExposure } from '../../db/schema/index.ts';
import { API_PREFIX } from '../../shared/http.ts';
import type { Category } from './mcu-conclusions.categories.ts';
import type { ConclusionRow, StationResultRow } from './mcu-exam.queries.ts';

/** Rows of the MCU examination as the API answers them. */

const byWho = (name: string | null, at: Date | null) => (name && at ? { name, at: at.toISOString() } : null);

export function toStationResult(row: StationResultRow, participantUid: string): StationResult {
  return {
    data: row.data as StationResult['data'],
    findings: row.findings,
    normal: row.normal,
    fileUid: row.fileUid,
    // the attachment is patient data: served through the participant (mcu-attachments.routes.ts)
    fileUrl: row.fileUid ? `${API_PREFIX}${mcuAttachmentPath(participantUid, row.station)}` : null,
    examined: byWho(row.examinedBy, row.examinedAt),
  };
}

export const toExposure = (e: McuExposure) => ({
  group: e.group,
  agent: e.agent,
  hoursPerDay: e.hoursPerDay ?? null,
  years: e.years ?? null,
  ppe: e.ppe ?? null,
  level: e.level ?? null,
});

export function toConclusion(row: ConclusionRow, categories: readonly Category[]): ConclusionAnswer {
  return {
    uid: row.uid,
    version: row.version,
    status: row.status,
    category: row.category,
    categoryLabel: categories.find((c) => c.code === row.category)?.label ?? row.category,
    conclusion: row.conclusion,
    advice: row.advice,
    restrictions: row.restrictions,
    followUpDate: row.followUpDate,
    findings: row.findings,
    amendmentReason: row.amendmentReason,
    verifyToken: row.status === 'approved' ? row.verifyToken : null,
    written: byWho(row.writtenBy, row.writtenAt),
    approved: byWho(row.approvedBy, row.approvedAt),
  };
}
