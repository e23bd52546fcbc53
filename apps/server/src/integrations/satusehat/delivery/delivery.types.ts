import type {
  SatusehatBlockedReason,
  SatusehatDeliveryKind,
} from '@klinikita/domain/satusehat/satusehat-sync.schema';
import type { Bundle } from 'fhir/r4';
import type { Db } from '../../../db/client.ts';

/** The NOTIFY channel that wakes the delivery workers (a row queued, or queued again by "Kirim ulang"). */
export const DELIVERY_CHANNEL = 'klinikita_satusehat_delivery';

/**
 * The seam between the delivery worker (`delivery.worker.ts`: when and how often a row is sent)
 * and the builders (`build-delivery.ts`: what is sent). The worker resolves the visit's identities
 * first (`satusehat-identities.service.ts` `ensureVisitIdentities`), then builds, then sends.
 */
export interface DeliveryTarget {
  id: number;
  uid: string;
  kind: SatusehatDeliveryKind;
  /** The registration uid (encounter), the dispense's uid, the lab report's uid */
  sourceKey: string;
  registrationId: number;
  clinicId: number;
  corpId: number;
}

export interface BuildContext {
  /** The clinic's organization id at the platform */
  organizationId: string;
  /** The visit's Encounter id at the platform, once its encounter delivery was accepted */
  encounterId: string | null;
}

export type BuiltDelivery =
  | {
      ok: true;
      /** A transaction Bundle; entries reference each other by `urn:uuid` */
      bundle: Bundle;
      /** Each entry's fullUrl → what it is here (`Encounter`, `Condition:J06.9`…), to keep the ids the platform answers */
      locals: Record<string, string>;
      /** What the visit holds but this bundle leaves out, and why (a drug without KFA code…) */
      omitted?: { local: string; reason: SatusehatBlockedReason; detail: string }[];
    }
  | { ok: false; reason: SatusehatBlockedReason; detail?: string };

export type BuildDelivery = (db: Db, target: DeliveryTarget, context: BuildContext) => Promise<BuiltDelivery>;
