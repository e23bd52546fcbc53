import {
  labListQuerySchema,
  labPreAssSchema,
  registrationSchema,
} from '@klinikita/domain/registrations/registration.schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../plugins/auth.ts';
import { ok, standardErrors } from '../../shared/http.ts';
import { labPreAss, listLab } from './service-queue.service.ts';

const idParams = z.object({ id: z.string().min(1, 'validation.required').max(60, 'validation.tooLong') });

/** The service desks (lab, MCU, radiology, physio): their list of visits and a visit's pre-assessment. */
export async function serviceQueueRoutes(app: FastifyInstance, opts: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  r.get(
    '/registrations/registrations/lab/mcu/populate/labpreass',
    {
      config: { access: { permission: 'serviceQueue.read' } },
      schema: {
        tags: ['registrations'],
        summary: 'The lab / MCU / physio list: service registrations the visibility rule lets through',
        querystring: labListQuerySchema,
        response: {
          200: z.object({
            status: z.boolean(),
            message: z.string(),
            data: z.array(registrationSchema),
            page: z.number().int(),
            totalPages: z.number().int(),
            limit: z.number().int(),
            totalDocs: z.number().int(),
          }),
          ...standardErrors,
        },
      },
    },
    async (request) => {
      const { docs, ...paging } = await listLab(db, requireSession(request), request.query);
      return { status: true, message: request.t('api.ok'), data: docs, ...paging };
    },
  );

  r.get(
    '/assesments/lab_mcu_assesment/LabPreAss/:id',
    {
      config: { access: { permission: 'serviceQueue.read' } },
      schema: {
        tags: ['registrations'],
        summary: 'The lab pre-assessment of a registration (kept by the lab screens as the examination)',
        params: idParams,
        response: { 200: ok(labPreAssSchema), ...standardErrors },
      },
    },
    async (request) => ({
      status: true,
      message: request.t('api.ok'),
      data: await labPreAss(db, requireSession(request), request.params.id),
    }),
  );
}
