import type {
  PhysioProgramme,
  PhysioRemaining,
  PhysioSession,
  RangeOfMotionRow,
  StrengthRow,
} from '@klinikita/domain/physio/physio.schema';
import type { ProgrammeRow, SessionRow } from './physio.queries.ts';

/** Physiotherapy rows to what the screens read; no raw row leaves the server. */

interface StoredMeasures {
  painScale?: number;
  painBefore?: number;
  painAfter?: number;
  rangeOfMotion?: RangeOfMotionRow[];
  strength?: StrengthRow[];
  function?: string | null;
}

export function toPhysioSession(row: SessionRow): PhysioSession {
  const m = row.measures as StoredMeasures;
  return {
    uid: row.uid,
    registrationId: row.visitUid,
    sessionNumber: row.sessionNumber,
    kind: row.kind as PhysioSession['kind'],
    painBefore: m.painBefore ?? 0,
    painAfter: m.painAfter ?? 0,
    rangeOfMotion: m.rangeOfMotion ?? [],
    strength: m.strength ?? [],
    function: m.function ?? null,
    interventions: row.interventions,
    note: row.note,
    performedBy: row.performedByName,
    performedAt: row.performedAt.toISOString(),
  };
}

export function toPhysioProgramme(row: ProgrammeRow, sessions: SessionRow[]): PhysioProgramme {
  const a = row.assessment as StoredMeasures;
  return {
    uid: row.uid,
    status: row.status as PhysioProgramme['status'],
    clinicName: row.clinicName,
    registrationId: row.visitUid,
    referral: row.referral,
    diagnosis: row.diagnosis,
    assessment: {
      painScale: a.painScale ?? 0,
      rangeOfMotion: a.rangeOfMotion ?? [],
      strength: a.strength ?? [],
      function: a.function ?? null,
    },
    goals: row.goals,
    plannedSessions: row.plannedSessions,
    sessionsDone: sessions.length,
    remaining: Math.max(0, row.plannedSessions - sessions.length),
    createdBy: row.createdByName,
    createdAt: row.createdAt.toISOString(),
    sessions: sessions.map(toPhysioSession),
  };
}

export const toPhysioRemaining = (row: ProgrammeRow, done: number): PhysioRemaining => ({
  programmeUid: row.uid,
  clinicName: row.clinicName,
  plannedSessions: row.plannedSessions,
  sessionsDone: done,
  remaining: Math.max(0, row.plannedSessions - done),
});
