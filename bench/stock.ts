/**
 * The pharmacy's and the stock's scale (issue 17): BENCH_ITEMS items (default 10,000) with
 * BENCH_BATCHES_PER_ITEM batches each (default 20: 200,000 batches), all held at a bench warehouse
 * of clinic 10 and the five earliest of each at a bench pharmacy, and BENCH_MOVEMENTS stock
 * movements (default 5,000,000) spread evenly over those stock levels — a receipt (or a transfer
 * in) and then one unit out at a time, so every stock card sums to its stock on hand. And a busy
 * pharmacy day: BENCH_PHARMACY_DAY prescriptions today (default 300) of three bench items each, in
 * the queue's states. The first batch of every item expired a fortnight ago: FEFO passes it by.
 */
import type { Sql } from './bench-db.ts';

export interface StockSizes {
  items: number;
  batchesPerItem: number;
  movements: number;
  pharmacyDay: number;
  /** Dispensed prescriptions of past visits (the queue reads one day among them). */
  history: number;
}

export function stockSizes(onPglite: boolean): StockSizes {
  return {
    items: Number(process.env.BENCH_ITEMS ?? (onPglite ? 2_000 : 10_000)),
    batchesPerItem: Number(process.env.BENCH_BATCHES_PER_ITEM ?? 20),
    movements: Number(process.env.BENCH_MOVEMENTS ?? (onPglite ? 500_000 : 5_000_000)),
    pharmacyDay: Number(process.env.BENCH_PHARMACY_DAY ?? 300),
    history: Number(process.env.BENCH_PRESCRIPTION_HISTORY ?? (onPglite ? 20_000 : 200_000)),
  };
}

const CLINIC = 10;
/** Batches held at the pharmacy as well as at the warehouse (the earliest of each item). */
const AT_PHARMACY = 5;
/** The FEFO scenario's item holds this many units per batch (the others 100). */
const PICK_UNITS = 2_000;
const GENERICS = [
  'Amoxicillin',
  'Paracetamol',
  'Ibuprofen',
  'Metformin',
  'Amlodipine',
  'Captopril',
  'Simvastatin',
  'Omeprazole',
  'Cetirizine',
  'Ciprofloxacin',
  'Dexamethasone',
  'Salbutamol',
  'Ranitidine',
  'Loratadine',
  'Furosemide',
  'Glibenclamide',
  'Allopurinol',
  'Diclofenac',
  'Mefenamic Acid',
  'Vitamin B Complex',
];
const literalArray = (items: readonly string[]) => `ARRAY[${items.map((s) => `'${s}'`).join(',')}]`;

/** The rows; `tick` hears the movements made so far. Answers the movement count. */
export async function generateStock(
  client: Sql,
  corpId: number,
  sizes: StockSizes,
  tick: (done: number) => void,
): Promise<number> {
  if (!sizes.items) return 0;
  const {
    rows: [locations],
  } = await client.query<{ warehouse: number; pharmacy: number }>(
    `WITH l AS (
       INSERT INTO stock_locations (uid, corp_id, clinic_id, name, type)
       VALUES (gen_random_uuid()::text, $1, ${CLINIC}, 'Gudang Bench', 'warehouse'),
              (gen_random_uuid()::text, $1, ${CLINIC}, 'Apotek Bench', 'pharmacy')
       RETURNING id, type)
     SELECT (SELECT id FROM l WHERE type = 'warehouse') AS warehouse, (SELECT id FROM l WHERE type = 'pharmacy') AS pharmacy`,
    [corpId],
  );
  // the bench pharmacy is the clinic's dispensing location (the first active one of its type)
  await client.query(
    `UPDATE stock_locations SET active = false WHERE clinic_id = ${CLINIC} AND type = 'pharmacy' AND id <> $1`,
    [locations.pharmacy],
  );
  await client.query(
    `INSERT INTO drugs (uid, corp_id, name, generic_name, form, strength, unit, price, kind, drug_class, base_unit, min_stock)
     SELECT 'bench-item-' || n, $1, g || ' ' || lpad(n::text, 5, '0'), g, 'Tablet', (1 + n % 50) * 10 || ' mg', 'Tablet',
            500 + (n % 40) * 250, CASE WHEN n % 10 = 0 THEN 'consumable' ELSE 'drug' END,
            CASE WHEN n % 97 = 0 THEN 'psychotropic' WHEN n % 3 = 0 THEN 'hard' ELSE 'otc' END, 'Tablet', 50
       FROM generate_series(1, ${sizes.items}) n, LATERAL (SELECT (${literalArray(GENERICS)})[1 + n % ${GENERICS.length}] AS g) x`,
    [corpId],
  );
  await client.query(
    `INSERT INTO item_units (item_id, name, factor)
     SELECT id, 'Box', 100 FROM drugs WHERE uid LIKE 'bench-item-%'`,
  );
  await client.query(
    `INSERT INTO stock_batches (item_id, batch_number, expiry_date)
     SELECT d.id, 'BB' || d.id || '-' || lpad(b::text, 2, '0'),
            (now() AT TIME ZONE 'Asia/Jakarta')::date - 14 + (b - 1) * 45 + d.id % 30
       FROM drugs d, generate_series(1, ${sizes.batchesPerItem}) b WHERE d.uid LIKE 'bench-item-%'`,
  );
  const pickItem = `'bench-item-1'`;
  await client.query(
    `INSERT INTO stock_levels (location_id, batch_id, item_id, quantity)
     SELECT l.id, b.id, b.item_id, CASE WHEN d.uid = ${pickItem} THEN ${PICK_UNITS} ELSE 100 END
       FROM stock_batches b JOIN drugs d ON d.id = b.item_id AND d.uid LIKE 'bench-item-%'
       JOIN stock_locations l ON l.id = $1
             OR (l.id = $2 AND right(b.batch_number, 2)::int <= ${AT_PHARMACY})`,
    [locations.warehouse, locations.pharmacy],
  );
  const {
    rows: [{ levels, first, last }],
  } = await client.query<{ levels: number; first: number; last: number }>(
    `SELECT count(*)::int AS levels, min(id) AS first, max(id) AS last FROM stock_levels
      WHERE location_id IN ($1, $2)`,
    [locations.warehouse, locations.pharmacy],
  );
  await client.query(
    `INSERT INTO item_costs (item_id, clinic_id, average_cost, on_hand)
     SELECT item_id, ${CLINIC}, 1000, sum(quantity) FROM stock_levels WHERE id BETWEEN $1 AND $2 GROUP BY item_id`,
    [first, last],
  );
  // every level: one movement in, then single units out, ending at the level's quantity
  const perLevel = Math.max(1, Math.round(sizes.movements / levels));
  const chunk = Math.max(1, Math.floor(250_000 / perLevel));
  let made = 0;
  for (let from = first; from <= last; from += chunk) {
    const to = Math.min(last, from + chunk - 1);
    await client.query(
      `INSERT INTO stock_movements (uid, corp_id, clinic_id, location_id, item_id, batch_id, kind, quantity,
                                    balance_after, unit_cost, reference_type, reference_uid, created_at)
       SELECT gen_random_uuid()::text, $1, ${CLINIC}, l.location_id, l.item_id, l.batch_id,
              CASE WHEN j > 1 THEN CASE WHEN l.location_id = $2 THEN 'transfer_out' ELSE 'dispense' END
                   WHEN l.location_id = $2 THEN 'receipt' ELSE 'transfer_in' END,
              CASE WHEN j = 1 THEN l.quantity + ${perLevel - 1} ELSE -1 END,
              l.quantity + ${perLevel} - j, 1000, 'bench', 'bench-' || l.id,
              now() - interval '730 days' + j * interval '${Math.floor(700 / perLevel)} days' + (l.id % 1440) * interval '1 minute'
         FROM stock_levels l, generate_series(1, ${perLevel}) j
        WHERE l.id BETWEEN ${from} AND ${to}`,
      [corpId, locations.warehouse],
    );
    made += (to - from + 1) * perLevel;
    tick(made);
  }
  await generatePharmacyDay(client, corpId, sizes.pharmacyDay, sizes.items);
  await generatePrescriptionHistory(client, corpId, sizes.history);
  return made;
}

/** Today's prescriptions at clinic 10: signed notes of doctor visits, three bench items each. */
async function generatePharmacyDay(client: Sql, corpId: number, count: number, items: number) {
  if (!count) return;
  const statuses = "ARRAY['submitted','submitted','in_review','preparing','ready','dispensed']";
  await client.query(
    `CREATE TEMP TABLE pharmacy_day AS
     SELECT n, p.id AS patient_id,
            (SELECT dc.doctor_id FROM doctor_clinics dc WHERE dc.clinic_id = ${CLINIC} ORDER BY dc.doctor_id LIMIT 1) AS doctor_id,
            (${statuses})[1 + n % 6] AS status,
            LEAST((now() AT TIME ZONE 'Asia/Jakarta')::date + time '08:00', (now() AT TIME ZONE 'Asia/Jakarta')::timestamp)
              AT TIME ZONE 'Asia/Jakarta' + n * interval '1 second' AS at
       FROM generate_series(1, ${count}) n
       JOIN LATERAL (SELECT id FROM patients WHERE clinic_id = ${CLINIC} ORDER BY id OFFSET n LIMIT 1) p ON true`,
  );
  await client.query(
    `WITH r AS (
       INSERT INTO registrations (uid, corp_id, clinic_id, patient_id, order_type, doctor_id, status, queue_date,
                                  queue_prefix, queue_seq, queue_number, room, payer_type, arrived_at, called_at,
                                  status_changed_at, created_at, updated_at)
       SELECT 'bench-rx-' || n, $1, ${CLINIC}, patient_id, 'doctor', doctor_id,
              CASE WHEN status = 'dispensed' THEN 'Payment' ELSE 'Prescription Waiting' END,
              (now() AT TIME ZONE 'Asia/Jakarta')::date, 'F', 8000 + n, 'F-' || (8000 + n), 'Poli Umum',
              CASE WHEN n % 4 = 0 THEN 'bpjs' ELSE 'self' END, at, at, at, at, at
         FROM pharmacy_day RETURNING id, uid, patient_id, doctor_id),
     e AS (
       INSERT INTO encounters (uid, corp_id, clinic_id, patient_id, registration_id, doctor_id, status, prescription,
                               signed_at, created_at, updated_at)
       SELECT 'bench-rx-' || d.n, $1, ${CLINIC}, r.patient_id, r.id, r.doctor_id, 'signed', rx.items, d.at, d.at, d.at
         FROM r JOIN pharmacy_day d ON r.uid = 'bench-rx-' || d.n
         JOIN LATERAL (
           SELECT jsonb_agg(jsonb_build_object(
                    'kind', 'drug', 'drugId', i.uid, 'name', i.name, 'dose', '1 tablet', 'frequency', '3x sehari',
                    'route', 'oral', 'durationDays', 5, 'quantity', 15, 'unit', 'Tablet',
                    'instructions', 'sesudah makan', 'ingredients', '[]'::jsonb, 'compoundForm', null)) AS items
             FROM drugs i WHERE i.uid IN ('bench-item-' || (1 + d.n * 7 % ${items}), 'bench-item-' || (1 + (d.n * 13 + 1) % ${items}),
                                          'bench-item-' || (1 + (d.n * 31 + 2) % ${items}))) rx ON true
       RETURNING id, registration_id, patient_id, doctor_id, prescription, created_at)
     INSERT INTO prescriptions (uid, corp_id, clinic_id, patient_id, encounter_id, registration_id, doctor_id, status,
                                items, priority, racikan, created_at, updated_at)
     SELECT gen_random_uuid()::text, $1, ${CLINIC}, e.patient_id, e.id, e.registration_id, e.doctor_id, d.status,
            e.prescription, CASE WHEN d.n % 25 = 0 THEN 'cito' ELSE 'normal' END, false, e.created_at, e.created_at
       FROM e JOIN r ON r.id = e.registration_id JOIN pharmacy_day d ON r.uid = 'bench-rx-' || d.n`,
    [corpId],
  );
  await client.query('DROP TABLE pharmacy_day');
}

/** Signed notes with a dispensed prescription on past paid doctor visits, newest clinics first. */
export async function generatePrescriptionHistory(client: Sql, corpId: number, count: number) {
  if (!count) return;
  const items = `'[{"kind":"drug","drugId":"bench-item-2","name":"Bench","dose":"1 tablet","frequency":"3x sehari","route":"oral","durationDays":5,"quantity":15,"unit":"Tablet","instructions":null,"ingredients":[],"compoundForm":null}]'::jsonb`;
  await client.query(
    `WITH v AS (
       SELECT r.id, r.clinic_id, r.patient_id, r.doctor_id, r.arrived_at FROM registrations r
        WHERE r.order_type = 'doctor' AND r.status = 'Paid' AND r.queue_date < (now() AT TIME ZONE 'Asia/Jakarta')::date
          AND NOT EXISTS (SELECT 1 FROM encounters e WHERE e.registration_id = r.id)
        ORDER BY r.id DESC LIMIT ${count}),
     e AS (
       INSERT INTO encounters (uid, corp_id, clinic_id, patient_id, registration_id, doctor_id, status, prescription,
                               signed_at, created_at, updated_at)
       SELECT gen_random_uuid()::text, $1, v.clinic_id, v.patient_id, v.id, v.doctor_id, 'signed', ${items},
              v.arrived_at + interval '20 minutes', v.arrived_at, v.arrived_at
         FROM v RETURNING id, clinic_id, patient_id, registration_id, doctor_id, created_at)
     INSERT INTO prescriptions (uid, corp_id, clinic_id, patient_id, encounter_id, registration_id, doctor_id, status,
                                items, created_at, updated_at, dispensed_at)
     SELECT gen_random_uuid()::text, $1, e.clinic_id, e.patient_id, e.id, e.registration_id, e.doctor_id, 'dispensed',
            ${items}, e.created_at + interval '20 minutes', e.created_at + interval '40 minutes', e.created_at + interval '40 minutes'
       FROM e`,
    [corpId],
  );
}

export interface StockSample {
  warehouseUid: string;
  pharmacyUid: string;
  /** The FEFO scenario's item (2,000 units a batch at the warehouse). */
  pickItemUid: string;
  /** An item in the middle of the range: its stock card at the warehouse. */
  cardItemUid: string;
  movements: number;
  prescriptionUid: string | null;
}

/** What the stock scenarios read, or null for data made before the stock bench. */
export async function stockSample(client: Sql): Promise<StockSample | null> {
  const { rows } = await client.query<StockSample>(
    `SELECT (SELECT uid FROM stock_locations WHERE name = 'Gudang Bench') AS "warehouseUid",
            (SELECT uid FROM stock_locations WHERE name = 'Apotek Bench') AS "pharmacyUid",
            'bench-item-1' AS "pickItemUid",
            'bench-item-' || (SELECT count(*) / 2 FROM drugs WHERE uid LIKE 'bench-item-%') AS "cardItemUid",
            (SELECT reltuples::bigint FROM pg_class WHERE relname = 'stock_movements') AS movements,
            (SELECT p.uid FROM prescriptions p JOIN registrations r ON r.id = p.registration_id
              WHERE r.uid LIKE 'bench-rx-%' AND p.status = 'submitted' ORDER BY p.id LIMIT 1) AS "prescriptionUid"`,
  );
  return rows[0]?.warehouseUid ? { ...rows[0], movements: Number(rows[0].movements) } : null;
}
