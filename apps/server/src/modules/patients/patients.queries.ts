import { MRN_PATTERN } from '@klinikita/domain/patients/patient.schema';
import { and, asc, count, eq, getTableColumns, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { clinics, mrnCounters, partnerCompanies, patients, registrations } from '../../db/schema/index.ts';
import { type Executor, escapeLike } from '../../shared/sql.ts';
import type { PatientRow } from './patients.mapper.ts';

const patientColumns = { ...getTableColumns(patients), clinicName: clinics.name };

const patientSelect = (db: Executor) =>
  db.select(patientColumns).from(patients).leftJoin(clinics, eq(clinics.id, patients.clinicId));

const alive = isNull(patients.deletedAt);

/** A living patient by uid, of any corporate (the service refuses others). */
export async function findPatient(db: Executor, uid: string): Promise<PatientRow | null> {
  const [row] = await patientSelect(db).where(and(eq(patients.uid, uid), alive));
  return row ?? null;
}

/** The living patient holding this NIK in the corporate, other than `exceptId`. */
export async function findByNik(db: Executor, corpId: number, nik: string, exceptId?: number) {
  const [row] = await patientSelect(db).where(
    and(
      eq(patients.corpId, corpId),
      eq(patients.nik, nik),
      alive,
      exceptId ? ne(patients.id, exceptId) : undefined,
    ),
  );
  return row ?? null;
}

/** Living patients of the corporate with the same name (any case, spacing) and birth date. */
export async function findLikelyDuplicates(
  db: Executor,
  corpId: number,
  name: string,
  dob: string,
  exceptId?: number,
) {
  return patientSelect(db)
    .where(
      and(
        eq(patients.corpId, corpId),
        eq(patients.dob, dob),
        sql`lower(${patients.name}) = lower(${name})`,
        alive,
        exceptId ? ne(patients.id, exceptId) : undefined,
      ),
    )
    .orderBy(asc(patients.id))
    .limit(10);
}

/**
 * What a search text means: 16 digits an exact NIK, a record number exactly that MRN, other
 * digits a phone fragment, anything else a name fragment. Each hits an index (btree for NIK and
 * MRN, trigram GIN on lower(name) and phone).
 */
function searchCondition(text: string): SQL {
  const compact = text.replace(/[\s-]/g, '');
  if (/^\d{16}$/.test(compact)) return eq(patients.nik, compact);
  if (MRN_PATTERN.test(text)) {
    // the clinic is part of the number: the (clinic_id, mrn) index finds it
    const mrn = text.toUpperCase();
    return and(eq(patients.clinicId, Number(mrn.split('-')[1])), eq(patients.mrn, mrn)) as SQL;
  }
  if (/^\+?\d{3,15}$/.test(compact)) {
    // +62 812… and 62812… are how people read out a number stored as 0812…
    const digits = compact.replace(/^\+62|^62(?=\d{8,})/, '0');
    return sql`${patients.phone} LIKE ${`%${escapeLike(digits)}%`}`;
  }
  return sql`lower(${patients.name}) LIKE ${`%${escapeLike(text.toLowerCase())}%`}`;
}

/**
 * Who may change a patient of the shared master (patients.service.ts says why): everyone of the
 * corporate (`all`), or the given clinics (registered there or a visit there) and the registering user.
 */
export type ChangeScope = { all: true } | { all: false; clinicIds: number[]; userId: number };

function mayChangeCondition(scope: ChangeScope): SQL {
  if (scope.all) return sql`true`;
  const byUser = eq(patients.createdBy, scope.userId);
  if (!scope.clinicIds.length) return byUser;
  return or(
    byUser,
    inArray(patients.clinicId, scope.clinicIds),
    sql`EXISTS (SELECT 1 FROM ${registrations} WHERE ${registrations.patientId} = ${patients.id}
      AND ${inArray(registrations.clinicId, scope.clinicIds)})`,
  ) as SQL;
}

/** Whether the scope may change this patient (one indexed probe of the patient's visits). */
export async function patientInChangeScope(db: Executor, patientId: number, scope: ChangeScope) {
  const [row] = await db
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.id, patientId), mayChangeCondition(scope)));
  return Boolean(row);
}

/** A list row: the patient and whether the caller may change them. */
const pageColumns = (scope?: ChangeScope) => ({
  ...patientColumns,
  // no known creator (seeded, imported) makes the comparison NULL: read as "may not"
  mayChange: sql<boolean>`coalesce(${scope ? mayChangeCondition(scope) : sql`false`}, false)`,
});

export async function pagePatients(
  db: Executor,
  corpId: number,
  q: { search?: string; page: number; limit: number; clinicId?: number },
  /** Who asks, for each row's `mayChange` (none given: false, as in the bench's bare query). */
  scope?: ChangeScope,
) {
  const where = and(
    eq(patients.corpId, corpId),
    alive,
    q.clinicId !== undefined ? eq(patients.clinicId, q.clinicId) : undefined,
    q.search ? searchCondition(q.search) : undefined,
  );
  const rowColumns = pageColumns(scope);
  if (q.search) return searchPage(db, where, q, rowColumns);
  const [{ total }] = await db.select({ total: count() }).from(patients).where(where);
  const rows = await db
    .select(rowColumns)
    .from(patients)
    .leftJoin(clinics, eq(clinics.id, patients.clinicId))
    .where(where)
    .orderBy(asc(sql`lower(${patients.name})`), asc(patients.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return { rows, total };
}

/**
 * A search's page and count from one pass over its matches (the search-as-you-type of the front
 * office asks on every key): the matching ids are found once (by the index of the search, or one
 * scan for a two-letter fragment no index can serve), counted, and only the page's rows are read
 * and checked for `mayChange`. Walking the name index in order instead reads the whole index when
 * the matches sit late in the alphabet ("wahyu").
 */
async function searchPage(
  db: Executor,
  where: SQL | undefined,
  q: { page: number; limit: number },
  columns: ReturnType<typeof pageColumns>,
) {
  const matches = db.$with('matches').as(
    db
      .select({ id: patients.id, sortName: sql<string>`lower(${patients.name})`.as('sort_name') })
      .from(patients)
      .where(where),
  );
  const pageIds = db.$with('page_ids').as(
    db
      .select()
      .from(matches)
      .orderBy(asc(matches.sortName), asc(matches.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
  );
  const found = await db
    .with(matches, pageIds)
    .select({ row: columns, total: sql<number>`(SELECT count(*) FROM ${matches})`.mapWith(Number) })
    .from(pageIds)
    .innerJoin(patients, eq(patients.id, pageIds.id))
    .leftJoin(clinics, eq(clinics.id, patients.clinicId))
    .orderBy(asc(pageIds.sortName), asc(pageIds.id));
  if (found.length) return { rows: found.map((f) => f.row), total: found[0].total };
  // no match at all, or a page past the last: then the count alone
  if (q.page === 1) return { rows: [], total: 0 };
  const [{ total }] = await db.select({ total: count() }).from(patients).where(where);
  return { rows: [], total };
}

/**
 * The clinic's next record-number value: one atomic upsert whose row lock holds until the
 * transaction ends, so concurrent creates queue on it and a rolled-back create leaves no gap.
 */
export async function nextMrnValue(tx: Executor, clinicId: number): Promise<number> {
  const [row] = await tx
    .insert(mrnCounters)
    .values({ clinicId, lastValue: 1 })
    .onConflictDoUpdate({
      target: mrnCounters.clinicId,
      set: { lastValue: sql`${mrnCounters.lastValue} + 1` },
    })
    .returning({ value: mrnCounters.lastValue });
  return row.value;
}

/** Takes `n` record numbers of the clinic at once (an import): the first of them. */
export async function takeMrnValues(tx: Executor, clinicId: number, n: number): Promise<number> {
  const [row] = await tx
    .insert(mrnCounters)
    .values({ clinicId, lastValue: n })
    .onConflictDoUpdate({
      target: mrnCounters.clinicId,
      set: { lastValue: sql`${mrnCounters.lastValue} + ${n}` },
    })
    .returning({ value: mrnCounters.lastValue });
  return row.value - n + 1;
}

/** Many patients in a few statements (an import); their ids by NIK. */
export async function insertPatients(db: Executor, rows: (typeof patients.$inferInsert)[]) {
  const out: { id: number; uid: string; clinicId: number; nik: string | null }[] = [];
  for (let i = 0; i < rows.length; i += 500)
    out.push(
      ...(await db
        .insert(patients)
        .values(rows.slice(i, i + 500))
        .returning({ id: patients.id, uid: patients.uid, clinicId: patients.clinicId, nik: patients.nik })),
    );
  return out;
}

/** Whether the corporate has this partner company, still active. */
export async function activeCompanyExists(db: Executor, corpId: number, companyId: number) {
  const [company] = await db
    .select({ id: partnerCompanies.id })
    .from(partnerCompanies)
    .where(
      and(
        eq(partnerCompanies.id, companyId),
        eq(partnerCompanies.corpId, corpId),
        eq(partnerCompanies.active, true),
      ),
    );
  return Boolean(company);
}

export async function insertPatient(db: Executor, values: typeof patients.$inferInsert) {
  const [row] = await db
    .insert(patients)
    .values(values)
    .returning({ id: patients.id, uid: patients.uid, clinicId: patients.clinicId });
  return row;
}

/** Sets the fields given (undefined leaves a field as it is). */
export async function updatePatient(db: Executor, id: number, set: Partial<typeof patients.$inferInsert>) {
  await db.update(patients).set(set).where(eq(patients.id, id));
}

export function listActiveCompanies(db: Executor, corpId: number) {
  return db
    .select({ id: partnerCompanies.id, name: partnerCompanies.name, code: partnerCompanies.code })
    .from(partnerCompanies)
    .where(and(eq(partnerCompanies.corpId, corpId), eq(partnerCompanies.active, true)))
    .orderBy(asc(partnerCompanies.name));
}
