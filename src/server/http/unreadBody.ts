import type { FastifyInstance } from 'fastify';

/**
 * An answer sent before its request's body was read through (an upload refused for its size or
 * type, a call refused before its body) closes the connection: the rest of that body is still on
 * its way, and on a kept-alive connection the next request would queue behind bytes nobody reads.
 * `Connection: close` tells the client to open a new connection, and Node closes this one once the
 * answer is out.
 */
export function installUnreadBodyClose(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.raw.complete === false) reply.header('connection', 'close');
    done(null, payload);
  });
}
