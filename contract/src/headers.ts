/**
 * Header names that are never forwarded to a tool through the `headers` channel: the service's
 * own authentication and content negotiation, and HTTP framing. Compared case-insensitively.
 */
export const SDK_RESERVED_HEADERS: readonly string[] = Object.freeze([
  'Authorization',
  'Content-Type',
  'Accept',
  'X-API-Key',
  'X-Tenant-Id',
  'X-Request-Id',
  'Host',
  'Content-Length',
  'Transfer-Encoding',
  'Connection',
  'Keep-Alive',
  'Upgrade',
  'TE',
  'Trailer',
  'Proxy-Authorization',
  'Proxy-Connection',
]);

/** Headers the service sets on every outbound tool call; nothing a caller sends overrides them. */
export const SERVICE_HEADERS = Object.freeze({
  signature: 'X-Service-Signature',
  timestamp: 'X-Service-Timestamp',
  requestId: 'X-Service-Request-Id',
  tenantId: 'X-Service-Tenant-Id',
});

export function isReservedHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return SDK_RESERVED_HEADERS.some((h) => h.toLowerCase() === lower) || lower.startsWith('x-service-');
}

/** An HTTP header name (RFC 9110 token), at most 100 characters. */
export const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/;

/**
 * Whether `value` can travel as an HTTP header value: visible ASCII, Latin-1, space and tab
 * (RFC 9110 field-value). CR/LF would split the request, NUL and other controls are refused by
 * every HTTP stack, and characters above U+00FF have no byte to be sent as.
 */
export function isHeaderValue(value: string): boolean {
  return /^[\t\x20-\x7e\x80-\xff]*$/.test(value);
}
