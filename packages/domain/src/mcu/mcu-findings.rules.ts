import {
  bmiClass,
  bmiOf,
  type Finding,
  fevRatio,
  HAZARD_GROUPS,
  type HazardGroup,
  hearingDegree,
  type McuField,
  type McuStation,
  pureToneAverage,
  STATION_FIELDS,
  spirometryPattern,
} from './mcu-stations.ts';

/**
 * What a station's values say (issue 20 §3): the findings of an examination — a choice other than
 * its normal, a body system found abnormal with its note, a number outside its normal range, a
 * text where any text is a finding — and the derived ones (BMI class, hypertension, hearing loss
 * per ear, the spirometry pattern). A station without findings is normal. Pure: the server stores
 * the findings as Indonesian text (the record's language), the screen shows them as it types.
 */

/** A finding with the i18n keys its parameters name (`refs`: parameter → key translated first). */
export interface McuFinding extends Finding {
  refs: Record<string, string>;
}

/** An option code that has a label (`6/7.5` is shown as it is). */
export const optionHasLabel = (option: string) => /^[A-Za-z]+$/.test(option);

/** The i18n key of a field's label (the audiogram's `right4000` is one key with a parameter). */
export const fieldLabelKey = (key: string) => `mcuStations.field.${key}`;

const DERIVED_NUMBERS: Partial<Record<McuStation, readonly string[]>> = {
  // the blood pressure is one finding (hypertension), the audiogram one per ear, FVC the pattern
  vitals: ['systolic', 'diastolic'],
  spirometry: ['fvcPredicted'],
};

const f = (key: string, params: Record<string, string | number> = {}, refs: Record<string, string> = {}) => ({
  key: `mcuStations.finding.${key}`,
  params,
  refs,
});

function fieldFindings(station: McuStation, field: McuField, data: Record<string, unknown>): McuFinding[] {
  const value = data[field.key];
  const label = { field: fieldLabelKey(field.key) };
  switch (field.kind) {
    case 'choice':
      if (typeof value !== 'string' || value === field.normal || value === '') return [];
      return optionHasLabel(value)
        ? [f('choice', {}, { ...label, value: `mcuStations.option.${value}` })]
        : [f('choice', { value }, label)];
    case 'exam': {
      if (value !== 'abnormal') return [];
      const note = data[`${field.key}Note`];
      return typeof note === 'string' && note.trim()
        ? [f('examNote', { note: note.trim() }, label)]
        : [f('exam', {}, label)];
    }
    case 'text':
      if (!field.findingWhenFilled || typeof value !== 'string' || !value.trim()) return [];
      return [f('text', { text: value.trim() }, label)];
    case 'number': {
      if (typeof value !== 'number' || DERIVED_NUMBERS[station]?.includes(field.key)) return [];
      if (station === 'audiometry') return [];
      if (field.normalMax !== undefined && value > field.normalMax)
        return [f('high', { value, unit: field.unit, limit: field.normalMax }, label)];
      if (field.normalMin !== undefined && value < field.normalMin)
        return [f('low', { value, unit: field.unit, limit: field.normalMin }, label)];
      return [];
    }
  }
}

/** The hypertension grade of a blood pressure (JNC 7, as MCU reports state it); null: not high. */
export function hypertensionGrade(systolic: unknown, diastolic: unknown): 'stage1' | 'stage2' | null {
  const s = typeof systolic === 'number' ? systolic : 0;
  const d = typeof diastolic === 'number' ? diastolic : 0;
  if (s >= 160 || d >= 100) return 'stage2';
  if (s >= 140 || d >= 90) return 'stage1';
  return null;
}

function derivedFindings(station: McuStation, data: Record<string, unknown>): McuFinding[] {
  const out: McuFinding[] = [];
  if (station === 'vitals') {
    const grade = hypertensionGrade(data.systolic, data.diastolic);
    if (grade)
      out.push(
        f(
          'hypertension',
          { systolic: String(data.systolic ?? '–'), diastolic: String(data.diastolic ?? '–') },
          { grade: `mcuStations.grade.${grade}` },
        ),
      );
    const bmi = bmiOf(data.height, data.weight);
    if (bmi !== null && bmiClass(bmi) !== 'normal')
      out.push(f('bmi', { bmi }, { class: `mcuStations.bmi.${bmiClass(bmi)}` }));
  }
  if (station === 'audiometry')
    for (const ear of ['right', 'left'] as const) {
      const pta = pureToneAverage(data, ear);
      const degree = pta === null ? null : hearingDegree(pta);
      if (pta !== null && degree !== 'normal')
        out.push(
          f(
            'hearingLoss',
            { pta },
            { ear: `mcuStations.ear.${ear}`, degree: `mcuStations.hearing.${degree}` },
          ),
        );
      else {
        // a normal average can hide a noise notch: the frequencies above 25 dB
        const high = Object.entries(data)
          .filter(([k, v]) => k.startsWith(ear) && typeof v === 'number' && v > 25)
          .map(([k]) => k.slice(ear.length));
        if (high.length)
          out.push(
            f('hearingThreshold', { frequencies: high.join(', ') }, { ear: `mcuStations.ear.${ear}` }),
          );
      }
    }
  if (station === 'spirometry') {
    const pattern = spirometryPattern(data);
    if (pattern && pattern !== 'normal')
      out.push(
        f(
          'spirometry',
          { ratio: fevRatio(data) ?? '–', predicted: String(data.fvcPredicted ?? '–') },
          { pattern: `mcuStations.spirometryPattern.${pattern}` },
        ),
      );
  }
  return out;
}

/** The findings of a station's values, in the order of its fields, the derived ones last. */
export function stationFindings(station: McuStation, data: Record<string, unknown>): McuFinding[] {
  return [
    ...STATION_FIELDS[station].flatMap((field) => fieldFindings(station, field, data)),
    ...derivedFindings(station, data),
  ];
}

/** A translator: the server's `translate('id', …)` or the screen's `t`. */
export type Translator = (key: string, params?: Record<string, string | number>) => string;

/** A finding as text (the referenced labels translated first). */
export function findingText(t: Translator, finding: McuFinding): string {
  const params: Record<string, string | number> = { ...finding.params };
  for (const [name, key] of Object.entries(finding.refs)) params[name] = t(key);
  return t(finding.key, params);
}

/** A refused value: the field (`data.<key>`) and the message key with its parameters. */
export interface StationDataError {
  path: string;
  key: string;
  params: Record<string, string | number>;
}

const decimalsOf = (n: number) => (String(n).split('.')[1] ?? '').length;

/**
 * Checks a station's values against its fields: numbers within their limits and decimals, choices
 * among their options, an exam normal or abnormal; choices and exams are required, numbers and
 * texts may be left empty (null). A key the station does not have is refused.
 */
export function checkStationData(station: McuStation, data: Record<string, unknown>): StationDataError[] {
  const errors: StationDataError[] = [];
  const err = (key: string, message: string, params: Record<string, string | number> = {}) =>
    errors.push({ path: `data.${key}`, key: `mcuStations.error.${message}`, params });
  const fields = STATION_FIELDS[station];
  const known = new Set(fields.flatMap((x) => (x.kind === 'exam' ? [x.key, `${x.key}Note`] : [x.key])));
  for (const key of Object.keys(data)) if (!known.has(key)) err(key, 'unknownField');
  for (const field of fields) {
    const value = data[field.key];
    if (field.kind === 'number') {
      if (value === null || value === undefined) continue;
      if (typeof value !== 'number' || !Number.isFinite(value)) err(field.key, 'number');
      else if (value < field.min || value > field.max)
        err(field.key, 'range', { min: field.min, max: field.max, unit: field.unit });
      else if (decimalsOf(value) > (field.decimals ?? 0))
        err(field.key, 'decimals', { decimals: field.decimals ?? 0 });
    } else if (field.kind === 'choice') {
      if (typeof value !== 'string' || !field.options.includes(value)) err(field.key, 'choice');
    } else if (field.kind === 'exam') {
      if (value !== 'normal' && value !== 'abnormal') err(field.key, 'choice');
      const note = data[`${field.key}Note`];
      if (note !== undefined && note !== null && (typeof note !== 'string' || note.length > 500))
        err(`${field.key}Note`, 'text');
    } else if (value !== undefined && value !== null && (typeof value !== 'string' || value.length > 2000))
      err(field.key, 'text');
  }
  return errors;
}

/** The hazards the exposure form offers per group (free text is taken too). */
export const HAZARD_AGENTS: Readonly<Record<HazardGroup, readonly string[]>> = {
  physical: ['noise', 'vibration', 'heat', 'cold', 'radiation', 'lighting'],
  chemical: ['dust', 'silica', 'fumes', 'solvents', 'chemicals', 'heavyMetals'],
  biological: ['bloodborne', 'microbes', 'animals'],
  ergonomic: ['manualHandling', 'screen', 'posture', 'repetitive'],
  psychosocial: ['shiftWork', 'workload', 'isolation'],
};

/** The stations an agent asks for, by code or by a word of its free text (Indonesian or English). */
const SUGGESTIONS: readonly { words: readonly string[]; tests: readonly McuStation[] }[] = [
  { words: ['noise', 'bising', 'kebisingan'], tests: ['audiometry'] },
  {
    words: ['dust', 'silica', 'fumes', 'debu', 'silika', 'asap', 'uap'],
    tests: ['spirometry', 'xray'],
  },
  {
    words: ['chemicals', 'solvents', 'heavymetals', 'kimia', 'pelarut', 'logam'],
    tests: ['lab'],
  },
  { words: ['screen', 'vdt', 'layar', 'komputer', 'monitor'], tests: ['eye'] },
  {
    words: ['manualhandling', 'angkat', 'angkut', 'lifting', 'posture', 'postur'],
    tests: ['physical'],
  },
];

/** A test the exposures suggest: the station and the agents that ask for it. */
export interface SuggestedTest {
  station: McuStation;
  agents: string[];
  /** the participant's package does not have it */
  missing: boolean;
}

/** The special tests a participant's exposures suggest (noise → audiometry …), and which the package lacks. */
export function suggestedTests(
  exposures: readonly { group: string; agent: string }[],
  packageStations: readonly string[],
): SuggestedTest[] {
  const out: SuggestedTest[] = [];
  for (const exposure of exposures) {
    const text = exposure.agent.toLowerCase().replace(/\s+/g, '');
    for (const rule of SUGGESTIONS)
      if (rule.words.some((w) => text.includes(w)))
        for (const station of rule.tests) {
          const known = out.find((s) => s.station === station);
          if (known) {
            if (!known.agents.includes(exposure.agent)) known.agents.push(exposure.agent);
          } else out.push({ station, agents: [exposure.agent], missing: !packageStations.includes(station) });
        }
  }
  return out;
}

export const isHazardGroup = (group: string): group is HazardGroup =>
  (HAZARD_GROUPS as readonly string[]).includes(group);
