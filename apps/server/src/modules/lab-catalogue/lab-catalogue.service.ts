import type { Paged } from '@klinikita/domain/common/paged';
import {
  findRangeOverlap,
  type ResultType,
  rangeTypeIssues,
} from '@klinikita/domain/lab/lab-catalogue.rules';
import type {
  LabParameterSave,
  LabRangesSave,
  LabTestDetail,
  LabTestListItem,
} from '@klinikita/domain/lab/lab-catalogue.schema';
import { type FormulaSibling, formulaIssue, formulasReading } from '@klinikita/domain/lab/lab-formula.rules';
import type { Db } from '../../db/client.ts';
import type { AuthSession } from '../../plugins/auth.ts';
import { writeAudit } from '../../shared/audit.ts';
import { newUid } from '../../shared/crypto.ts';
import { AppError } from '../../shared/errors.ts';
import { type Executor, isUniqueViolation, pageOf } from '../../shared/sql.ts';
import { toLabRange, toLabTestDetail, toLabTestListItem } from './lab-catalogue.mapper.ts';
import {
  findLabService,
  findLabServicesByUid,
  findParameter,
  insertParameter,
  type LabListFilter,
  type LabParameterRow,
  type LabServiceRow,
  lockLabService,
  type ParameterValues,
  pageLabServices,
  panelItemsOf,
  parametersOf,
  rangesOf,
  replacePanelItems,
  replaceRanges,
  updateParameterRow,
} from './lab-catalogue.queries.ts';

/**
 * The lab catalogue (`/panel`). Tests and panels are services of group lab in the service master
 * (created there); here live their parameters, reference ranges and a panel's tests. Everything
 * is the caller's corporate's: another corporate's test or parameter is not found (404).
 */

const testNotFound = () => new AppError(404, 'labCatalogue.notFound');
const parameterNotFound = () => new AppError(404, 'labCatalogue.parameterNotFound');

async function audit(
  db: Executor,
  session: AuthSession,
  ip: string,
  action: string,
  entity: 'labParameter' | 'labTest',
  entityId: string,
  detail: unknown,
) {
  await writeAudit(db, {
    userId: session.userId,
    corpId: session.corpId,
    action,
    entity,
    entityId,
    ip,
    detail,
  });
}

async function detailOf(db: Executor, service: LabServiceRow): Promise<LabTestDetail> {
  const parameters = await parametersOf(db, service.id);
  const ranges = await rangesOf(
    db,
    parameters.map((p) => p.id),
  );
  const items = service.isPackage ? await panelItemsOf(db, service.id) : [];
  return toLabTestDetail(service, parameters, ranges, items);
}

export async function listLabTests(
  db: Db,
  session: AuthSession,
  q: LabListFilter,
): Promise<Paged<LabTestListItem>> {
  const { rows, total } = await pageLabServices(db, session.corpId, q);
  return pageOf(rows.map(toLabTestListItem), total, q);
}

export async function getLabTest(db: Db, session: AuthSession, uid: string): Promise<LabTestDetail> {
  const service = await findLabService(db, session.corpId, uid);
  if (!service) throw testNotFound();
  return detailOf(db, service);
}

const siblingOf = (
  p: Pick<LabParameterRow, 'code' | 'resultType' | 'formula' | 'active'>,
): FormulaSibling => ({
  code: p.code,
  resultType: p.resultType as ResultType,
  formula: p.formula,
  active: p.active,
});

/** A formula that does not read, or reads what the test does not have, is refused on the field. */
function checkFormula(values: ParameterValues, others: readonly LabParameterRow[], status = 400) {
  if (!values.formula) return;
  const issue = formulaIssue(values.code, values.formula, others.map(siblingOf));
  if (issue)
    throw new AppError(status, issue.key, issue.params, [
      { path: 'formula', key: 'labCatalogue.formulaInvalid' },
    ]);
}

/** The calculated parameters that read `code` stop this change (409), named in the message. */
function checkNotRead(code: string, others: readonly LabParameterRow[]) {
  const readers = formulasReading(code, others.map(siblingOf));
  if (readers.length)
    throw new AppError(409, 'labCatalogue.inFormula', { code, formulas: readers.join(', ') });
}

const valuesOf = (input: LabParameterSave): ParameterValues => ({
  code: input.code,
  nameId: input.nameId,
  nameEn: input.nameEn,
  unit: input.unit,
  resultType: input.resultType,
  decimals: input.decimals,
  printOrder: input.printOrder,
  loinc: input.loinc,
  specimen: input.specimen ?? null,
  container: input.container ?? null,
  choices: input.choices?.length ? input.choices : null,
  formula: input.formula,
});

const codeTaken = (values: ParameterValues, service: LabServiceRow) =>
  new AppError(409, 'labCatalogue.codeTaken', { code: values.code, test: service.code }, [
    { path: 'code', key: 'labCatalogue.codeTakenField' },
  ]);

export async function addParameter(
  db: Db,
  session: AuthSession,
  testUid: string,
  input: LabParameterSave,
  ip: string,
): Promise<LabTestDetail> {
  const values = valuesOf(input);
  // the test the unique index refused the code in, for the message
  const seen: { test?: LabServiceRow } = {};
  try {
    return await db.transaction(async (tx) => {
      const test = await findLabService(tx, session.corpId, testUid);
      if (!test) throw testNotFound();
      seen.test = test;
      if (test.isPackage) throw new AppError(409, 'labCatalogue.panelHasNoParameters', { code: test.code });
      await lockLabService(tx, test.id);
      checkFormula(values, await parametersOf(tx, test.id));
      const row = await insertParameter(tx, { ...values, uid: newUid(), serviceId: test.id });
      await audit(tx, session, ip, 'labParameter.create', 'labParameter', row.uid, {
        test: test.code,
        ...values,
      });
      return detailOf(tx, test);
    });
  } catch (error) {
    if (seen.test && isUniqueViolation(error)) throw codeTaken(values, seen.test);
    throw error;
  }
}

export async function updateParameter(
  db: Db,
  session: AuthSession,
  uid: string,
  input: LabParameterSave,
  ip: string,
): Promise<LabTestDetail> {
  const values = valuesOf(input);
  const seen: { test?: LabServiceRow } = {};
  try {
    return await db.transaction(async (tx) => {
      const found = await findParameter(tx, session.corpId, uid);
      if (!found) throw parameterNotFound();
      const test = found.service;
      seen.test = test;
      await lockLabService(tx, test.id);
      const before = found.parameter;
      const others = (await parametersOf(tx, test.id)).filter((p) => p.id !== before.id);
      // a formula reads the code and a number: renaming it or making it text would break the formula
      const renamed = before.code.toUpperCase() !== values.code.toUpperCase();
      if (renamed || (before.resultType === 'number' && values.resultType !== 'number')) {
        checkNotRead(before.code, others);
      }
      checkFormula(values, others);
      await updateParameterRow(tx, before.id, values);
      const changed = Object.fromEntries(
        (Object.keys(values) as (keyof ParameterValues)[])
          .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(values[k]))
          .map((k) => [k, { from: before[k], to: values[k] }]),
      );
      await audit(tx, session, ip, 'labParameter.update', 'labParameter', uid, {
        test: test.code,
        ...changed,
      });
      return detailOf(tx, test);
    });
  } catch (error) {
    if (seen.test && isUniqueViolation(error)) throw codeTaken(values, seen.test);
    throw error;
  }
}

/**
 * Takes a parameter out of use or back in. Never deleted: results recorded on it keep their
 * meaning. A calculated parameter still reading it keeps it in use; one coming back needs its
 * formula's inputs in use.
 */
export async function setParameterActive(
  db: Db,
  session: AuthSession,
  uid: string,
  active: boolean,
  ip: string,
): Promise<LabTestDetail> {
  return db.transaction(async (tx) => {
    const found = await findParameter(tx, session.corpId, uid);
    if (!found) throw parameterNotFound();
    const { parameter, service } = found;
    await lockLabService(tx, service.id);
    if (parameter.active !== active) {
      const others = (await parametersOf(tx, service.id)).filter((p) => p.id !== parameter.id);
      if (active) checkFormula(parameter, others, 409);
      else checkNotRead(parameter.code, others);
      await updateParameterRow(tx, parameter.id, { active });
      const action = active ? 'labParameter.reactivate' : 'labParameter.deactivate';
      await audit(tx, session, ip, action, 'labParameter', uid, { test: service.code, code: parameter.code });
    }
    return detailOf(tx, service);
  });
}

/** Replaces a parameter's ranges; the rows' limits were checked by the schema, here their types and age bands. */
export async function replaceParameterRanges(
  db: Db,
  session: AuthSession,
  uid: string,
  input: LabRangesSave,
  ip: string,
): Promise<LabTestDetail> {
  return db.transaction(async (tx) => {
    const found = await findParameter(tx, session.corpId, uid);
    if (!found) throw parameterNotFound();
    const { parameter, service } = found;
    const typeIssues = rangeTypeIssues(parameter.resultType as ResultType, parameter.choices, input.ranges);
    if (typeIssues.length) throw new AppError(400, 'labCatalogue.rangesInvalid', {}, typeIssues);
    const overlap = findRangeOverlap(input.ranges);
    if (overlap) {
      throw new AppError(400, overlap.key, overlap.params, [
        { path: overlap.path, key: 'labCatalogue.rangeOverlapField' },
      ]);
    }
    const before = (await rangesOf(tx, [parameter.id])).map(toLabRange);
    await replaceRanges(tx, parameter.id, input.ranges);
    await audit(tx, session, ip, 'labParameter.ranges', 'labParameter', uid, {
      test: service.code,
      code: parameter.code,
      from: before,
      to: input.ranges,
    });
    return detailOf(tx, service);
  });
}

/**
 * Sets a panel's tests, in order: active single lab tests of the corporate, never the panel
 * itself nor another panel. A refused item is named, on its row.
 */
export async function setPanelItems(
  db: Db,
  session: AuthSession,
  uid: string,
  input: { items: string[] },
  ip: string,
): Promise<LabTestDetail> {
  return db.transaction(async (tx) => {
    const panel = await findLabService(tx, session.corpId, uid);
    if (!panel) throw testNotFound();
    if (!panel.isPackage) throw new AppError(409, 'labCatalogue.notAPanel', { code: panel.code });
    await lockLabService(tx, panel.id);
    const found = new Map(
      (await findLabServicesByUid(tx, session.corpId, input.items)).map((s) => [s.uid, s]),
    );
    const items = input.items.map((itemUid, i) => {
      const path = `items.${i}`;
      const item = found.get(itemUid);
      if (itemUid === panel.uid)
        throw new AppError(400, 'labCatalogue.panelSelf', {}, [{ path, key: 'labCatalogue.panelSelf' }]);
      if (!item)
        throw new AppError(400, 'labCatalogue.itemUnknown', {}, [{ path, key: 'labCatalogue.itemUnknown' }]);
      if (item.isPackage) {
        throw new AppError(400, 'labCatalogue.itemIsPanel', { code: item.code }, [
          { path, key: 'labCatalogue.itemIsPanelField' },
        ]);
      }
      if (!item.active) {
        throw new AppError(400, 'labCatalogue.itemInactive', { code: item.code }, [
          { path, key: 'labCatalogue.itemInactiveField' },
        ]);
      }
      return item;
    });
    const before = (await panelItemsOf(tx, panel.id)).map((s) => s.code);
    await replacePanelItems(
      tx,
      panel.id,
      items.map((s) => s.id),
    );
    await audit(tx, session, ip, 'labPanel.items', 'labTest', panel.uid, {
      panel: panel.code,
      from: before,
      to: items.map((s) => s.code),
    });
    return detailOf(tx, panel);
  });
}
