/**
 * The long-standing patient of the record scenario (issue 14 item 4): one patient with a signed
 * doctor visit (registration + signed note with a primary diagnosis) on `visits` past days spread
 * over three years, at `clinicId`, seen by a doctor of that clinic (one with a login first). Made
 * once: the patient is found by its fixed uid, and only missing visits are added. Plain SQL, one
 * statement per call, for PostgreSQL and PGlite alike.
 */

export const LONG_PATIENT_UID = 'bench-long-patient';
/** Its queue numbers (H-9001, …): a prefix no clinic's day uses, so they never meet a real one. */
const PREFIX = 'H';
const SEQ_BASE = 9000;
const SPAN_DAYS = 3 * 365;

// biome-ignore lint/suspicious/noExplicitAny: rows as pg and PGlite give them (the signature bench/web.ts calls)
type Query = (text: string, params?: unknown[]) => Promise<{ rows: any[] }>;

const DIAGNOSES: [code: string, title: string][] = [
  ['I10', 'Hipertensi esensial (primer)'],
  ['E11.9', 'Diabetes melitus tipe 2 tanpa komplikasi'],
  ['J06.9', 'Infeksi saluran pernapasan atas akut'],
  ['K30', 'Dispepsia fungsional'],
  ['M54.5', 'Nyeri punggung bawah'],
  ['R51', 'Sakit kepala'],
];
const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;

export async function ensureLongPatient(
  query: Query,
  options: { clinicId: number; visits: number },
): Promise<{ patientUid: string; patientId: number }> {
  const { clinicId, visits } = options;
  const nik = '3174055403560001';
  await query(
    `INSERT INTO patients (uid, corp_id, clinic_id, mrn, nik, nationality, title, name, sex, dob, phone, address,
                           payer_type, allergies, created_at, updated_at)
     SELECT $1, c.corp_id, c.id, 'RM-' || c.id || '-999999',
            CASE WHEN EXISTS (SELECT 1 FROM patients p WHERE p.corp_id = c.corp_id AND p.nik = $2) THEN NULL ELSE $2 END,
            'WNI', 'Ny', 'Sri Wahyuni Hartono', 'F', date '1956-03-14', '081298765432',
            'Jl. Cempaka Putih Tengah No. 17', 'self', 'Sulfonamid (ruam kulit)', now(), now()
       FROM clinics c WHERE c.id = $3
     ON CONFLICT (uid) DO NOTHING`,
    [LONG_PATIENT_UID, nik, clinicId],
  );
  const {
    rows: [patient],
  } = await query(
    `SELECT p.id, (SELECT count(*)::int FROM encounters e WHERE e.patient_id = p.id) AS visits
       FROM patients p WHERE p.uid = $1`,
    [LONG_PATIENT_UID],
  );
  if (!patient) throw new Error(`clinic ${clinicId} not found: no long-standing patient made`);
  const have = Number(patient.visits);
  if (have < visits) {
    const diagnoses = `ARRAY[${DIAGNOSES.map(([code, title]) => `jsonb_build_array(jsonb_build_object('code', ${literal(code)}, 'title', ${literal(title)}, 'primary', true))`).join(', ')}]`;
    // visit n (1 = the newest, yesterday) falls n × span / visits days back, at a morning or afternoon hour
    await query(
      `WITH doctor AS (
         SELECT dc.doctor_id, u.id AS user_id FROM doctor_clinics dc
           LEFT JOIN users u ON u.doctor_id = dc.doctor_id
          WHERE dc.clinic_id = $1 ORDER BY u.id IS NULL, dc.doctor_id LIMIT 1
       ), v AS (
         SELECT n, day, (day + time '08:00' + ((n * 37) % 480) * interval '1 minute') AT TIME ZONE c.time_zone AS at
           FROM clinics c,
                LATERAL (SELECT n, (now() AT TIME ZONE c.time_zone)::date - (1 + ((n - 1) * ${SPAN_DAYS}) / $3::int) AS day
                           FROM generate_series($2::int, $3::int) n) s
          WHERE c.id = $1
       ), r AS (
         INSERT INTO registrations (uid, corp_id, clinic_id, patient_id, order_type, doctor_id, status, queue_date,
                                    queue_prefix, queue_seq, queue_number, room, payer_type, complaint,
                                    arrived_at, called_at, status_changed_at, created_at, updated_at)
         SELECT gen_random_uuid()::text, p.corp_id, $1, p.id, 'doctor', (SELECT doctor_id FROM doctor), 'Paid', v.day,
                '${PREFIX}', ${SEQ_BASE} + v.n, '${PREFIX}-' || (${SEQ_BASE} + v.n), 'Poli Umum', 'self', 'Kontrol rutin',
                v.at, v.at + interval '10 minutes', v.at + interval '40 minutes', v.at, v.at
           FROM v, patients p WHERE p.id = $4
         RETURNING id, corp_id, patient_id, doctor_id, queue_seq - ${SEQ_BASE} AS n, arrived_at
       )
       INSERT INTO encounters (uid, corp_id, clinic_id, patient_id, registration_id, doctor_id, status,
                               systolic, diastolic, pulse, respiratory_rate, temperature, spo2, weight, height,
                               subjective, objective, assessment, plan, diagnoses, version,
                               created_by, created_at, updated_at, signed_at, signed_by)
       SELECT gen_random_uuid()::text, r.corp_id, $1, r.patient_id, r.id, r.doctor_id, 'signed',
              125 + (r.n * 7) % 40, 80 + (r.n * 3) % 15, 70 + (r.n * 5) % 25, 18, 36.5 + ((r.n % 8) / 10.0),
              97 + r.n % 3, 60 + (r.n % 9), 156,
              'Kontrol rutin ke-' || r.n || ', keluhan pusing ringan', 'Keadaan umum baik, kesadaran compos mentis',
              'Kondisi stabil', 'Lanjutkan terapi, kontrol 1 bulan lagi',
              (${diagnoses})[1 + r.n % ${DIAGNOSES.length}], 2,
              (SELECT user_id FROM doctor), r.arrived_at + interval '10 minutes', r.arrived_at + interval '30 minutes',
              r.arrived_at + interval '30 minutes', (SELECT user_id FROM doctor)
         FROM r`,
      [clinicId, have + 1, visits, patient.id],
    );
  }
  return { patientUid: LONG_PATIENT_UID, patientId: Number(patient.id) };
}
