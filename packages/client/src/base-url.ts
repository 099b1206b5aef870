/** The service's base URL without a trailing slash, so paths can be appended as `/v1/...`. */
export function normalizeBaseUrl(baseUrl: string): string {
  const url = new URL(baseUrl);
  return url.toString().replace(/\/+$/, '');
}
