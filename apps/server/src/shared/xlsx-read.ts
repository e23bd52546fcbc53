import ExcelJS from 'exceljs';

/** What an uploaded sheet's cell holds once read: text, a number, a truth value or a date. */
export type CellValue = string | number | boolean | Date;

/** A cell's plain value: rich text, hyperlinks and formulas to their text or result; blank → null. */
export function plainCell(value: ExcelJS.CellValue): CellValue | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date || typeof value !== 'object') {
    if (typeof value === 'string' && value.trim() === '') return null;
    return value as CellValue;
  }
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('text' in value) return String(value.text);
  if ('result' in value) return plainCell(value.result as ExcelJS.CellValue);
  return null;
}

/** The first sheet of an uploaded workbook; null when the file is not one (or has no sheet). */
export async function firstSheet(content: Buffer): Promise<ExcelJS.Worksheet | null> {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    return null;
  }
  return book.worksheets[0] ?? null;
}
