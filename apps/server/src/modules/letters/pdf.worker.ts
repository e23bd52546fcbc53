import { type LabSheet, renderLabResultPdf } from '../lab-results/lab-results.pdf.ts';
import { type LetterPrint, renderLetterPdf } from './letters.pdf.ts';
import { renderEncounterPdf } from './visit.pdf.ts';

/**
 * The PDF worker (run by `shared/pdf-pool.ts` on a worker thread): lays out a letter or a visit
 * from data the main thread read, and answers the bytes. No database, no session here.
 */

export type VisitPrint = Parameters<typeof renderEncounterPdf>[0];
export type PdfJob =
  | { kind: 'letter'; letter: LetterPrint }
  | { kind: 'visit'; visit: VisitPrint }
  | { kind: 'lab'; sheet: LabSheet };

export default async function renderPdf(job: PdfJob): Promise<Uint8Array> {
  const pdf =
    job.kind === 'letter'
      ? await renderLetterPdf(job.letter)
      : job.kind === 'lab'
        ? await renderLabResultPdf(job.sheet)
        : await renderEncounterPdf(job.visit);
  // a plain copy crosses the thread boundary (a Buffer may share a pooled ArrayBuffer)
  return new Uint8Array(pdf);
}
