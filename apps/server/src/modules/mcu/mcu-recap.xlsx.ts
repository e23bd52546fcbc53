import type { Writable } from 'node:stream';
import {
  EXPORT_COLUMN_WIDTH,
  EXPORT_HEADER_FILL,
  mcuSheetName,
  RECAP_IDENTITY_HEADINGS,
  type RecapColumn,
  recapHeading,
} from '@klinikita/domain/mcu/mcu-export';
import {
  bmiClass,
  bmiOf,
  fevRatio,
  hearingDegree,
  type McuStation,
  pureToneAverage,
  STATION_FIELDS,
  spirometryPattern,
} from '@klinikita/domain/mcu/mcu-stations';
import ExcelJS from 'exceljs';
import type { McuExposure } from '../../db/schema/mcu.ts';
import { fieldValue, sexLabel } from './mcu-report.pdf.ts';
import { st, tr } from './mcu-report-draw.ts';

/**
 * The company recap as a streamed workbook (issue 20 §6, spec export rules): sheet "Rekap" one row
 * per participant with the identity and the columns of the event's packages' stations (headings
 * from the export dictionary), sheet "Statistik" with the counts per category, the top findings
 * and the departments. ExcelJS's WorkbookWriter commits each row as it goes and waits for the
 * response to drain, so 5,000 participants stay in bounded memory.
 */

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface RecapParticipant {
  mcuNumber: string;
  employeeNumber: string;
  nik: string;
  name: string;
  sex: 'M' | 'F';
  birthDate: string;
  department: string | null;
  job: string | null;
  status: string;
  exposures: McuExposure[];
  packageName: string;
  examDay: string | null;
  stations: Record<string, { data: Record<string, unknown>; findings: string[] }>;
  conclusion: {
    category: string;
    label: string;
    fit: boolean | null;
    status: string;
    findings: string[];
    conclusion: string | null;
    advice: string | null;
    restrictions: string | null;
  } | null;
}

export interface RecapExport {
  columns: RecapColumn[];
  total: number;
  batches: AsyncIterable<RecapParticipant[]>;
}

const num = (n: number) => String(n).replace('.', ',');
const exam = (p: RecapParticipant, station: McuStation, key: string) => {
  const r = p.stations[station];
  const f = STATION_FIELDS[station].find((x) => x.key === key);
  return r && f ? fieldValue(f, r.data) : '';
};
const join = (parts: (string | null | undefined | false)[], sep = '; ') => parts.filter(Boolean).join(sep);

/** A station column's cell for one participant. */
function cell(p: RecapParticipant, c: RecapColumn): string | number | null {
  const d = (s: McuStation) => p.stations[s]?.data;
  if (c.kind === 'dictionary') {
    switch (c.field) {
      case 'vitals': {
        const v = d('vitals');
        if (!v) return '';
        return join(
          [
            v.systolic != null && `TD ${v.systolic}/${v.diastolic ?? '-'}`,
            v.pulse != null && `N ${v.pulse}`,
            v.respiratoryRate != null && `RR ${v.respiratoryRate}`,
            typeof v.temperature === 'number' && `S ${num(v.temperature)}`,
          ],
          ', ',
        );
      }
      case 'complaints':
        return String(d('anamnesis')?.complaint ?? '');
      case 'history': {
        const a = d('anamnesis');
        return a ? join([a.pastIllness as string, a.familyHistory as string, a.allergy as string]) : '';
      }
      case 'hazards':
        return p.exposures.map((e) => `${st(`group.${e.group}`)}: ${e.agent}`).join('; ');
      case 'eye':
        return exam(p, 'eye', 'eyeExternal');
      case 'ear':
      case 'nose':
      case 'mouth':
      case 'neck':
      case 'respiratory':
      case 'cardiovascular':
      case 'digestive':
      case 'genitourinary':
      case 'limbs':
        return exam(p, 'physical', c.field);
      case 'result':
        return p.conclusion?.label ?? '';
      case 'suggestion':
        return p.conclusion?.advice ?? '';
      case 'finalExamFinally':
        return p.conclusion?.conclusion ?? '';
    }
  }
  switch (c.field) {
    case 'bloodPressure': {
      const v = d('vitals');
      return v?.systolic != null ? `${v.systolic}/${v.diastolic ?? '-'}` : '';
    }
    case 'bmi': {
      const v = d('vitals');
      const bmi = v ? bmiOf(v.height, v.weight) : null;
      return bmi === null ? '' : `${num(bmi)} (${st(`bmi.${bmiClass(bmi)}`)})`;
    }
    case 'visus':
      return p.stations.eye ? `${exam(p, 'eye', 'visusRight')} / ${exam(p, 'eye', 'visusLeft')}` : '';
    case 'colourVision':
      return exam(p, 'eye', 'colourVision');
    case 'dental':
      return p.stations.dental
        ? join(
            [
              `${st('field.caries')} ${exam(p, 'dental', 'caries')}`,
              `${st('field.missing')} ${exam(p, 'dental', 'missing')}`,
              `${st('field.calculus')} ${exam(p, 'dental', 'calculus')}`,
            ],
            ', ',
          )
        : '';
    case 'audiometry': {
      const v = d('audiometry');
      if (!v) return '';
      const [r, l] = [pureToneAverage(v, 'right'), pureToneAverage(v, 'left')];
      if (r === null || l === null) return join(p.stations.audiometry.findings);
      return `OD ${num(r)} dB (${st(`hearing.${hearingDegree(r)}`)}), OS ${num(l)} dB (${st(`hearing.${hearingDegree(l)}`)})`;
    }
    case 'spirometry': {
      const v = d('spirometry');
      if (!v) return '';
      const ratio = fevRatio(v);
      const pattern = spirometryPattern(v);
      return join(
        [ratio !== null && `FEV1/FVC ${num(ratio)}%`, pattern && st(`spirometryPattern.${pattern}`)],
        ', ',
      );
    }
    case 'ecg':
      return p.stations.ecg
        ? join([exam(p, 'ecg', 'rhythm'), exam(p, 'ecg', 'heartRate'), exam(p, 'ecg', 'axis')], ', ')
        : '';
    case 'xray':
      return p.stations.xray ? String(p.stations.xray.data.impression ?? '') : '';
    case 'lab':
      return p.stations.lab ? join(p.stations.lab.findings) : '';
    case 'findings':
      return join(
        p.conclusion?.findings.length
          ? p.conclusion.findings
          : Object.values(p.stations).flatMap((s) => s.findings),
      );
    case 'restrictions':
      return p.conclusion?.restrictions ?? '';
  }
  return '';
}

function styledRow(sheet: ExcelJS.Worksheet, values: (string | number | null)[], head = false) {
  const row = sheet.addRow(values);
  if (head)
    row.eachCell((c) => {
      c.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: EXPORT_HEADER_FILL } };
      c.font = { bold: true };
    });
  row.commit();
}

async function drained(out: Writable): Promise<void> {
  if (out.writableNeedDrain && !out.destroyed)
    await new Promise<void>((resolve) => {
      const done = () => {
        out.off('drain', done);
        out.off('close', done);
        resolve();
      };
      out.on('drain', done);
      out.on('close', done);
    });
  if (out.destroyed) throw new Error('the MCU recap export was cut off: the download stopped');
}

const ageAt = (birth: string, day: string) => {
  const [by, bm, bd] = birth.split('-').map(Number);
  const [y, m, d] = day.split('-').map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
};

/** Writes the workbook to `out` and ends it; `today` is the clinic's day (ages without an exam day). */
export async function writeRecapXlsx(out: Writable, recap: RecapExport, today: string): Promise<void> {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  book.creator = 'Klinikita';
  const identity = Object.values(RECAP_IDENTITY_HEADINGS);
  const headings = [...identity, ...recap.columns.map(recapHeading)];
  const sheet = book.addWorksheet(mcuSheetName('Rekap'), {
    views: [{ state: 'frozen', ySplit: 1, xSplit: 5 }],
  });
  sheet.columns = headings.map(() => ({ width: EXPORT_COLUMN_WIDTH }));
  styledRow(sheet, headings, true);

  const perCategory = new Map<string, { count: number; fit: boolean | null }>();
  const findings = new Map<string, number>();
  const departments = new Map<string, { total: number; approved: number; fit: number }>();
  let n = 0;
  for await (const batch of recap.batches) {
    for (const p of batch) {
      n += 1;
      const label = p.conclusion?.label ?? tr('recap.noCategory');
      const cat = perCategory.get(label) ?? { count: 0, fit: p.conclusion?.fit ?? null };
      cat.count += 1;
      perCategory.set(label, cat);
      for (const f of p.conclusion?.findings ?? []) findings.set(f, (findings.get(f) ?? 0) + 1);
      const dept = p.department || tr('recap.noDepartment');
      const dc = departments.get(dept) ?? { total: 0, approved: 0, fit: 0 };
      dc.total += 1;
      if (p.conclusion?.status === 'approved') dc.approved += 1;
      if (p.conclusion?.status === 'approved' && p.conclusion.fit) dc.fit += 1;
      departments.set(dept, dc);
      styledRow(sheet, [
        n,
        p.mcuNumber,
        p.employeeNumber,
        p.nik,
        p.name,
        sexLabel(p.sex),
        ageAt(p.birthDate, p.examDay ?? today),
        p.department ?? '',
        p.job ?? '',
        p.packageName,
        p.examDay ?? '',
        tr(`screen.statuses.${p.status}`),
        ...recap.columns.map((c) => cell(p, c)),
      ]);
    }
    await drained(out);
  }
  sheet.commit();

  const stats = book.addWorksheet(mcuSheetName(tr('recap.statistics')));
  stats.columns = [0, 1, 2, 3].map(() => ({ width: EXPORT_COLUMN_WIDTH }));
  styledRow(stats, [tr('recap.category'), tr('recap.count')], true);
  for (const [label, c] of perCategory) styledRow(stats, [label, c.count]);
  styledRow(stats, [tr('recap.total'), n]);
  styledRow(stats, []);
  styledRow(stats, [tr('recap.finding'), tr('recap.count')], true);
  for (const [f, c] of [...findings].sort((a, b) => b[1] - a[1]).slice(0, 20)) styledRow(stats, [f, c]);
  styledRow(stats, []);
  styledRow(
    stats,
    [tr('recap.department'), tr('recap.participants'), tr('recap.approved'), tr('recap.fit')],
    true,
  );
  for (const [d, c] of [...departments].sort((a, b) => a[0].localeCompare(b[0])))
    styledRow(stats, [d, c.total, c.approved, c.fit]);
  stats.commit();
  await book.commit();
}
