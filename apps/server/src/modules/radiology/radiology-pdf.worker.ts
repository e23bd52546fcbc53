import { type RadiologyPrint, renderRadiologyPdf } from './radiology.pdf.ts';

/** The radiology report's PDF worker (run by `shared/pdf-pool.ts`): data in, bytes out; no database here. */
export default async function renderPdf(job: RadiologyPrint): Promise<Uint8Array> {
  return new Uint8Array(await renderRadiologyPdf(job));
}
