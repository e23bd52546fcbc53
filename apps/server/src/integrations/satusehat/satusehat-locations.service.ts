import { id as catalogId } from '@klinikita/domain/i18n/id';
import type {
  LocationRegisterInput,
  SatusehatLocation,
  SatusehatLocations,
} from '@klinikita/domain/satusehat/satusehat-settings.schema';
import type { FastifyBaseLogger } from 'fastify';
import type { Bundle, Location } from 'fhir/r4';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { clinicOf } from '../../shared/access.ts';
import { writeAudit } from '../../shared/audit.ts';
import { AppError } from '../../shared/errors.ts';
import { type SatusehatClient, SatusehatError } from './satusehat.client.ts';
import { platformCall, type SatusehatService } from './satusehat.service.ts';
import { findSatusehatSettings, type SatusehatSettingsRow } from './satusehat.settings.ts';
import {
  doctorRoomsOfClinic,
  locationsOfClinic,
  type SatusehatLocationRow,
  saveLocationAttempt,
  serviceRoomsOfClinic,
} from './satusehat-onboarding.queries.ts';

/**
 * The clinic's rooms and poli as SATUSEHAT Locations (satusehat.md: physical type `ro`, managed
 * by the clinic's Organization, identifier under `http://sys-ids.kemkes.go.id/location/{orgId}`).
 * Registration is idempotent: only what is not registered under the current organization is sent,
 * and a duplicate answer is looked up and its id kept.
 */

const GENERAL_POLI = catalogId.registrations.rooms.general;
const LOCATION_SYSTEM = (orgId: string) => `http://sys-ids.kemkes.go.id/location/${orgId}`;
const PHYSICAL_TYPE_SYSTEM = 'http://terminology.hl7.org/CodeSystem/location-physical-type';

interface Place {
  name: string;
  kind: 'poli' | 'room';
}

/** The stable identifier value of a room: the clinic and the room's name, slugged. */
export function locationCode(clinicId: number, name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
  return `${clinicId}-${slug}`;
}

/** A Location resource of one room or poli of the clinic. */
export function locationResource(
  clinicId: number,
  clinicName: string,
  place: Place,
  orgId: string,
): Location {
  return {
    resourceType: 'Location',
    identifier: [{ system: LOCATION_SYSTEM(orgId), value: locationCode(clinicId, place.name) }],
    status: 'active',
    name: place.name,
    description: `${place.name}, ${clinicName}`,
    mode: 'instance',
    physicalType: { coding: [{ system: PHYSICAL_TYPE_SYSTEM, code: 'ro', display: 'Room' }] },
    managingOrganization: { reference: `Organization/${orgId}` },
  };
}

export class SatusehatLocationsService {
  constructor(
    private readonly db: Db,
    private readonly platform: SatusehatService,
  ) {}

  /** The poli (doctors' rooms, by the registration's rule) and the service rooms of the clinic. */
  async places(clinicId: number): Promise<Place[]> {
    const byName = new Map<string, Place>();
    // the room a doctor's visit is called to (registrations: the doctor's room, else the poli of the specialty)
    for (const d of await doctorRoomsOfClinic(this.db, clinicId)) {
      const name =
        d.room?.trim() ||
        (d.specialist && d.specialist !== 'Dokter Umum' ? `Poli ${d.specialist}` : GENERAL_POLI);
      byName.set(name, { name, kind: 'poli' });
    }
    for (const name of await serviceRoomsOfClinic(this.db, clinicId)) {
      if (!byName.has(name)) byName.set(name, { name, kind: 'room' });
    }
    return [...byName.values()].sort((a, b) =>
      a.kind === b.kind ? a.name.localeCompare(b.name, 'id') : a.kind === 'poli' ? -1 : 1,
    );
  }

  async list(session: AuthSession, clinicId: number): Promise<SatusehatLocations> {
    clinicOf(session, clinicId);
    const settings = await findSatusehatSettings(this.db, clinicId);
    return this.compose(clinicId, settings);
  }

  /** Registers the rooms not registered yet under the clinic's organization (or the one named). */
  async register(
    session: AuthSession,
    input: LocationRegisterInput,
    ip: string,
    log: FastifyBaseLogger,
  ): Promise<SatusehatLocations> {
    const clinic = clinicOf(session, input.clinicId);
    const settings = await findSatusehatSettings(this.db, input.clinicId);
    if (!settings) throw new AppError(409, 'satusehat.notConfigured');
    const places = await this.places(input.clinicId);
    const wanted = input.name ? places.filter((p) => p.name === input.name) : places;
    if (input.name && !wanted.length) throw new AppError(404, 'satusehatSettings.locationUnknown');
    const done = new Map((await locationsOfClinic(this.db, input.clinicId)).map((r) => [r.name, r]));
    const missing = wanted.filter((p) => !isRegistered(done.get(p.name), settings));
    if (missing.length) {
      const client = await this.platform.clientForClinic(input.clinicId);
      for (const place of missing) {
        await this.registerOne(client, session, ip, log, settings, clinic.name, place);
      }
    }
    return this.compose(input.clinicId, settings);
  }

  private async registerOne(
    client: SatusehatClient,
    session: AuthSession,
    ip: string,
    log: FastifyBaseLogger,
    settings: SatusehatSettingsRow,
    clinicName: string,
    place: Place,
  ): Promise<void> {
    const { clinicId, organizationId, environment } = settings;
    const resource = locationResource(clinicId, clinicName, place, organizationId);
    const code = resource.identifier![0].value!;
    let outcome: 'created' | 'duplicate' | 'failed';
    let locationId: string | null = null;
    let error: string | null = null;
    try {
      ({ outcome, locationId } = await this.send(client, resource, organizationId, code));
    } catch (failure) {
      // the platform is down or refuses the clinic's credentials: every room would fail alike
      if (
        !(failure instanceof SatusehatError) ||
        failure.kind === 'unavailable' ||
        failure.kind === 'credentials'
      ) {
        await this.audit(session, ip, clinicId, place, {
          outcome: 'failed',
          error: String((failure as Error).message),
        });
        return platformCall(() => Promise.reject(failure), log);
      }
      outcome = 'failed';
      error = failure.message;
    }
    const previous = outcome === 'failed' ? await this.previousId(clinicId, place.name, settings) : null;
    await saveLocationAttempt(this.db, {
      clinicId,
      name: place.name,
      environment,
      organizationId,
      locationId: locationId ?? previous,
      lastError: error,
      registeredAt: locationId ? new Date() : null,
    });
    await this.audit(session, ip, clinicId, place, { outcome, locationId, code, error });
  }

  /** POST the Location; a duplicate identifier is searched and the platform's id kept. */
  private async send(
    client: SatusehatClient,
    resource: Location,
    organizationId: string,
    code: string,
  ): Promise<{ outcome: 'created' | 'duplicate'; locationId: string | null }> {
    try {
      const created = await client.fhir<Location>('POST', '/Location', resource);
      if (!created?.id) throw new SatusehatError('bad-response', 200, 'the created Location has no id');
      return { outcome: 'created', locationId: created.id };
    } catch (error) {
      if (!(error instanceof SatusehatError) || !isDuplicate(error)) throw error;
      // the platform names the resource holding the identifier ("... already exists: Location/{id}")
      const named = error.outcome?.issue
        ?.map((i) => /\bLocation\/([A-Za-z0-9\-.]{1,64})$/.exec(i.diagnostics ?? '')?.[1])
        .find(Boolean);
      if (named) return { outcome: 'duplicate', locationId: named };
    }
    const found = await client.search<Location>('Location', {
      identifier: `${LOCATION_SYSTEM(organizationId)}|${code}`,
    });
    const id = (found as Bundle<Location>).entry?.[0]?.resource?.id;
    if (!id) throw new SatusehatError('refused', 409, 'duplicate, but no Location found by its identifier');
    return { outcome: 'duplicate', locationId: id };
  }

  private async previousId(clinicId: number, name: string, settings: SatusehatSettingsRow) {
    const rows = await locationsOfClinic(this.db, clinicId);
    const row = rows.find((r) => r.name === name);
    return row && isRegistered(row, settings) ? row.locationId : null;
  }

  private audit(session: AuthSession, ip: string, clinicId: number, place: Place, detail: object) {
    return writeAudit(this.db, {
      userId: session.userId,
      corpId: session.corpId,
      clinicId,
      action: 'satusehat.location.register',
      entity: 'satusehat_location',
      entityId: place.name,
      ip,
      detail: { name: place.name, kind: place.kind, ...detail },
    });
  }

  private async compose(
    clinicId: number,
    settings: SatusehatSettingsRow | undefined,
  ): Promise<SatusehatLocations> {
    const rows = new Map((await locationsOfClinic(this.db, clinicId)).map((r) => [r.name, r]));
    const locations = (await this.places(clinicId)).map((place): SatusehatLocation => {
      const row = rows.get(place.name);
      const current = settings && row && sameTarget(row, settings) ? row : undefined;
      const registered = Boolean(current?.locationId);
      return {
        name: place.name,
        kind: place.kind,
        code: locationCode(clinicId, place.name),
        state: registered ? 'registered' : current?.lastError ? 'failed' : 'missing',
        locationId: current?.locationId ?? null,
        error: current?.lastError ?? null,
        registeredAt: current?.registeredAt?.toISOString() ?? null,
      };
    });
    return { clinicId, organizationId: settings?.organizationId ?? null, locations };
  }
}

/** A row registered under the organization and environment the clinic uses now. */
const sameTarget = (row: SatusehatLocationRow, settings: SatusehatSettingsRow) =>
  row.organizationId === settings.organizationId && row.environment === settings.environment;

const isRegistered = (row: SatusehatLocationRow | undefined, settings: SatusehatSettingsRow) =>
  Boolean(row?.locationId) && sameTarget(row!, settings);

/** The platform's "already exists" (OperationOutcome code `duplicate`, usually 409 or 400). */
function isDuplicate(error: SatusehatError): boolean {
  if (error.kind !== 'refused') return false;
  if (error.outcome?.issue?.some((i) => i.code === 'duplicate')) return true;
  return error.status === 409 || /duplicate|already exists/i.test(error.message);
}
