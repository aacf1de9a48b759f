import type { FastifyInstance } from 'fastify';

/**
 * Every answer says how long the server worked on it, in the standard `Server-Timing` header
 * (`app;dur=` milliseconds, from routing the request to its answer ready to send). Browsers' developer
 * tools show it beside the time on the network; the archive benchmark splits a call's time with it into
 * the server's work and the HTTP legs.
 */
export function installServerTiming(app: FastifyInstance): void {
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(2)}`);
    done(null, payload);
  });
}

/** The server's time in a `Server-Timing` header, in milliseconds; null when it gives none. */
export function serverTimingMs(header: string | string[] | number | undefined): number | null {
  const match = /(?:^|,)\s*app;dur=([\d.]+)/.exec(Array.isArray(header) ? header.join(',') : String(header ?? ''));
  return match ? Number(match[1]) : null;
}
