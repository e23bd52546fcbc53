import {
  type McuPortalEvent,
  type McuPortalEvents,
  type McuPortalInvoices,
  type McuPortalParticipantQuery,
  type McuPortalParticipants,
  PORTAL_INVOICE_STATUSES,
} from '@klinikita/domain/mcu/mcu-portal.schema';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { writeAudit } from '../../shared/audit.ts';
import { AppError, forbidden } from '../../shared/errors.ts';
import type { Executor } from '../../shared/sql.ts';
import { invoicesOfCompany } from '../billing/payer-invoices.service.ts';
import {
  type PortalEventRow,
  portalCategories,
  portalCompany,
  portalEvents,
  portalParticipants,
} from './mcu-portal.queries.ts';
import { companyRecapExport } from './mcu-recap.service.ts';

/**
 * The company portal (issue 20 §8): a partner company's HR user reads its own company only — the
 * company is the login's (users.company_id), never one the request names; a user without a
 * company is refused (403), another company's event is not found (404). The participants'
 * categories show once approved; their medical details only with the participant's recorded
 * consent. Every read is audited (who, which company, what was read).
 */

async function companyOf(db: Executor, session: AuthSession) {
  if (session.companyId === null) throw forbidden('mcuPortal.noCompany');
  const company = await portalCompany(db, session.corpId, session.companyId);
  if (!company) throw forbidden('mcuPortal.noCompany');
  return company;
}

const audit = (
  db: Executor,
  session: AuthSession,
  ip: string,
  action: string,
  entityId: string,
  detail: object,
) =>
  writeAudit(db, {
    userId: session.userId,
    corpId: session.corpId,
    action,
    entity: 'mcuPortal',
    entityId,
    ip,
    detail: { companyId: session.companyId, ...detail },
  });

const toEvent = (r: PortalEventRow): McuPortalEvent => ({
  uid: r.uid,
  name: r.name,
  clinicName: r.clinicName,
  examType: r.examType,
  startDate: r.startDate,
  endDate: r.endDate,
  status: r.status,
  progress: {
    registered: r.registered,
    inProgress: r.inProgress,
    done: r.done,
    approved: r.approved,
    total: r.registered + r.inProgress + r.done + r.approved,
  },
});

export async function portalEventList(db: Db, session: AuthSession, ip: string): Promise<McuPortalEvents> {
  const company = await companyOf(db, session);
  const rows = await portalEvents(db, session.corpId, company.id);
  await audit(db, session, ip, 'mcu.portal.events', String(company.id), { events: rows.length });
  return { company: { name: company.name, code: company.code }, events: rows.map(toEvent) };
}

export async function portalParticipantList(
  db: Db,
  session: AuthSession,
  uid: string,
  query: McuPortalParticipantQuery,
  ip: string,
): Promise<McuPortalParticipants> {
  const company = await companyOf(db, session);
  const [event] = await portalEvents(db, session.corpId, company.id, uid);
  if (!event) throw new AppError(404, 'mcuPortal.eventNotFound');
  const rows = await portalParticipants(db, event.id, query);
  const categories = await portalCategories(db, session.corpId, company.id);
  const participants = rows.map(({ p, c }) => {
    const approved = p.status === 'approved' && c !== null ? c : null;
    const category = approved ? categories.get(approved.category) : undefined;
    return {
      ...p,
      category: approved
        ? {
            code: approved.category,
            label: category?.label ?? approved.category,
            fit: category?.fit ?? null,
            approvedAt: approved.approvedAt?.toISOString() ?? null,
          }
        : null,
      medical:
        approved && p.consentToShare
          ? {
              findings: approved.findings,
              conclusion: approved.conclusion,
              advice: approved.advice,
              restrictions: approved.restrictions,
              followUpDate: approved.followUpDate,
            }
          : null,
    };
  });
  await audit(db, session, ip, 'mcu.portal.participants', event.uid, {
    participants: participants.length,
    medicalShown: participants.filter((p) => p.medical !== null).map((p) => p.uid),
  });
  return { event: toEvent(event), participants };
}

export async function portalInvoiceList(
  db: Db,
  session: AuthSession,
  ip: string,
): Promise<McuPortalInvoices> {
  const company = await companyOf(db, session);
  const summaries = await invoicesOfCompany(db, session.corpId, company.id, PORTAL_INVOICE_STATUSES);
  const invoices = summaries.map((s) => ({
    uid: s.uid,
    number: s.number,
    periodFrom: s.periodFrom,
    periodTo: s.periodTo,
    issueDate: s.issueDate,
    dueDate: s.dueDate,
    status: s.status as (typeof PORTAL_INVOICE_STATUSES)[number],
    total: s.total,
    paid: s.paid,
    open: s.open,
  }));
  await audit(db, session, ip, 'mcu.portal.invoices', String(company.id), { invoices: invoices.length });
  return { invoices, open: invoices.reduce((sum, i) => sum + i.open, 0) };
}

/** The recap xlsx of an event of the caller's company (mcu-recap.service.ts redacts and audits it). */
export async function portalRecap(db: Db, session: AuthSession, uid: string, ip: string) {
  const company = await companyOf(db, session);
  return companyRecapExport(db, session, company.id, uid, ip);
}
