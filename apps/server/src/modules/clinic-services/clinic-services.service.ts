import type { ServiceType } from '@klinikita/domain/registrations/registration.rules';
import {
  type ClinicService,
  type ClinicServiceBulk,
  type ClinicServiceListQuery,
  type ClinicServiceSet,
  groupsOfDesk,
  type SisterClinic,
} from '@klinikita/domain/services/clinic-services.schema';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { clinicOf } from '../../shared/access.ts';
import { writeAudit } from '../../shared/audit.ts';
import { AppError } from '../../shared/errors.ts';
import { type Executor, pageOf, type Tx } from '../../shared/sql.ts';
import { type ClinicServiceRow, toClinicService } from './clinic-services.mapper.ts';
import {
  bulkUpsertClinicServices,
  type ClinicServiceValues,
  dependantClinics,
  deskPlaces,
  deskRoomAndPrefix,
  findClinic,
  findClinicService,
  lockClinicServices,
  pageClinicServices,
  performedHere,
  servicesOfGroup,
  sisterClinics,
  upsertClinicService,
} from './clinic-services.queries.ts';

/** A refusal; `field` marks the form field it is about, with a message of its own (`fieldKey`, no params). */
const refuse = (
  status: number,
  key: string,
  params: Record<string, string | number> = {},
  field?: string,
  fieldKey = key,
) =>
  new AppError(
    status,
    `clinicServices.${key}`,
    params,
    field ? [{ path: field, key: `clinicServices.${fieldKey}` }] : [],
  );

async function audit(
  db: Executor,
  session: AuthSession,
  ip: string,
  clinicId: number,
  action: string,
  entityId: string,
  detail: unknown,
) {
  await writeAudit(db, {
    userId: session.userId,
    corpId: session.corpId,
    clinicId,
    action,
    entity: 'clinicService',
    entityId,
    ip,
    detail,
  });
}

/** The corporate's services as the clinic (in the caller's scope, else 403) offers them. */
export async function listClinicServices(
  db: Db,
  session: AuthSession,
  clinicId: number,
  q: ClinicServiceListQuery,
) {
  const clinic = clinicOf(session, clinicId);
  const { rows, total } = await pageClinicServices(db, session.corpId, clinic.id, q);
  return pageOf(rows.map(toClinicService), total, q);
}

/** The corporate's other clinics, which may perform this clinic's services. */
export async function listSisterClinics(
  db: Db,
  session: AuthSession,
  clinicId: number,
): Promise<SisterClinic[]> {
  const clinic = clinicOf(session, clinicId);
  return sisterClinics(db, session.corpId, clinic.id);
}

/** A sister clinic of the corporate (not this one), else a refusal on the performer field. */
async function sisterOf(tx: Tx, session: AuthSession, clinicId: number, performerId: number) {
  if (performerId === clinicId) throw refuse(400, 'performerSelf', {}, 'performerClinicId');
  const performer = await findClinic(tx, performerId);
  if (!performer || performer.corpId !== session.corpId)
    throw refuse(404, 'performerNotFound', {}, 'performerClinicId');
  return performer;
}

/** Refuses to stop performing services here while other clinics send them to this one. */
async function assertNoDependants(tx: Tx, clinicId: number, serviceIds: number[], name?: string) {
  await lockClinicServices(tx, clinicId, serviceIds);
  const dependants = await dependantClinics(tx, clinicId, serviceIds);
  if (!dependants.length) return;
  const clinics = dependants.map((d) => d.name).join(', ');
  throw name === undefined
    ? refuse(409, 'stillPerformingForGroup', {
        clinics,
        count: dependants.reduce((n, d) => n + d.services, 0),
      })
    : refuse(409, 'stillPerformingFor', { clinics, name });
}

const performsHere = (row: { offered: boolean; performedAt: string | null }) =>
  row.offered && (row.performedAt ?? 'here') === 'here';

/** The row values of an input: a performer only for a sister clinic, a partner only for an external one. */
const valuesOf = (input: ClinicServiceSet): ClinicServiceValues => ({
  room: input.room,
  queuePrefix: input.queuePrefix,
  performedAt: input.performedAt,
  performerClinicId: input.performedAt === 'sister' ? input.performerClinicId : null,
  partnerName: input.performedAt === 'external' ? input.partnerName : null,
  taxCategory: input.taxCategory,
  active: input.offered,
});

function changesOf(before: ClinicServiceRow, after: ClinicServiceValues) {
  const was: ClinicServiceValues = {
    room: before.room,
    queuePrefix: before.queuePrefix,
    performedAt: (before.performedAt ?? 'here') as ClinicServiceValues['performedAt'],
    performerClinicId: before.performerClinicId,
    partnerName: before.partnerName,
    taxCategory: before.taxOverride,
    active: before.offered,
  };
  return Object.fromEntries(
    (Object.keys(after) as (keyof ClinicServiceValues)[])
      .filter((k) => was[k] !== after[k])
      .map((k) => [k, { from: was[k], to: after[k] }]),
  );
}

/**
 * Offers a service at the clinic or stops it (the row stays, inactive), with its room, queue
 * prefix, place and tax rule. A sister performer must be another clinic of the corporate that
 * performs the service itself; a clinic others send the service to cannot stop performing it.
 */
export async function setClinicService(
  db: Db,
  session: AuthSession,
  clinicId: number,
  serviceUid: string,
  input: ClinicServiceSet,
  ip: string,
): Promise<ClinicService> {
  const clinic = clinicOf(session, clinicId);
  return db.transaction(async (tx) => {
    const before = await findClinicService(tx, session.corpId, clinic.id, serviceUid);
    if (!before) throw refuse(404, 'notFound');
    const values = valuesOf(input);
    if (input.offered && !before.serviceActive) throw refuse(409, 'serviceInactive', { name: before.nameId });
    if (values.performerClinicId !== null) {
      const performer = await sisterOf(tx, session, clinic.id, values.performerClinicId);
      if (input.offered && !(await performedHere(tx, performer.id, [before.serviceId])).has(before.serviceId))
        throw refuse(
          409,
          'performerNotOffering',
          { clinic: performer.name, name: before.nameId },
          'performerClinicId',
          'performerNotOfferingField',
        );
    }
    if (performsHere(before) && !(values.active && values.performedAt === 'here'))
      await assertNoDependants(tx, clinic.id, [before.serviceId], before.nameId);

    const changed = changesOf(before, values);
    await upsertClinicService(
      tx,
      { clinicId: clinic.id, serviceId: before.serviceId },
      values,
      session.userId,
    );
    if (Object.keys(changed).length)
      await audit(tx, session, ip, clinic.id, 'clinicService.update', before.serviceUid, {
        code: before.code,
        changed,
      });
    const after = await findClinicService(tx, session.corpId, clinic.id, serviceUid);
    return toClinicService(after!);
  });
}

/**
 * Offers (or stops) every active service of a group at the clinic at once and sets where they are
 * performed; a room or queue prefix left empty keeps each service's own. One audit row names the
 * group, the settings and how many services changed.
 */
export async function bulkSetClinicServices(
  db: Db,
  session: AuthSession,
  clinicId: number,
  input: ClinicServiceBulk,
  ip: string,
): Promise<{ changed: number }> {
  const clinic = clinicOf(session, clinicId);
  return db.transaction(async (tx) => {
    // offering takes the group's active services; stopping, those the clinic offers now
    const targets = await servicesOfGroup(
      tx,
      session.corpId,
      input.group,
      clinic.id,
      input.offered ? 'active' : 'offered',
    );
    if (!targets.length) throw refuse(409, 'groupEmpty', {}, 'group');
    const ids = targets.map((s) => s.id);
    const performerClinicId = input.performedAt === 'sister' ? input.performerClinicId : null;
    if (performerClinicId !== null) {
      const performer = await sisterOf(tx, session, clinic.id, performerClinicId);
      if (input.offered) {
        const there = await performedHere(tx, performer.id, ids);
        const missing = targets.filter((s) => !there.has(s.id)).map((s) => s.code);
        if (missing.length)
          throw refuse(
            409,
            'performerMissing',
            {
              clinic: performer.name,
              count: missing.length,
              codes: missing.slice(0, 5).join(', ') + (missing.length > 5 ? ', …' : ''),
            },
            'performerClinicId',
            'performerMissingField',
          );
      }
    }
    if (!(input.offered && input.performedAt === 'here')) await assertNoDependants(tx, clinic.id, ids);

    const changed = await bulkUpsertClinicServices(
      tx,
      clinic.id,
      ids,
      {
        room: input.room,
        queuePrefix: input.queuePrefix,
        performedAt: input.performedAt,
        performerClinicId,
        partnerName: input.performedAt === 'external' ? input.partnerName : null,
        active: input.offered,
      },
      session.userId,
    );
    await audit(tx, session, ip, clinic.id, 'clinicService.bulkUpdate', input.group, {
      group: input.group,
      offered: input.offered,
      performedAt: input.performedAt,
      performerClinicId,
      partnerName: input.performedAt === 'external' ? input.partnerName : null,
      room: input.room,
      queuePrefix: input.queuePrefix,
      services: targets.length,
      changed,
    });
    return { changed };
  });
}

/** Where a doctor's order for a service desk is carried out, and under which room and queue prefix. */
export interface PerformingClinic {
  clinicId: number;
  name: string;
  timeZone: string;
  /** The room and queue prefix the clinic's services of the desk name (null: the clinic's defaults). */
  room: string | null;
  queuePrefix: string | null;
  /** An external partner the ordering clinic sends the sample to. */
  partnerName: string | null;
  /** The clinic the order was made at. */
  orderedAt: { id: number; name: string };
}

/**
 * The clinic that performs an order of the ordering clinic's desk. The ordering clinic's offered
 * services of the desk decide (those the order names, when it names some by name or code; else
 * all of the desk), the most common place winning, ties to "here": performed here → this
 * clinic; at a sister clinic → that clinic (a clinic no longer there falls back to this one);
 * at an external partner → this clinic, which takes the sample and sends it out; no services
 * configured → this clinic, as before services per clinic existed.
 */
export async function performingClinic(
  tx: Executor,
  order: { clinicId: number; serviceType: ServiceType; items?: readonly string[] },
): Promise<PerformingClinic> {
  const ordering = await findClinic(tx, order.clinicId);
  if (!ordering) throw new Error(`clinic ${order.clinicId} not found`);
  const groups = groupsOfDesk(order.serviceType);
  const orderedAt = { id: ordering.id, name: ordering.name };
  const local = async (performedAt: 'here' | 'external', partnerName: string | null) => ({
    clinicId: ordering.id,
    name: ordering.name,
    timeZone: ordering.timeZone,
    ...(await deskRoomAndPrefix(tx, ordering.id, groups, performedAt)),
    partnerName,
    orderedAt,
  });
  if (!groups.length) return local('here', null);
  const named = order.items?.length ? await deskPlaces(tx, ordering.id, groups, order.items) : [];
  const [place] = named.length ? named : await deskPlaces(tx, ordering.id, groups, []);
  if (!place || place.performed_at === 'here') return local('here', null);
  if (place.performed_at === 'external') return local('external', place.partner_name);
  const sister = place.performer_clinic_id === null ? null : await findClinic(tx, place.performer_clinic_id);
  if (!sister || sister.corpId !== ordering.corpId) return local('here', null);
  return {
    clinicId: sister.id,
    name: sister.name,
    timeZone: sister.timeZone,
    ...(await deskRoomAndPrefix(tx, sister.id, groups, 'here')),
    partnerName: null,
    orderedAt,
  };
}
