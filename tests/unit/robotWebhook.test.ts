import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { robotAccepted, robotRequest } from '../../src/server/notify/robotWebhook.js';

const now = new Date('2026-11-26T08:00:00.123Z');

describe('group robot posts', () => {
  it('WeCom: a text message to the address as given, unsigned', () => {
    const url = 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=k1';
    expect(robotRequest('wecom', url, 'ignored', '新官文', now)).toEqual({ url, body: { msgtype: 'text', text: { content: '新官文' } } });
  });

  it('DingTalk: signed in the address by the millisecond timestamp and HMAC-SHA256 of timestamp, newline, secret', () => {
    const { url, body } = robotRequest('dingtalk', 'https://oapi.dingtalk.com/robot/send?access_token=t', 'SECx', '待审批', now);
    const signed = new URL(url);
    expect(signed.searchParams.get('access_token')).toBe('t');
    expect(signed.searchParams.get('timestamp')).toBe('1795680000123');
    expect(signed.searchParams.get('sign')).toBe(createHmac('sha256', 'SECx').update('1795680000123\nSECx').digest('base64'));
    expect(body).toEqual({ msgtype: 'text', text: { content: '待审批' } });
    expect(robotRequest('dingtalk', 'https://oapi.dingtalk.com/robot/send?access_token=t', null, 'x', now).url).toBe(
      'https://oapi.dingtalk.com/robot/send?access_token=t',
    );
  });

  it('Feishu: signed in the body by the second timestamp, the key being timestamp, newline, secret', () => {
    const { body } = robotRequest('feishu', 'https://open.feishu.cn/open-apis/bot/v2/hook/h', 'fs', '审批结果', now);
    expect(body).toEqual({
      msg_type: 'text',
      content: { text: '审批结果' },
      timestamp: '1795680000',
      sign: createHmac('sha256', '1795680000\nfs').update('').digest('base64'),
    });
  });

  it('reads each vendor’s answer: an error code other than 0 is a refusal, said in Chinese', () => {
    expect(robotAccepted('wecom', { errcode: 0, errmsg: 'ok' })).toBeNull();
    expect(robotAccepted('dingtalk', { errcode: 310000, errmsg: 'sign not match' })).toBe('钉钉机器人返回错误 310000：sign not match');
    expect(robotAccepted('feishu', { code: 0, msg: 'success' })).toBeNull();
    expect(robotAccepted('feishu', { code: 19021, msg: 'sign match fail' })).toBe('飞书机器人返回错误 19021：sign match fail');
  });
});
