import { type McuChecklistPrint, renderMcuChecklistPdf } from './mcu-checklist.pdf.ts';
import { type McuReportPrint, renderMcuReportPdf } from './mcu-report.pdf.ts';
import { type McuCertificatePrint, renderMcuCertificatePdf } from './mcu-report-certificate.pdf.ts';

/** The MCU papers' PDF worker (run by `shared/pdf-pool.ts`): data in, bytes out; no database here. */
export type McuPdfJob =
  | { kind: 'report'; print: McuReportPrint }
  | { kind: 'certificate'; print: McuCertificatePrint }
  | { kind: 'checklist'; print: McuChecklistPrint };

export default async function renderPdf(job: McuPdfJob): Promise<Uint8Array> {
  const pdf =
    job.kind === 'report'
      ? await renderMcuReportPdf(job.print)
      : job.kind === 'certificate'
        ? await renderMcuCertificatePdf(job.print)
        : await renderMcuChecklistPdf(job.print);
  return new Uint8Array(pdf);
}
