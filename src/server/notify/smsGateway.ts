import type { FastifyBaseLogger } from 'fastify';

/** Sends a text message to a phone. */
export interface SmsGateway {
  send(phone: string, text: string): Promise<void>;
}

/** Posts `{phone, text}` as JSON to the operator's SMS service. */
export function webhookSmsGateway(url: string): SmsGateway {
  return {
    async send(phone, text) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phone, text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`短信网关返回 HTTP ${res.status}`);
    },
  };
}

/** Without a gateway the text goes to the server log, where an administrator can read it. */
export function logSmsGateway(log: FastifyBaseLogger): SmsGateway {
  return {
    async send(phone, text) {
      log.warn({ phone }, `未配置短信网关（SMS_WEBHOOK_URL），短信内容：${text}`);
    },
  };
}
