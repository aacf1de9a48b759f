import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { DeferredSchemaCompilers } from '../../src/server/http/deferredSchemaCompilers.js';

function appWith(compilers: DeferredSchemaCompilers, body: object) {
  const app = Fastify({ schemaController: { compilersFactory: compilers.compilersFactory } });
  app.addSchema({ $id: 'Mark', type: 'object', properties: { name: { type: 'string' } }, required: ['name'] });
  app.post('/marks', { schema: { body, response: { 200: { $ref: 'Mark#' } } } }, async (request) => ({
    ...(request.body as object),
    secret: 'not in the schema',
  }));
  return app;
}

describe('DeferredSchemaCompilers', () => {
  it('compiles a route’s validator and serialiser on first use, with their errors and shapes intact', async () => {
    const compilers = new DeferredSchemaCompilers();
    const app = appWith(compilers, { type: 'object', properties: { name: { type: 'string', minLength: 2 } }, required: ['name'] });
    await app.ready();
    expect(compilers.remaining).toBe(2);

    const refused = await app.inject({ method: 'POST', url: '/marks', payload: { name: 'x' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('must NOT have fewer than 2 characters');
    expect(compilers.remaining).toBe(1);

    const answered = await app.inject({ method: 'POST', url: '/marks', payload: { name: '星辰' } });
    expect(answered.statusCode).toBe(200);
    // Serialised by the response schema: what it does not name is left out.
    expect(answered.json()).toEqual({ name: '星辰' });
    expect(compilers.remaining).toBe(0);
    await app.close();
  });

  it('compiles the rest in the background, and reports a schema the compiler refuses', async () => {
    const fine = new DeferredSchemaCompilers();
    const app = appWith(fine, { type: 'object', properties: { name: { type: 'string' } } });
    await app.ready();
    await fine.compileRemaining();
    expect(fine.remaining).toBe(0);
    await app.close();

    const broken = new DeferredSchemaCompilers();
    const bad = appWith(broken, { type: 'object', properties: { name: { type: 'no such type' } } });
    await bad.ready();
    await expect(broken.compileRemaining()).rejects.toThrow();
    expect(broken.remaining).toBe(0);
    await bad.close();
  });
});
