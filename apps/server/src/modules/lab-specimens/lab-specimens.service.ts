import { LAB_SPECIMEN_EVENTS, type LabSpecimenCollected } from '@klinikita/domain/lab/lab-specimen.events';
import type { LabVisitSpecimens, RejectSpecimen } from '@klinikita/domain/lab/lab-specimens.schema';
import type { Db } from '../../db/client.ts';
import { emit } from '../../events/outbox.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { clinicOf } from '../../shared/access.ts';
import { writeAudit } from '../../shared/audit.ts';
import { newUid } from '../../shared/crypto.ts';
import { AppError } from '../../shared/errors.ts';
import type { Executor, Tx } from '../../shared/sql.ts';
import { type LabVisit, scopedLabVisit, type VisitWork, workOf } from '../lab-results/lab-work.service.ts';
import { setVisitStep } from '../registrations/visit-steps.service.ts';
import { renderLabelsPdf } from './lab-specimens.labels.ts';
import { toLabSpecimen } from './lab-specimens.mapper.ts';
import {
  insertSpecimen,
  type LabSpecimenRow,
  lockVisitSpecimens,
  moveSpecimen,
  nextBarcode,
  rejectionReasons,
  samplingFlag,
  specimensOfVisit,
} from './lab-specimens.queries.ts';

/**
 * The containers of a lab visit's sample (issue 16 §1): labelled from the order's tests (one per
 * distinct container of their parameters), collected (the visit's sampling flag once every
 * current container is), received, or rejected with a reason — the rejected one is kept and a
 * new container is labelled for the new sample. Each step is serialised per visit and idempotent.
 */

const conflict = (key: string, params: Record<string, string | number> = {}) =>
  new AppError(409, `labSpecimens.api.${key}`, params);

interface Needed {
  container: string;
  specimen: string | null;
  tests: string[];
}

/** The containers the order needs: one per distinct container, with the tests that use it. */
function neededContainers(work: VisitWork): Needed[] {
  const out: Needed[] = [];
  for (const test of work.tests)
    for (const { row } of test.parameters) {
      if (!row.container) continue;
      let need = out.find((n) => n.container === row.container);
      if (!need) {
        need = { container: row.container, specimen: row.specimen, tests: [] };
        out.push(need);
      }
      if (!need.tests.includes(test.service.nameId)) need.tests.push(test.service.nameId);
    }
  return out;
}

const isCurrent = (row: LabSpecimenRow) => row.status !== 'rejected';

async function present(db: Executor, visit: LabVisit, work?: VisitWork): Promise<LabVisitSpecimens> {
  const needed = neededContainers(work ?? (await workOf(db, visit)));
  const rows = await specimensOfVisit(db, visit.id);
  const sorted = [...rows.filter(isCurrent), ...rows.filter((r) => !isCurrent(r))];
  const [reasons, flag] = await Promise.all([rejectionReasons(db, visit.corpId), samplingFlag(db, visit.id)]);
  return {
    registrationId: visit.uid,
    samplingDone: flag,
    specimens: sorted.map((r) =>
      toLabSpecimen(r, needed.find((n) => n.container === r.container)?.tests ?? []),
    ),
    rejectionReasons: reasons,
  };
}

export async function getLabSpecimens(db: Db, session: AuthSession, uid: string): Promise<LabVisitSpecimens> {
  return present(db, await scopedLabVisit(db, session, uid));
}

async function audit(
  tx: Tx,
  session: AuthSession,
  ip: string,
  action: string,
  visit: LabVisit,
  detail: unknown,
) {
  await writeAudit(tx, {
    userId: session.userId,
    corpId: session.corpId,
    clinicId: visit.clinicId,
    action,
    entity: 'registration',
    entityId: visit.uid,
    patientId: visit.patientId,
    ip,
    detail,
  });
}

/** Sets or clears the visit's sampling flag (`flaggingSamplingDone`); the clinic's lists refetch. */
async function setSampling(tx: Tx, visit: LabVisit, done: boolean) {
  await setVisitStep(tx, visit, { samplingDone: done });
}

/** A write on the visit's containers: scope, the visit's lock, the containers as they stand. */
function onVisit(
  db: Db,
  session: AuthSession,
  uid: string,
  write: (tx: Tx, visit: LabVisit, rows: LabSpecimenRow[]) => Promise<VisitWork | undefined>,
): Promise<LabVisitSpecimens> {
  return db.transaction(async (tx) => {
    const visit = await scopedLabVisit(tx, session, uid);
    await lockVisitSpecimens(tx, visit.id);
    const work = await write(tx, visit, await specimensOfVisit(tx, visit.id));
    return present(tx, visit, work);
  });
}

/** Labels every container the order needs that has no current container yet (nothing twice). */
export function labelLabSpecimens(db: Db, session: AuthSession, uid: string, ip: string) {
  return onVisit(db, session, uid, async (tx, visit, rows) => {
    const work = await workOf(tx, visit);
    const needed = neededContainers(work);
    if (!needed.length) throw conflict('noContainers');
    const missing = needed.filter((n) => !rows.some((r) => isCurrent(r) && r.container === n.container));
    const barcodes: string[] = [];
    for (const need of missing) {
      const barcode = await nextBarcode(tx, visit.clinicId, visit.queueDate);
      barcodes.push(barcode);
      await insertSpecimen(tx, {
        uid: newUid(),
        corpId: visit.corpId,
        clinicId: visit.clinicId,
        registrationId: visit.id,
        container: need.container,
        specimen: need.specimen,
        barcode,
        createdBy: session.userId,
      });
    }
    if (barcodes.length) {
      // a new container is not yet taken: the visit's sample is not complete
      if (rows.some(isCurrent)) await setSampling(tx, visit, false);
      await audit(tx, session, ip, 'labSpecimen.label', visit, { barcodes });
    }
    return work;
  });
}

function specimenOf(rows: LabSpecimenRow[], uid: string) {
  const row = rows.find((r) => r.uid === uid);
  if (!row) throw new AppError(404, 'labSpecimens.api.notFound');
  return row;
}

/** The sample is taken; once every current container is, the visit's sampling flag is set. */
export function collectLabSpecimen(
  db: Db,
  session: AuthSession,
  uid: string,
  specimenUid: string,
  ip: string,
) {
  return onVisit(db, session, uid, async (tx, visit, rows) => {
    const row = specimenOf(rows, specimenUid);
    if (row.status === 'collected' || row.status === 'received') return undefined;
    if (row.status === 'rejected') throw conflict('rejectedLocked', { barcode: row.barcode });
    const collectedAt = new Date();
    await moveSpecimen(tx, row.id, 'labelled', {
      status: 'collected',
      collectedBy: session.userId,
      collectedAt,
    });
    // inventory takes the container (and a blood draw's set) out of the lab's stock
    const payload: LabSpecimenCollected = {
      registrationId: visit.uid,
      corpId: visit.corpId,
      clinicId: visit.clinicId,
      specimenUid: row.uid,
      container: row.container,
      collectedBy: session.userId,
      collectedAt: collectedAt.toISOString(),
    };
    await emit(tx, {
      type: LAB_SPECIMEN_EVENTS.collected,
      aggregateType: 'labSpecimen',
      aggregateId: row.uid,
      corpId: visit.corpId,
      clinicId: visit.clinicId,
      payload,
    });
    const pending = rows.filter((r) => isCurrent(r) && r.status === 'labelled' && r.id !== row.id);
    if (!pending.length) await setSampling(tx, visit, true);
    await audit(tx, session, ip, 'labSpecimen.collect', visit, { barcode: row.barcode });
    return undefined;
  });
}

export function receiveLabSpecimen(
  db: Db,
  session: AuthSession,
  uid: string,
  specimenUid: string,
  ip: string,
) {
  return onVisit(db, session, uid, async (tx, visit, rows) => {
    const row = specimenOf(rows, specimenUid);
    if (row.status === 'received') return undefined;
    if (row.status === 'rejected') throw conflict('rejectedLocked', { barcode: row.barcode });
    if (row.status === 'labelled') throw conflict('notCollected', { barcode: row.barcode });
    await moveSpecimen(tx, row.id, 'collected', {
      status: 'received',
      receivedBy: session.userId,
      receivedAt: new Date(),
    });
    await audit(tx, session, ip, 'labSpecimen.receive', visit, { barcode: row.barcode });
    return undefined;
  });
}

/**
 * Rejects a taken sample with a reason of the corporate's list (its words stored) or free text:
 * the container stays as rejected, a new one is labelled for the new sample (`replacesId`), and
 * the visit's sampling flag goes back to false. Rejecting it again changes nothing.
 */
export function rejectLabSpecimen(
  db: Db,
  session: AuthSession,
  uid: string,
  specimenUid: string,
  input: RejectSpecimen,
  ip: string,
) {
  return onVisit(db, session, uid, async (tx, visit, rows) => {
    const row = specimenOf(rows, specimenUid);
    if (row.status === 'rejected') return undefined;
    if (row.status === 'labelled') throw conflict('notCollected', { barcode: row.barcode });
    let reason = input.reason;
    if (input.reasonCode) {
      const item = (await rejectionReasons(tx, visit.corpId)).find(
        (r) => r.code.toLowerCase() === input.reasonCode!.toLowerCase(),
      );
      if (!item)
        throw new AppError(400, 'labSpecimens.api.reasonUnknown', {}, [
          { path: 'reasonCode', key: 'labSpecimens.api.reasonUnknownField' },
        ]);
      reason = input.reason ? `${item.nameId} — ${input.reason}` : item.nameId;
    }
    await moveSpecimen(tx, row.id, row.status, {
      status: 'rejected',
      rejectedBy: session.userId,
      rejectedAt: new Date(),
      rejectReasonCode: input.reasonCode,
      rejectReason: reason,
    });
    const barcode = await nextBarcode(tx, visit.clinicId, visit.queueDate);
    await insertSpecimen(tx, {
      uid: newUid(),
      corpId: visit.corpId,
      clinicId: visit.clinicId,
      registrationId: visit.id,
      container: row.container,
      specimen: row.specimen,
      barcode,
      replacesId: row.id,
      createdBy: session.userId,
    });
    await setSampling(tx, visit, false);
    await audit(tx, session, ip, 'labSpecimen.reject', visit, {
      barcode: row.barcode,
      newBarcode: barcode,
      reasonCode: input.reasonCode,
    });
    return undefined;
  });
}

/** The labels of the visit's current containers (a raw PDF answer); labels the order first if none. */
export async function labelsPdf(db: Db, session: AuthSession, uid: string, layout: 'label' | 'sheet') {
  const visit = await scopedLabVisit(db, session, uid);
  const { specimens } = await present(db, visit);
  const current = specimens.filter((s) => s.status !== 'rejected');
  if (!current.length) throw conflict('nothingLabelled');
  const clinic = clinicOf(session, visit.clinicId);
  const pdf = await renderLabelsPdf({
    layout,
    patient: visit.patient,
    specimens: current,
    timeZone: clinic.timeZone,
  });
  return { pdf, fileName: `label-${visit.patient.mrn}-${visit.queueDate}.pdf` };
}
