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
