import { expectMatchesContract } from '@outreach/contract/testing';

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export interface RequestOptions {
  /** A JSON value to send as the body (with `Content-Type: application/json`). */
  json?: unknown;
  /** A raw body sent as given, for malformed or mistyped requests. */
  raw?: string | Uint8Array;
  headers?: Record<string, string>;
  /** Leave out the API key. */
  anonymous?: boolean;
  /**
   * Check the answer against the OpenAPI document (default). Off only for paths the document
   * does not have, such as unknown routes.
   */
  validate?: boolean;
}

/**
 * A small fetch client for the tests. Every answer to a documented path is checked against the
 * contract (status documented for the operation, body and headers as documented), so each test
 * also proves its responses match the OpenAPI document.
 */
export class ApiClient {
  constructor(
    readonly baseUrl: string,
    readonly apiKey: string,
  ) {}

  withKey(apiKey: string): ApiClient {
    return new ApiClient(this.baseUrl, apiKey);
  }

  async request<T = unknown>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (!options.anonymous) headers['x-api-key'] = this.apiKey;
    let body: string | Uint8Array | undefined = options.raw;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(this.baseUrl + path, {
      method,
      headers,
      ...(body !== undefined ? { body } : {}),
    });
    const text = await response.text();
    const parsed: unknown = text === '' ? undefined : parseJson(text, response);
    if (options.validate !== false) {
      expectMatchesContract({
        method,
        path,
        status: response.status,
        body: parsed,
        headers: response.headers,
      });
    }
    return { status: response.status, headers: response.headers, body: parsed as T };
  }

  get<T = unknown>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, options);
  }

  post<T = unknown>(path: string, json?: unknown, options: RequestOptions = {}) {
    return this.request<T>('POST', path, json === undefined ? options : { ...options, json });
  }

  put<T = unknown>(path: string, json?: unknown, options: RequestOptions = {}) {
    return this.request<T>('PUT', path, json === undefined ? options : { ...options, json });
  }

  patch<T = unknown>(path: string, json?: unknown, options: RequestOptions = {}) {
    return this.request<T>('PATCH', path, json === undefined ? options : { ...options, json });
  }

  delete<T = unknown>(path: string, json?: unknown, options: RequestOptions = {}) {
    return this.request<T>('DELETE', path, json === undefined ? options : { ...options, json });
  }
}

function parseJson(text: string, response: Response): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(
      `${response.status} answer is not JSON (${response.headers.get('content-type')}): ${text.slice(0, 200)}`,
    );
  }
}
