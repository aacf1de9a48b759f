import type { FastifyError, FastifyInstance } from 'fastify';
import { SubCode } from '../../shared/envelope.js';
import { ApiError } from './apiError.js';
import { describeValidationErrors } from './validationMessage.js';

function errorBody(status: number, subCode: number, subMessage: string) {
  return { code: status, message: subMessage, data: null, subCode, subMessage };
}

/** Maps every failure to the envelope with an honest status and a Chinese subMessage. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setSchemaErrorFormatter((errors) => new ApiError(422, SubCode.validation, describeValidationErrors(errors)));

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      // A dependency that failed (the object store) is the operator's business: the log says why.
      if (error.status >= 500 && error.cause) request.log.error({ err: error.cause }, error.subMessage);
      return reply.status(error.status).send(errorBody(error.status, error.subCode, error.subMessage));
    }
    const status = error.statusCode ?? 500;
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error instanceof SyntaxError) {
      return reply.status(400).send(errorBody(400, SubCode.badJson, '请求体不是合法的 JSON'));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) {
      return reply.status(413).send(errorBody(413, SubCode.tooLarge, '请求体过大'));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415) {
      return reply.status(415).send(errorBody(415, SubCode.unsupportedMedia, '不支持的请求内容类型，请以 JSON 提交'));
    }
    if (status < 500) return reply.status(status).send(errorBody(status, SubCode.validation, `请求有误：${error.message}`));
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody(500, SubCode.internal, '服务器内部错误，请稍后重试'));
  });
}

export function notFoundBody(method: string, url: string) {
  return errorBody(404, SubCode.notFound, `接口不存在：${method} ${url.split('?')[0]}`);
}
