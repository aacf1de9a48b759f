import type { DeadlineStep } from '../../generated/types.js';
import type { OfficialTypeEntry } from '../officialTypes.js';
import { countPeriod, type CountedDeadline } from './countedDeadline.js';
import { parseDeadlineRule, periodEnd, periodText, type Period } from './deadlineRule.js';
import type { WorkCalendar } from './workCalendar.js';

export type DeliveryMethod = '电子' | '纸质' | '公告';

/** The dates a letter carries, as its form holds them. */
export interface LetterDates {
  deliveryMethod: DeliveryMethod;
  /** 发文日期 printed on the letter. */
  sendDate: string | null;
  /** 收文日期: the postmark of receipt for paper, the day it entered our system for electronic. */
  receiveDate: string;
  /** For an electronic letter: the receive date is proven, so no delivery is presumed. */
  receiptProven: boolean;
}

/** A letter whose dates cannot give its deadline; the message names what is missing. */
export class LetterDatesProblem extends Error {}

const DELIVERY_ARTICLE = '商标法实施条例第十条';
const ELECTRONIC_PRESUMPTION: Period = { amount: 15, unit: 'd' };
const NOTICE_PRESUMPTION: Period = { amount: 30, unit: 'd' };

interface Service {
  served: string;
  steps: DeadlineStep[];
}

function requireSendDate(letter: LetterDates, what: string): string {
  if (!letter.sendDate) throw new LetterDatesProblem(`${what}须填写发文日期：期限自发文日起推定送达后起算（${DELIVERY_ARTICLE}）`);
  return letter.sendDate;
}

/**
 * When the letter counts as served (商标法实施条例 §10): by post on the postmark of receipt; electronically
 * 15 days after its send date (or the rule's own presumption), unless the day it entered our system is
 * proven; by public notice 30 days after the notice.
 */
function service(letter: LetterDates, presumption: Period | null): Service {
  if (letter.deliveryMethod === '纸质') {
    return {
      served: letter.receiveDate,
      steps: [{ kind: 'base', date: letter.receiveDate, text: `纸质送达，以收到的邮戳日 ${letter.receiveDate} 为送达日（${DELIVERY_ARTICLE}）` }],
    };
  }
  if (letter.deliveryMethod === '公告') {
    const notice = requireSendDate(letter, '公告送达的官文');
    const served = periodEnd(notice, NOTICE_PRESUMPTION);
    return {
      served,
      steps: [
        { kind: 'base', date: notice, text: `送达公告发布日 ${notice}` },
        { kind: 'presumption', date: served, text: `自公告发布之日起满 30 日视为送达（${DELIVERY_ARTICLE}）` },
      ],
    };
  }
  if (letter.receiptProven) {
    return {
      served: letter.receiveDate,
      steps: [
        {
          kind: 'base',
          date: letter.receiveDate,
          text: `电子送达，能证明官文进入本方电子系统的日期 ${letter.receiveDate}，以该日为送达日（${DELIVERY_ARTICLE}）`,
        },
      ],
    };
  }
  const sent = requireSendDate(letter, '电子送达的官文');
  const presumed = presumption ?? ELECTRONIC_PRESUMPTION;
  const served = periodEnd(sent, presumed);
  const presumptionText =
    presumed.amount === 0 ? `自发文日（公告日）起算，不另推定送达` : `电子送达自发文日起满 ${periodText(presumed)}视为送达（${DELIVERY_ARTICLE}）`;
  return {
    served,
    steps: [
      { kind: 'base', date: sent, text: `发文日期 ${sent}（以官文上印的发文日为准，不是下载日）` },
      { kind: 'presumption', date: served, text: presumptionText },
    ],
  };
}

/**
 * A letter's official deadline: the catalogue rule of its delivery method (公告 follows the
 * electronic rule's period) counted from the day it is served, moved off holidays; null when the
 * letter asks no answer. Throws `LetterDatesProblem` when a date the rule needs is missing.
 */
export function officialDeadline(
  entry: Pick<OfficialTypeEntry, 'electronicDelivery' | 'paperDelivery' | 'article' | 'action'>,
  letter: LetterDates,
  calendar: WorkCalendar,
): CountedDeadline | null {
  const rule = parseDeadlineRule(letter.deliveryMethod === '纸质' ? entry.paperDelivery : entry.electronicDelivery);
  if (!rule) return null;
  const { served, steps } = service(letter, letter.deliveryMethod === '电子' ? rule.presumption : null);
  const counted = countPeriod(served, rule.period, calendar, `送达后${entry.action ? `${entry.action}的期限` : ''}`, entry.article);
  return { date: counted.date, steps: [...steps, ...counted.steps] };
}
