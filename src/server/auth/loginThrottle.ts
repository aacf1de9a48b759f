import type { ServerConfig } from '../config.js';

export type ThrottleSettings = Pick<ServerConfig, 'maxFailedLogins' | 'lockMinutes' | 'loginSlowdownMs'>;

export interface FailedLoginPenalty {
  /** Set when this failure reaches the limit. */
  lockUntil: Date | null;
  /** How long to hold the reply: nothing for the first two failures, then more each time. */
  delayMs: number;
  attemptsLeft: number;
}

export function penaltyForFailure(failures: number, settings: ThrottleSettings, now = new Date()): FailedLoginPenalty {
  if (failures >= settings.maxFailedLogins) {
    return { lockUntil: new Date(now.getTime() + settings.lockMinutes * 60_000), delayMs: 0, attemptsLeft: 0 };
  }
  return {
    lockUntil: null,
    delayMs: failures > 2 ? settings.loginSlowdownMs * (failures - 2) : 0,
    attemptsLeft: settings.maxFailedLogins - failures,
  };
}
