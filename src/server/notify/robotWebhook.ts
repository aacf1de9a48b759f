import { createHmac } from 'node:crypto';

/** The group robots an organisation can post to. */
export type RobotKind = 'wecom' | 'dingtalk' | 'feishu';

export interface RobotRequest {
  url: string;
  body: Record<string, unknown>;
}

/**
 * The request that posts `text` to a group robot, in each vendor's documented shape: WeCom's
 * `{msgtype: 'text', text: {content}}` (unsigned; the key is in the address); DingTalk's same body,
 * signed when a secret is set by `timestamp` (ms) and `sign` = base64(HMAC-SHA256(secret,
 * timestamp + "\n" + secret)) added to the address; Feishu's `{msg_type: 'text', content: {text}}`,
 * signed by `timestamp` (s) and `sign` = base64(HMAC-SHA256(key = timestamp + "\n" + secret, ""))
 * in the body.
 */
export function robotRequest(kind: RobotKind, url: string, secret: string | null, text: string, now: Date): RobotRequest {
  if (kind === 'wecom') return { url, body: { msgtype: 'text', text: { content: text } } };
  if (kind === 'dingtalk') {
    const body = { msgtype: 'text', text: { content: text } };
    if (!secret) return { url, body };
    const timestamp = String(now.getTime());
    const sign = createHmac('sha256', secret).update(`${timestamp}\n${secret}`).digest('base64');
    const signed = new URL(url);
    signed.searchParams.set('timestamp', timestamp);
    signed.searchParams.set('sign', sign);
    return { url: signed.toString(), body };
  }
  const body: Record<string, unknown> = { msg_type: 'text', content: { text } };
  if (secret) {
    const timestamp = String(Math.floor(now.getTime() / 1000));
    body.timestamp = timestamp;
    body.sign = createHmac('sha256', `${timestamp}\n${secret}`).update('').digest('base64');
  }
  return { url, body };
}

/** Whether a robot's reply says the post was taken: each vendor answers HTTP 200 with an error code of its own. */
export function robotAccepted(kind: RobotKind, reply: unknown): string | null {
  const r = (reply ?? {}) as { errcode?: number; errmsg?: string; code?: number; msg?: string; StatusCode?: number };
  if (kind === 'feishu') {
    const code = r.code ?? r.StatusCode ?? 0;
    return code === 0 ? null : `飞书机器人返回错误 ${code}：${r.msg ?? ''}`;
  }
  const code = r.errcode ?? 0;
  return code === 0 ? null : `${kind === 'wecom' ? '企业微信' : '钉钉'}机器人返回错误 ${code}：${r.errmsg ?? ''}`;
}
