import '@klinikita/domain/common/zod-config';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Db } from './db/client.ts';
import type { Listen } from './db/pg-listener.ts';
import { liveStreamConsumer } from './events/live.consumer.ts';
import { createOutbox, type Outbox } from './events/outbox.ts';
import { buildDelivery } from './integrations/satusehat/delivery/build-delivery.ts';
import { satusehatEnqueueConsumer } from './integrations/satusehat/delivery/delivery.consumer.ts';
import {
  createDeliveryWorker,
  type DeliveryWorker,
  type DeliveryWorkerOptions,
} from './integrations/satusehat/delivery/delivery.worker.ts';
import { satusehatRoutes } from './integrations/satusehat/satusehat.routes.ts';
import { type SatusehatConfig, SatusehatService } from './integrations/satusehat/satusehat.service.ts';
import { patientIdentityConsumer } from './integrations/satusehat/satusehat-identities.consumer.ts';
import { ensureVisitIdentities } from './integrations/satusehat/satusehat-identities.service.ts';
import { accountingConsumer } from './modules/accounting/accounting.consumer.ts';
import { accountingRoutes } from './modules/accounting/accounting.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { authRoutes, logoutRoute } from './modules/auth/auth.routes.ts';
import type { LoginLimits } from './modules/auth/login-throttle.ts';
import { billListRoutes } from './modules/billing/bill-list.routes.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { billingDocumentsRoutes } from './modules/billing/billing-documents.routes.ts';
import { mcuCompanyBillsConsumer } from './modules/billing/billing-mcu.consumer.ts';
import { cashierShiftRoutes } from './modules/billing/cashier-shifts.routes.ts';
import { depositRoutes } from './modules/billing/deposits.routes.ts';
import { payerInvoicesRoutes } from './modules/billing/payer-invoices.routes.ts';
import { clinicServicesRoutes } from './modules/clinic-services/clinic-services.routes.ts';
import { clinicsRoutes } from './modules/clinics/clinics.routes.ts';
import { codeListsRoutes } from './modules/code-lists/code-lists.routes.ts';
import { codesRoutes } from './modules/codes/codes.routes.ts';
import { consultationsRoutes } from './modules/consultations/consultations.routes.ts';
import { doctorsRoutes } from './modules/doctors/doctors.routes.ts';
import { drugsRoutes } from './modules/drugs/drugs.routes.ts';
import { employeesRoutes } from './modules/employees/employees.routes.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { insurersRoutes } from './modules/insurers/insurers.routes.ts';
import { consumablesConsumer } from './modules/inventory/consumables.consumer.ts';
import { inventoryRoutes } from './modules/inventory/inventory.routes.ts';
import { labConsumablesConsumer } from './modules/inventory/lab-consumables.consumer.ts';
import { stockDocumentRoutes } from './modules/inventory/stock-documents.routes.ts';
import { labCatalogueRoutes } from './modules/lab-catalogue/lab-catalogue.routes.ts';
import { labResultsRoutes } from './modules/lab-results/lab-results.routes.ts';
import { labSpecimensRoutes } from './modules/lab-specimens/lab-specimens.routes.ts';
import { referralLettersConsumer } from './modules/letters/letters.consumers.ts';
import { lettersRoutes } from './modules/letters/letters.routes.ts';
import { mcuLabReleasedConsumer } from './modules/mcu/mcu-exam.consumers.ts';
import { mcuExamRoutes } from './modules/mcu/mcu-exam.routes.ts';
import { mcuOutputsRoutes } from './modules/mcu/mcu-outputs.routes.ts';
import { mcuPortalRoutes } from './modules/mcu/mcu-portal.routes.ts';
import { mcuSetupRoutes } from './modules/mcu/mcu-setup.routes.ts';
import { outboxRoutes } from './modules/outbox/outbox.routes.ts';
import { partnerCompaniesRoutes } from './modules/partner-companies/partner-companies.routes.ts';
import { patientsRoutes } from './modules/patients/patients.routes.ts';
import { pharmacyRoutes } from './modules/pharmacy/pharmacy.routes.ts';
import { physioRoutes } from './modules/physio/physio.routes.ts';
import { purchasingRoutes } from './modules/purchasing/purchasing.routes.ts';
import { radiologyRoutes } from './modules/radiology/radiology.routes.ts';
import { regionsRoutes } from './modules/regions/regions.routes.ts';
import { labDoneConsumer, serviceVisitsConsumer } from './modules/registrations/registrations.consumers.ts';
import { registrationsRoutes } from './modules/registrations/registrations.routes.ts';
import { rolesRoutes } from './modules/roles/roles.routes.ts';
import { schedulesRoutes } from './modules/schedules/schedules.routes.ts';
import { serviceHoursRoutes } from './modules/service-hours/service-hours.routes.ts';
import { serviceQueueRoutes } from './modules/service-queue/service-queue.routes.ts';
import { servicesRoutes } from './modules/services/services.routes.ts';
import { transactionReportRoutes } from './modules/transaction-report/transaction-report.routes.ts';
import { treatmentRoutes } from './modules/treatment/treatment.routes.ts';
import { turnaroundRoutes } from './modules/turnaround/turnaround.routes.ts';
import { visitResultsRoutes } from './modules/visit-results/visit-results.routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { errorsPlugin, frameworkErrorHandler } from './plugins/errors.ts';
import { eventsPlugin } from './plugins/events.ts';
import { localePlugin } from './plugins/locale.ts';
import { type RateLimitOptions, rateLimitPlugin } from './plugins/rate-limit.ts';
import { responseHeadersPlugin, setResponseHeaders } from './plugins/response-headers.ts';
import { API_PREFIX } from './shared/http.ts';

/**
 * What is compressed on the fly: JSON and text answers, never the event stream (its reply is
 * hijacked anyway, and a compressor would hold events back), PDFs, images or uploaded binaries.
 */
const COMPRESSIBLE =
  /^(?:text\/(?!event-stream)|application\/(?:[\w.-]+\+)?(?:json|xml|javascript)(?:;|$)|image\/svg\+xml)/;

/** The built web app; `WEB_DIST` points elsewhere (a second build beside the first, in development). */
export const WEB_DIST =
  process.env.WEB_DIST ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface AppOptions {
  db: Db;
  /** LISTEN on the same database (`Database.listen`): live events reach every instance */
  listen: Listen;
  sessionTtlMs?: number;
  /** Absolute session lifetime, however much the session is used (default 7 days). */
  sessionMaxAgeMs?: number;
  /** Login attempt limits (modules/auth/login-throttle.ts; tests set small ones). */
  loginLimits?: LoginLimits;
  /** How long an instance may reuse a session lookup (0: never); writes and NOTIFY empty it sooner. */
  sessionCacheMs?: number;
  cookieSecure?: 'auto' | 'true' | 'false';
  logLevel?: string;
  trustProxy?: boolean;
  /** Folder of the built web app; served when it exists. */
  webDist?: string;
  /** Folder of uploaded files (main: DATA_DIR/uploads). */
  uploadsDir?: string;
  /** SATUSEHAT: the secrets key and, when it runs, the simulator's URL */
  satusehat?: SatusehatConfig;
  /** How often the event consumers look for work without a wake-up (default 1 s) */
  outboxPollMs?: number;
  /** false: this instance leaves the domain events to the other instances (default true) */
  eventConsumers?: boolean;
  /** The SATUSEHAT delivery worker's tuning; false: this instance sends nothing (on by default with `satusehat`) */
  satusehatDelivery?: false | Pick<DeliveryWorkerOptions, 'pollMs' | 'batchSize' | 'leaseMs' | 'backoff'>;
  /** Limits on uploads, searches, PDFs and identity lookups (plugins/rate-limit.ts); false: none */
  rateLimits?: RateLimitOptions;
  /** Live event streams one session may hold open on this instance (default 4) */
  eventStreamsPerSession?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The domain events' consumers on this instance (`drain()` in tests) */
    outbox: Outbox;
    /** This instance's SATUSEHAT delivery worker, when it runs one (`wake()`) */
    satusehatDelivery: DeliveryWorker | null;
  }
}

/** Builds the whole application; main.ts and the tests share it. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { db } = options;
  const sessionTtlMs = options.sessionTtlMs ?? 12 * 60 * 60 * 1000;
  const sessionMaxAgeMs = options.sessionMaxAgeMs ?? 7 * 24 * 60 * 60 * 1000;
  const app = Fastify({
    logger: { level: options.logLevel ?? 'info' },
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    frameworkErrors: (error, request, reply) => {
      setResponseHeaders(request, reply);
      return frameworkErrorHandler(error, request, reply);
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(fastifyCookie);
  // answers over 1 KB in brotli or gzip; the built web app comes precompressed (static below)
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    customTypes: COMPRESSIBLE,
  });
  await app.register(localePlugin);
  await app.register(errorsPlugin);
  await app.register(responseHeadersPlugin);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its CSS variables into style tags at run time
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // sent by responseHeadersPlugin, and only over https
    hsts: false,
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Klinikita clinic service',
        version: '1.0.0',
        description: 'Clinic service, version 1. Envelope { status, message, data?, errors? }.',
      },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'Authorization' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'token' },
        },
      },
      security: [{ token: [] }, { cookie: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  await app.register(authPlugin, {
    db,
    sessionTtlMs,
    sessionMaxAgeMs,
    listen: options.listen,
    sessionCacheMs: options.sessionCacheMs,
  });
  await app.register(rateLimitPlugin, { limits: options.rateLimits });
  await app.register(eventsPlugin, {
    listen: options.listen,
    maxStreamsPerSession: options.eventStreamsPerSession,
  });

  // who reacts to the domain events (DESIGN 5): each module's consumers, composed here only
  const outbox = createOutbox({
    db,
    listen: options.listen,
    consumers: [
      serviceVisitsConsumer,
      labDoneConsumer,
      mcuLabReleasedConsumer,
      referralLettersConsumer,
      liveStreamConsumer,
      consumablesConsumer,
      accountingConsumer,
      labConsumablesConsumer,
      patientIdentityConsumer(new SatusehatService(db, options.satusehat), app.log),
      satusehatEnqueueConsumer,
      mcuCompanyBillsConsumer,
    ],
    pollMs: options.outboxPollMs,
    log: app.log,
  });
  app.decorate('outbox', outbox);
  if (options.eventConsumers !== false) app.addHook('onReady', () => outbox.start());
  app.addHook('onClose', () => outbox.stop());
  // the queued SATUSEHAT deliveries are sent from every instance at once; leases keep them apart
  const delivery =
    options.satusehat && options.eventConsumers !== false && options.satusehatDelivery !== false
      ? createDeliveryWorker({
          db,
          listen: options.listen,
          satusehat: options.satusehat,
          buildDelivery,
          ensureVisitIdentities,
          log: app.log,
          ...options.satusehatDelivery,
        })
      : null;
  app.decorate('satusehatDelivery', delivery);
  if (delivery) {
    app.addHook('onReady', () => delivery.start());
    app.addHook('onClose', () => delivery.stop());
  }

  await app.register(
    async (api) => {
      await api.register(authRoutes, {
        db,
        sessionTtlMs,
        sessionMaxAgeMs,
        cookieSecure: options.cookieSecure ?? 'auto',
        loginLimits: options.loginLimits,
      });
      await api.register(clinicsRoutes, { db });
      await api.register(clinicServicesRoutes, { db });
      await api.register(rolesRoutes, { db });
      await api.register(doctorsRoutes, { db });
      await api.register(employeesRoutes, { db });
      await api.register(schedulesRoutes, { db });
      await api.register(patientsRoutes, { db });
      await api.register(regionsRoutes);
      await api.register(registrationsRoutes, { db });
      await api.register(serviceQueueRoutes, { db });
      await api.register(servicesRoutes, { db });
      await api.register(serviceHoursRoutes, { db });
      await api.register(filesRoutes, { db, uploadsDir: options.uploadsDir ?? path.resolve('data/uploads') });
      await api.register(satusehatRoutes, { db, satusehat: options.satusehat });
      await api.register(consultationsRoutes, { db });
      await api.register(codesRoutes, { db });
      await api.register(codeListsRoutes, { db });
      await api.register(drugsRoutes, { db });
      await api.register(inventoryRoutes, { db });
      await api.register(purchasingRoutes, { db });
      await api.register(accountingRoutes, { db });
      await api.register(billingRoutes, { db });
      await api.register(cashierShiftRoutes, { db });
      await api.register(depositRoutes, { db });
      await api.register(billingDocumentsRoutes, { db });
      await api.register(billListRoutes, { db });
      await api.register(payerInvoicesRoutes, { db });
      await api.register(partnerCompaniesRoutes, { db });
      await api.register(insurersRoutes, { db });
      await api.register(turnaroundRoutes, { db });
      await api.register(transactionReportRoutes, { db });
      await api.register(stockDocumentRoutes, { db });
      await api.register(pharmacyRoutes, { db });
      await api.register(labCatalogueRoutes, { db });
      await api.register(labResultsRoutes, { db });
      await api.register(labSpecimensRoutes, { db });
      await api.register(physioRoutes, { db });
      await api.register(radiologyRoutes, {
        db,
        uploadsDir: options.uploadsDir ?? path.resolve('data/uploads'),
      });
      await api.register(treatmentRoutes, { db });
      await api.register(lettersRoutes, { db });
      await api.register(visitResultsRoutes, { db });
      await api.register(auditRoutes, { db });
      await api.register(outboxRoutes, { db, outbox });
      const mcu = { db, uploadsDir: options.uploadsDir ?? path.resolve('data/uploads') };
      await api.register(mcuSetupRoutes, mcu);
      await api.register(mcuExamRoutes, mcu);
      await api.register(mcuOutputsRoutes, mcu);
      await api.register(mcuPortalRoutes, { db });
    },
    { prefix: API_PREFIX },
  );
  await app.register(logoutRoute, { db });

  const webDist = options.webDist ?? WEB_DIST;
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      // the .br and .gz files beside each built file (apps/web/build/precompress.ts), Vary: Accept-Encoding
      preCompressed: true,
      setHeaders: (reply, file) => {
        reply.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    if (url.startsWith('/api/') || request.method !== 'GET' || !hasWeb) {
      return reply.code(404).send({ status: false, message: request.t('api.routeNotFound') });
    }
    // the web app's router answers every other page, including its own 404
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });

  return app;
}
