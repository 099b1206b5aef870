/**
 * A refusal of the simulated Unipile API, answered as its RFC 7807 problem body: object, type,
 * status, title, detail (https://developer.unipile.com/v2.0/reference/error-responses). Nothing
 * else: no retry hint, which Unipile does not document.
 */
export class SimProblem extends Error {
  constructor(
    readonly status: number,
    /** Without the `errors/` prefix, e.g. `already_invited_recently`. */
    readonly reason: string,
    detail: string,
  ) {
    super(detail);
    this.name = 'SimProblem';
  }

  body(instance: string): Record<string, unknown> {
    return {
      object: 'Error',
      title: TITLES[this.status] ?? 'Error',
      detail: this.message,
      instance,
      type: `errors/${this.reason}`,
      status: this.status,
    };
  }
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};
