import { SubCode } from '../../shared/envelope.js';

/** A failure the client is told about: an honest HTTP status plus a Chinese subMessage. */
export class ApiError extends Error {
  /** Work that must outlive the request's transaction (a wrong password counted): done after its rollback, before the answer. */
  afterRollback?: () => Promise<void>;

  constructor(
    readonly status: number,
    readonly subCode: number,
    readonly subMessage: string,
    options?: { cause?: unknown },
  ) {
    super(subMessage, options);
  }
}

export const badRequest = (message: string) => new ApiError(422, SubCode.validation, message);
export const forbidden = (message: string) => new ApiError(403, SubCode.forbidden, message);
export const notFound = (message: string) => new ApiError(404, SubCode.notFound, message);
export const conflict = (message: string) => new ApiError(409, SubCode.conflict, message);
