import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { AppError } from '../../shared/errors.ts';
import { errorResponse, ok, standardErrors } from '../../shared/http.ts';
import { type SatusehatConfig, SatusehatService } from './satusehat.service.ts';

const nikParams = z.object({ nik: z.string().regex(/^\d{16}$/, 'satusehat.nikInvalid') });
const platformErrors = { ...standardErrors, 409: errorResponse, 502: errorResponse, 503: errorResponse };

export async function satusehatRoutes(app: FastifyInstance, opts: { db: Db; satusehat?: SatusehatConfig }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = new SatusehatService(opts.db, opts.satusehat);

  r.get(
    '/satu-sehat/practitioner-ihs-by-nik/:nik',
    {
      config: { access: { session: true } },
      schema: {
        tags: ['satusehat'],
        summary: 'IHS number of a health worker, looked up at SATUSEHAT by NIK with the clinic’s settings',
        params: nikParams,
        response: { 200: ok(z.object({ ihsNumber: z.string() })), ...platformErrors },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const clinicId = session.clinicId ?? session.clinicIds[0];
      if (clinicId == null) throw new AppError(409, 'satusehat.noClinic');
      const ihsNumber = await service.practitionerIhsByNik(clinicId, request.params.nik, request.log);
      return { status: true, message: request.t('satusehat.ihsFound'), data: { ihsNumber } };
    },
  );
}
