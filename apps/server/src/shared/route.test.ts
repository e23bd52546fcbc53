import '@klinikita/domain/common/zod-config';
import fastifySwagger from '@fastify/swagger';
import { conflictErrors, endpoint } from '@klinikita/domain/common/contract';
import Fastify from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorsPlugin } from '../plugins/errors.ts';
import { localePlugin } from '../plugins/locale.ts';
import { answer, route } from './route.ts';

const item = z.object({ id: z.number().int(), name: z.string() });
const getItem = endpoint({
  method: 'GET',
  path: '/items/:id',
  public: true,
  tags: ['items'],
  summary: 'One item',
  params: z.object({ id: z.coerce.number().int().positive('validation.invalid') }),
  query: z.object({ upper: z.enum(['true', 'false']).optional() }),
  response: item,
});
const saveItem = endpoint({
  method: 'POST',
  path: '/items',
  permission: 'drug.write',
  tags: ['items'],
  summary: 'Save an item',
  body: item.omit({ id: true }),
  response: item,
  errors: conflictErrors,
  message: 'drugs.saved',
});
const removeItem = endpoint({
  method: 'DELETE',
  path: '/items/:id',
  session: true,
  tags: ['items'],
  summary: 'Remove an item',
  params: z.object({ id: z.coerce.number() }),
  response: z.undefined(),
  message: 'patients.deleted',
});

describe('route(app, contract, handler)', () => {
  const app = Fastify();
  const accessOf: Record<string, unknown> = {};
  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(localePlugin);
    await app.register(errorsPlugin);
    await app.register(fastifySwagger, {
      openapi: { info: { title: 't', version: '1' } },
      transform: jsonSchemaTransform,
    });
    app.addHook('onRoute', (r) => {
      accessOf[`${r.method} ${r.url}`] = r.config?.access;
    });
    route(app, getItem, (req) => ({
      id: req.params.id,
      name: req.query.upper === 'true' ? 'PARACETAMOL' : 'paracetamol',
      // a field the contract does not declare never leaves the server
      secret: 'x',
    }));
    route(app, saveItem, (req) =>
      answer({ id: 2, name: req.body.name }, 'patients.created', { mrn: 'RM-1' }),
    );
    route(app, removeItem, async () => {});
    await app.ready();
  });
  afterAll(() => app.close());

  it('parses params and query and answers the envelope with the contract’s message', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/items/7?upper=true',
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(
      JSON.stringify({ status: true, message: 'Success', data: { id: 7, name: 'PARACETAMOL' } }),
    );
  });

  it('refuses what the schemas refuse with the standard error envelope', async () => {
    const res = await app.inject({ method: 'GET', url: '/items/0' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: false, errors: [{ path: 'id' }] });
  });

  it('answers an outcome’s own message, and a message alone without data', async () => {
    const saved = await app.inject({ method: 'POST', url: '/items', payload: { name: 'Amoxicillin' } });
    expect(saved.json()).toEqual({
      status: true,
      message: expect.stringContaining('RM-1'),
      data: { id: 2, name: 'Amoxicillin' },
    });
    const removed = await app.inject({ method: 'DELETE', url: '/items/2' });
    expect(Object.keys(removed.json())).toEqual(['status', 'message']);
  });

  it('declares the contract’s access rule and documents the route', async () => {
    expect(accessOf['GET /items/:id']).toEqual({ public: true });
    expect(accessOf['POST /items']).toEqual({ permission: 'drug.write' });
    expect(accessOf['DELETE /items/:id']).toEqual({ session: true });
    const { paths } = app.swagger();
    expect(paths?.['/items/{id}']?.get).toMatchObject({ summary: 'One item', tags: ['items'] });
    expect(Object.keys(paths?.['/items']?.post?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404', '409']),
    );
  });
});
