import { ErrorCode, httpStatusOf } from './rpc-error';

describe('httpStatusOf', () => {
  it.each([
    [ErrorCode.INVALID_ARGUMENT, 400],
    [ErrorCode.UNAUTHENTICATED, 401],
    [ErrorCode.PERMISSION_DENIED, 403],
    [ErrorCode.NOT_FOUND, 404],
    [ErrorCode.CONFLICT, 409],
    [ErrorCode.PAYLOAD_TOO_LARGE, 413],
    [ErrorCode.UNPROCESSABLE, 422],
    [ErrorCode.RESOURCE_EXHAUSTED, 429],
    [ErrorCode.UNAVAILABLE, 503],
    [ErrorCode.INTERNAL, 500],
    [ErrorCode.UNSPECIFIED, 500],
  ])('maps code %s to HTTP %s', (code, status) => {
    expect(httpStatusOf(code)).toBe(status);
  });
});
