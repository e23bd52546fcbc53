/**
 * The tariff at bench scale: BENCH_SERVICES services (default 2,000; 200 on PGlite) priced for 3
 * payer classes, corporate-wide and at each of the chain's clinics, with a price change on
 * 1 January of each of the last three years (the current year's price open-ended) — 450 price
 * rows per service at 50 clinics, 900,000 in all. The scenario asks the price of one service for
 * a company patient at a branch today: the lookup every bill line makes.
 */
import type { Sql } from './bench-db.ts';

const onPglite = !(process.env.DATABASE_URL || process.env.BENCH_DATABASE_URL);
export const BENCH_SERVICES = Number(process.env.BENCH_SERVICES ?? (onPglite ? 200 : 2_000));
/** Services per insert of their prices (a batch of about 90,000 price rows at 50 clinics). */
const SERVICE_BATCH = 200;
const GROUPS = "ARRAY['consultation','procedure','lab','radiology','physio']";

/** Inserts the bench services and their price periods (clinics 10 … 10 + clinics − 1). */
export async function generateServicePrices(
  client: Sql,
  corpId: number,
  clinics: number,
  tick: (done: number) => void,
): Promise<void> {
  await client.query(
    `INSERT INTO services (uid, corp_id, code, name_id, name_en, service_group, unit, tax_category)
     SELECT 'bench-service-' || n, $1, 'BENCH-' || lpad(n::text, 5, '0'), 'Layanan Bench ' || n,
            'Bench service ' || n, (${GROUPS})[1 + n % 5], 'tindakan', 'exempt'
       FROM generate_series(1, ${BENCH_SERVICES}) n`,
    [corpId],
  );
  for (let start = 1; start <= BENCH_SERVICES; start += SERVICE_BATCH) {
    const end = Math.min(BENCH_SERVICES, start + SERVICE_BATCH - 1);
    // three years: the year before last and last year ended on 31 December, this year open
    await client.query(
      `INSERT INTO service_prices (uid, service_id, clinic_id, payer_class, valid_from, valid_to,
                                   facility_fee, professional_fee, consumables_fee)
       SELECT gen_random_uuid()::text, s.id, c.clinic_id, k.payer_class,
              make_date(y.year, 1, 1), CASE WHEN y.back = 0 THEN NULL ELSE make_date(y.year, 12, 31) END,
              (20 + s.id % 80) * 1000 * k.factor / 100 - y.back * 2000, 50000 * k.factor / 100, 5000
         FROM services s
         CROSS JOIN (SELECT NULL::int AS clinic_id UNION ALL
                     SELECT generate_series(10, ${10 + clinics - 1})) c
         CROSS JOIN (VALUES ('general', 100), ('company', 90), ('insurer', 110)) k(payer_class, factor)
         CROSS JOIN (SELECT back, extract(year FROM now())::int - back AS year FROM generate_series(0, 2) back) y
        WHERE s.corp_id = $1 AND s.uid BETWEEN 'bench-service-' AND 'bench-service-~'
          AND substring(s.code FROM 7)::int BETWEEN ${start} AND ${end}`,
      [corpId],
    );
    tick(end);
  }
}

/** A bench service for the lookup scenario (null when the bench data predates the tariffs). */
export async function priceSample(sql: Sql): Promise<{ id: number; uid: string } | null> {
  const { rows } = await sql.query<{ id: number; uid: string }>(
    `SELECT id, uid FROM services WHERE uid LIKE 'bench-service-%' ORDER BY id
     OFFSET (SELECT count(*) / 2 FROM services WHERE uid LIKE 'bench-service-%') LIMIT 1`,
  );
  return rows[0] ?? null;
}
