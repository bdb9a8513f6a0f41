import { hostAllowed } from '../../net/hostAllowlist.js';
import { ApiError } from '../errors.js';

/** A knowledge URL off the project's allowed hosts is refused when it is sent, not when it is fetched. */
export function assertAllowedHost(allowedHosts: readonly string[], url: string): void {
  const parsed = new URL(url);
  if (!hostAllowed(allowedHosts, parsed)) {
    throw new ApiError('ValidationError', `${url}: ${parsed.host} is not on the project's allowed hosts (${allowedHosts.join(', ')})`);
  }
}
