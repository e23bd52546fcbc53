import { sql } from 'drizzle-orm';
import type { Executor } from '../shared/sql.ts';

/**
 * Test and bench data: `count` copies of one paid bill (its visit, lines, payment and parts), each
 * with its own visit, numbers and receipt, spread over `days` service days ending `lastDay` and
 * over the given clinics. Copies are made by the database (jsonb_populate_record over the
 * original rows), so thousands of bills take a second, not an API call each.
 */
export async function cloneBills(
  db: Executor,
  opts: { billId: number; count: number; clinics: number[]; lastDay: string; days: number; tag: string },
) {
  const clinics = sql`ARRAY[${sql.join(
    opts.clinics.map((c) => sql`${c}::int`),
    sql`, `,
  )}]`;
  await db.execute(
    sql`CREATE TEMP TABLE IF NOT EXISTS clone_map (g int, reg_id int, bill_id int, pay_id int)`,
  );
  await db.execute(sql`TRUNCATE clone_map`);
  await db.execute(sql`
    INSERT INTO clone_map (g, reg_id, bill_id, pay_id)
    SELECT g, nextval(pg_get_serial_sequence('registrations', 'id')), nextval(pg_get_serial_sequence('bills', 'id')),
      nextval(pg_get_serial_sequence('payments', 'id'))
    FROM generate_series(1, ${opts.count}) g
  `);
  const day = sql`(${opts.lastDay}::date - (m.g % ${opts.days}))`;
  const clinic = sql`(${clinics})[1 + m.g % ${opts.clinics.length}]`;
  await db.execute(sql`
    INSERT INTO registrations
    SELECT (jsonb_populate_record(r, jsonb_build_object('id', m.reg_id, 'uid', ${opts.tag} || '-r-' || m.g,
      'clinic_id', ${clinic}, 'queue_date', ${day}, 'queue_prefix', 'Z', 'queue_seq', 100000 + m.g,
      'service_order_uid', NULL))).*
    FROM registrations r, clone_map m
    WHERE r.id = (SELECT registration_id FROM bills WHERE id = ${opts.billId})
  `);
  await db.execute(sql`
    INSERT INTO bills
    SELECT (jsonb_populate_record(b, jsonb_build_object('id', m.bill_id, 'uid', ${opts.tag} || '-b-' || m.g,
      'registration_id', m.reg_id, 'clinic_id', ${clinic}, 'service_day', ${day},
      'number', 'INV/' || ${opts.tag} || '/' || m.g,
      'posted_at', (${day})::timestamp + interval '9 hours' + (m.g % 480) * interval '1 minute'))).*
    FROM bills b, clone_map m WHERE b.id = ${opts.billId}
  `);
  await db.execute(sql`
    INSERT INTO bill_lines
    SELECT (jsonb_populate_record(l, jsonb_build_object('id', nextval(pg_get_serial_sequence('bill_lines', 'id')),
      'bill_id', m.bill_id))).*
    FROM bill_lines l, clone_map m WHERE l.bill_id = ${opts.billId}
  `);
  await db.execute(sql`
    INSERT INTO payments
    SELECT (jsonb_populate_record(p, jsonb_build_object('id', m.pay_id, 'uid', ${opts.tag} || '-p-' || m.g,
      'bill_id', m.bill_id, 'clinic_id', ${clinic}, 'idempotency_key', ${opts.tag} || '-k-' || m.g,
      'receipt_number', 'KW/' || ${opts.tag} || '/' || m.g,
      'created_at', (${day})::timestamp + interval '10 hours'))).*
    FROM payments p, clone_map m WHERE p.bill_id = ${opts.billId} AND p.reverses_payment_id IS NULL
  `);
  await db.execute(sql`
    INSERT INTO payment_parts
    SELECT (jsonb_populate_record(pp, jsonb_build_object('id', nextval(pg_get_serial_sequence('payment_parts', 'id')),
      'payment_id', m.pay_id))).*
    FROM payment_parts pp JOIN payments p ON p.id = pp.payment_id, clone_map m
    WHERE p.bill_id = ${opts.billId} AND p.reverses_payment_id IS NULL
  `);
  for (const table of ['bills', 'bill_lines', 'payments', 'payment_parts', 'registrations'])
    await db.execute(sql.raw(`ANALYZE ${table}`));
}
