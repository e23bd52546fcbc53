import type { BillCoverage, BillingSettings } from '@klinikita/domain/billing/billing.rules';
import { type DraftLine, taxCodeOf, withKeys } from '@klinikita/domain/billing/billing.rules';
import { calendarYearOf, contractPriceOn, isExcluded } from '@klinikita/domain/billing/coverage.rules';
import { translate } from '@klinikita/domain/i18n/translate';
import { labResultReleasedSchema } from '@klinikita/domain/lab/lab-results.events';
import { prescriptionDispensedSchema } from '@klinikita/domain/pharmacy/pharmacy.events';
import type { PayerClass } from '@klinikita/domain/services/service.schema';
import {
  SERVICE_EVENTS,
  servicePerformedSchema,
  serviceVoidedSchema,
} from '@klinikita/domain/services/service-performed.events';
import type { Executor } from '../../shared/sql.ts';
import { priceOf } from '../services/services.service.ts';
import { coveredInPeriod, payerTermsOf } from './bill-coverage.queries.ts';
import {
  type CatalogueService,
  consultationService,
  packageItemIds,
  registrationServices,
  type SourceEvent,
  servicesByCodes,
  visitContext,
  visitEvents,
} from './bill-sources.queries.ts';

/**
 * A draft bill assembled now from what the visit received (research/operations.md §3.1):
 *  - registration fees (catalogue group `registration`) on a visit the front office registered —
 *    not on a service visit made from a doctor's order, nor on an MCU visit —, the card (unit `kartu`) only on the
 *    patient's first visit;
 *  - the doctor's consultation (group `consultation` of the doctor's specialty);
 *  - every `service.performed` not voided (procedures, physiotherapy, MCU: each record; radiology:
 *    each code once per visit, an amended report charges nothing more) and the codes of the
 *    visit's released lab reports (once per visit);
 *  - an MCU package (`service.performed` of type MCU) at its price, its items (service_package_items)
 *    performed on the same visit — the package's lab tests and radiology exams — not again; what
 *    is outside the package is an add-on, charged;
 *  - the pharmacy's handovers (`prescription.dispensed`): the drugs at their price per base unit
 *    and the racikan fees.
 * Services are priced from the catalogue for the visit's day and payer class (`priceOf`: the
 * class's own price, else general; the clinic's override first); one without a price that day is
 * listed at 0 for the cashier to see. Consumables used in procedures are in the tariff (BHP).
 * On a company visit a contract price valid on the visit's day comes first. The payer's coverage
 * (coverage.rules.ts; none on an MCU visit: the company pays its checkup whole) comes with the lines: its terms, the lines of excluded groups and services,
 * and what the payer already covered for the patient in the visit's calendar year.
 */

export interface AssemblyVisit {
  id: number;
  uid: string;
  corpId: number;
  clinicId: number;
  patientId: number;
  orderType: 'doctor' | 'service';
  doctorId: number | null;
  companyId: number | null;
  payerType: 'self' | 'company' | 'insurance' | 'bpjs';
  serviceOrderUid: string | null;
  queueDate: string;
}

const PAYER_CLASS: Record<AssemblyVisit['payerType'], PayerClass> = {
  self: 'general',
  company: 'company',
  insurance: 'insurer',
  bpjs: 'insurer',
};

/** The bill category (and source type) of a desk's performed service. */
const DESK_CATEGORY = {
  TREATMENT: 'procedure',
  RAD: 'radiology',
  PHYSIO: 'physio',
  MCU: 'mcu',
  LAB: 'lab',
} as const;

type Line = Omit<DraftLine, 'key'>;

export async function assembleDraft(
  db: Executor,
  visit: AssemblyVisit,
  settings: Pick<BillingSettings, 'isPkp'>,
): Promise<{ lines: DraftLine[]; companyName: string | null; coverage: BillCoverage | null }> {
  const context = await visitContext(db, visit);
  const payer = await payerTermsOf(db, visit);
  const events = await visitEvents(db, visit.corpId, visit.uid);
  const services: {
    service: CatalogueService;
    sourceType: string;
    sourceUid: string;
    category: Line['category'];
  }[] = [];

  const performed = await performedServices(db, visit.corpId, events);
  // an MCU visit's package is its price per participant: no registration or card fee beside it
  const mcuPackage = performed.some((p) => p.category === 'mcu');
  if (visit.serviceOrderUid === null && !mcuPackage) {
    for (const s of await registrationServices(db, visit.corpId)) {
      if (s.unit === 'kartu' && !context.firstVisit) continue;
      services.push({
        service: s,
        sourceType: 'registration',
        sourceUid: visit.uid,
        category: 'registration',
      });
    }
  }
  if (visit.orderType === 'doctor') {
    // the specialty's consultation, else general practice's (a GP's specialty "Dokter Umum" has none of its own)
    const s =
      (await consultationService(db, visit.corpId, context.specialistId)) ??
      (context.specialistId === null ? null : await consultationService(db, visit.corpId, null));
    if (s)
      services.push({
        service: s,
        sourceType: 'consultation',
        sourceUid: visit.uid,
        category: 'consultation',
      });
  }
  services.push(...performed);

  const lines: Line[] = [];
  const excluded: boolean[] = [];
  const prices = new Map<number, number>();
  for (const s of services) {
    const contract = payer ? contractPriceOn(payer.prices, s.service.id, visit.queueDate) : null;
    if (contract !== null) prices.set(s.service.id, contract);
    if (!prices.has(s.service.id)) {
      const hit = await priceOf(db, {
        serviceId: s.service.id,
        payerClass: PAYER_CLASS[visit.payerType],
        clinicId: visit.clinicId,
        day: visit.queueDate,
      });
      prices.set(s.service.id, hit ? hit.facilityFee + hit.professionalFee + hit.consumablesFee : 0);
    }
    lines.push({
      category: s.category,
      sourceType: s.sourceType,
      sourceUid: s.sourceUid,
      code: s.service.code,
      description: s.service.nameId,
      quantity: 1,
      unitPrice: prices.get(s.service.id) ?? 0,
      taxCode: taxCodeOf(s.service.taxCategory === 'ppn', settings),
    });
    excluded.push(
      payer !== null &&
        isExcluded(
          { id: s.service.id, group: s.service.serviceGroup },
          payer.excludedGroups,
          payer.excludedServiceIds,
        ),
    );
  }
  lines.push(...dispensedLines(events, settings));
  const keyed = withKeys(lines);
  // the company ordered the checkup: it pays the package and the add-ons whole, its employees'
  // care terms (ceilings, co-pay, excluded groups such as `mcu`) are not the MCU contract's
  if (!payer || mcuPackage) return { lines: keyed, companyName: context.companyName, coverage: null };
  const year = calendarYearOf(visit.queueDate);
  const usedThisYear =
    payer.terms.ceilingPerYear === null
      ? 0
      : await coveredInPeriod(db, {
          patientId: visit.patientId,
          registrationId: visit.id,
          payer,
          ...year,
        });
  return {
    lines: keyed,
    companyName: context.companyName,
    coverage: {
      terms: payer.terms,
      usedThisYear,
      excludedKeys: keyed.filter((_, i) => excluded[i]).map((l) => l.key),
    },
  };
}

/** The services the desks performed on the visit, not voided, with their catalogue rows. */
async function performedServices(db: Executor, corpId: number, events: readonly SourceEvent[]) {
  const voided = new Set(
    events
      .filter((e) => e.type === SERVICE_EVENTS.voided)
      .map((e) => serviceVoidedSchema.safeParse(e.payload))
      .flatMap((p) => (p.success ? [p.data.sourceUid] : [])),
  );
  const wanted: { code: string; sourceType: string; sourceUid: string; category: Line['category'] }[] = [];
  const oncePerVisit = new Set<string>();
  for (const e of events) {
    if (e.type === SERVICE_EVENTS.performed) {
      const p = servicePerformedSchema.safeParse(e.payload);
      if (!p.success || voided.has(p.data.sourceUid)) continue;
      const category = DESK_CATEGORY[p.data.serviceType];
      for (const code of p.data.serviceCodes) {
        if (p.data.serviceType === 'RAD') {
          const once = `RAD:${code.toLowerCase()}`;
          if (oncePerVisit.has(once)) continue;
          oncePerVisit.add(once);
        }
        wanted.push({ code, sourceType: category, sourceUid: p.data.sourceUid, category });
      }
    } else if (e.type === 'lab.result.released') {
      const p = labResultReleasedSchema.safeParse(e.payload);
      if (!p.success) continue;
      for (const code of p.data.services) {
        const once = `LAB:${code.toLowerCase()}`;
        if (oncePerVisit.has(once)) continue;
        oncePerVisit.add(once);
        wanted.push({ code, sourceType: 'lab', sourceUid: p.data.reportUid, category: 'lab' });
      }
    }
  }
  const catalogue = await servicesByCodes(
    db,
    corpId,
    wanted.map((w) => w.code),
  );
  const found = wanted.flatMap((w) => {
    const service = catalogue.get(w.code.toLowerCase());
    return service
      ? [{ service, sourceType: w.sourceType, sourceUid: w.sourceUid, category: w.category }]
      : [];
  });
  // an MCU package's price includes its items: their lab and radiology results charge nothing more
  const included = await packageItemIds(
    db,
    found.filter((f) => f.category === 'mcu').map((f) => f.service.id),
  );
  return found.filter((f) => f.category === 'mcu' || !included.has(f.service.id));
}

/** Drugs handed over (summed per prescription line, item and price) and the racikan fees. */
function dispensedLines(events: readonly SourceEvent[], settings: Pick<BillingSettings, 'isPkp'>): Line[] {
  const drugs = new Map<string, Line>();
  const fees = new Map<string, Line>();
  for (const e of events) {
    if (e.type !== 'prescription.dispensed') continue;
    const p = prescriptionDispensedSchema.safeParse(e.payload);
    if (!p.success) continue;
    for (const l of p.data.lines) {
      const key = `${p.data.prescriptionUid}|${l.line}|${l.ingredient ?? ''}|${l.itemUid}|${l.unitPrice}`;
      const known = drugs.get(key);
      if (known) known.quantity = Math.round((known.quantity + l.quantity) * 1000) / 1000;
      else
        drugs.set(key, {
          category: 'drug',
          sourceType: 'prescription',
          sourceUid: p.data.prescriptionUid,
          code: l.itemUid,
          description: `${l.name} (${l.baseUnit})`,
          quantity: l.quantity,
          unitPrice: l.unitPrice,
          taxCode: taxCodeOf(true, settings),
        });
    }
    for (const f of p.data.fees) {
      const key = `${p.data.prescriptionUid}|${f.line}|${f.kind}`;
      const known = fees.get(key);
      const amount = (known ? known.unitPrice : 0) + f.amount;
      fees.set(key, {
        category: f.kind,
        sourceType: 'prescription',
        sourceUid: p.data.prescriptionUid,
        code: `${f.kind}:${f.line}`,
        description: translate('id', `billing.fees.${f.kind}`, { name: `R/${f.line + 1}` }),
        // a fee's quantity (packets) is in its description's amount; the line carries the sum
        quantity: 1,
        unitPrice: amount,
        // the compounding and packaging fees are the pharmacy's service, exempt like the others
        taxCode: 'SERVICE_EXEMPT',
      });
    }
  }
  return [...drugs.values(), ...fees.values()];
}
