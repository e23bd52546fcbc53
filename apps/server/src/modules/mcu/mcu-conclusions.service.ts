import { randomBytes } from 'node:crypto';
import { MCU_EVENTS, type McuConclusionApproved } from '@klinikita/domain/mcu/mcu.events';
import type { CategoriesSave, ConclusionSave, ExamAnswer } from '@klinikita/domain/mcu/mcu-exam.schema';
import type { Db } from '../../db/client.ts';
import { emit } from '../../events/outbox.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { writeAudit } from '../../shared/audit.ts';
import { newUid } from '../../shared/crypto.ts';
import { AppError } from '../../shared/errors.ts';
import type { Executor } from '../../shared/sql.ts';
import { categoriesFor } from './mcu-conclusions.categories.ts';
import {
  conclusionsOf,
  findCompany,
  findParticipant,
  insertConclusion,
  lockParticipant,
  replaceCompanyCategories,
  setParticipantStatus,
  updateConclusion,
} from './mcu-exam.queries.ts';
import {
  labOf,
  markDoneIfComplete,
  mcuError,
  type Participant,
  presentExam,
  scopedParticipant,
} from './mcu-exam.service.ts';

/**
 * The examining doctor's conclusion (issue 20 §5): a category of the company's list with the
 * conclusion, advice, work restrictions and follow-up date, saved as the draft of the current
 * version with a copy of the findings; approval (its own permission) locks the participant's
 * result; a change after that is a new version with its reason, the approved one is replaced.
 */

/** What the report's QR code carries: random, unguessable, unique. */
const newVerifyToken = () => randomBytes(18).toString('base64url');

async function audit(
  tx: Executor,
  session: AuthSession,
  p: Participant,
  action: string,
  ip: string,
  detail: object,
) {
  await writeAudit(tx, {
    userId: session.userId,
    corpId: session.corpId,
    clinicId: p.clinicId,
    action,
    entity: 'mcuParticipant',
    entityId: p.uid,
    patientId: p.patientId,
    ip,
    detail,
  });
}

/** A write on the participant: scope, the row lock, the participant as it stands. */
function onParticipant(
  db: Db,
  session: AuthSession,
  uid: string,
  write: (tx: Executor, p: Participant) => Promise<void>,
): Promise<ExamAnswer> {
  return db.transaction(async (tx) => {
    const scoped = await scopedParticipant(tx, session, uid);
    await lockParticipant(tx, scoped.id);
    await write(tx, (await findParticipant(tx, uid))!);
    return presentExam(tx, session, (await findParticipant(tx, uid))!);
  });
}

export function saveConclusion(db: Db, session: AuthSession, uid: string, input: ConclusionSave, ip: string) {
  return onParticipant(db, session, uid, async (tx, p) => {
    if (!p.registrationId || p.status === 'registered') throw mcuError(409, 'notCheckedIn');
    const categories = await categoriesFor(tx, p.corpId, p.companyId);
    if (!categories.some((c) => c.code === input.category))
      throw new AppError(400, 'mcuExam.categoryUnknown', { category: input.category }, [
        { path: 'category', key: 'mcuExam.categoryRequired' },
      ]);
    const exam = await presentExam(tx, session, p);
    const findings = exam.findings.map((f) => f.text);
    const values = {
      category: input.category,
      conclusion: input.conclusion,
      advice: input.advice,
      restrictions: input.restrictions,
      followUpDate: input.followUpDate,
      findings,
      writtenBy: session.userId,
    };
    const [current] = await conclusionsOf(tx, p.id);
    if (current?.status === 'draft') {
      await updateConclusion(tx, current.id, {
        ...values,
        ...(input.amendmentReason && current.version > 1 ? { amendmentReason: input.amendmentReason } : {}),
      });
      await audit(tx, session, p, 'mcu.conclusion.save', ip, {
        version: current.version,
        category: input.category,
      });
      return;
    }
    let version = 1;
    if (current) {
      // approved: only a new version with its reason; the approved one is kept as replaced
      if (!input.amendmentReason)
        throw new AppError(409, 'mcuExam.reasonRequired', {}, [
          { path: 'amendmentReason', key: 'mcuExam.reasonRequired' },
        ]);
      await updateConclusion(tx, current.id, { status: 'replaced', replacedAt: new Date() });
      version = current.version + 1;
      if (p.status === 'approved') await setParticipantStatus(tx, p.id, 'done');
    }
    await insertConclusion(tx, {
      uid: newUid(),
      participantId: p.id,
      version,
      status: 'draft',
      ...values,
      amendmentReason: version > 1 ? input.amendmentReason : null,
      verifyToken: newVerifyToken(),
    });
    await audit(tx, session, p, version > 1 ? 'mcu.conclusion.amend' : 'mcu.conclusion.save', ip, {
      version,
      category: input.category,
      ...(version > 1 ? { reason: input.amendmentReason } : {}),
    });
  });
}

export function approveConclusion(db: Db, session: AuthSession, uid: string, ip: string) {
  return onParticipant(db, session, uid, async (tx, p) => {
    const [current] = await conclusionsOf(tx, p.id);
    if (current?.status !== 'draft') throw mcuError(409, 'nothingToApprove');
    // a lab released since the last station: the participant may be done now
    const lab = await labOf(tx, session, p);
    await markDoneIfComplete(tx, p, lab?.status === 'released');
    const now = (await findParticipant(tx, p.uid))!;
    if (now.status !== 'done') throw mcuError(409, 'notDone');
    const approvedAt = new Date();
    await updateConclusion(tx, current.id, {
      status: 'approved',
      approvedBy: session.userId,
      approvedAt,
      verifyToken: newVerifyToken(),
    });
    await setParticipantStatus(tx, p.id, 'approved');
    // billing posts the visit's bill as the company's receivable (a repeat changes nothing)
    const payload: McuConclusionApproved = {
      participantUid: p.uid,
      conclusionUid: current.uid,
      version: current.version,
      registrationId: p.visitUid ?? null,
      corpId: p.corpId,
      clinicId: p.clinicId,
      companyId: p.companyId,
      patientId: p.patientId,
      category: current.category,
      approvedBy: session.userId,
      approvedAt: approvedAt.toISOString(),
    };
    await emit(tx, {
      type: MCU_EVENTS.conclusionApproved,
      aggregateType: 'mcuConclusion',
      aggregateId: current.uid,
      corpId: p.corpId,
      clinicId: p.clinicId,
      payload,
    });
    await audit(tx, session, p, 'mcu.conclusion.approve', ip, {
      version: current.version,
      category: current.category,
    });
  });
}

async function scopedCompany(db: Executor, session: AuthSession, uid: string) {
  const company = await findCompany(db, uid);
  if (!company || company.corpId !== session.corpId) throw mcuError(404, 'companyNotFound');
  return company;
}

export async function getCompanyCategories(db: Db, session: AuthSession, uid: string) {
  const company = await scopedCompany(db, session, uid);
  const categories = await categoriesFor(db, session.corpId, company.id);
  return { source: categories.source ?? 'corporate', categories: [...categories] };
}

export function saveCompanyCategories(
  db: Db,
  session: AuthSession,
  uid: string,
  input: CategoriesSave,
  ip: string,
) {
  return db.transaction(async (tx) => {
    const company = await scopedCompany(tx, session, uid);
    const seen = new Set<string>();
    for (const [i, c] of input.categories.entries()) {
      const code = c.code.toUpperCase();
      if (seen.has(code))
        throw new AppError(400, 'mcuExam.categoryDuplicate', { code: c.code }, [
          { path: `categories.${i}.code`, key: 'validation.invalid' },
        ]);
      seen.add(code);
    }
    await replaceCompanyCategories(tx, company.id, input.categories);
    await writeAudit(tx, {
      userId: session.userId,
      corpId: session.corpId,
      action: 'mcu.categories.save',
      entity: 'partnerCompany',
      entityId: uid,
      ip,
      detail: { categories: input.categories.map((c) => c.code) },
    });
    const categories = await categoriesFor(tx, session.corpId, company.id);
    return { source: categories.source ?? 'corporate', categories: [...categories] };
  });
}
