/** `example.com`, `*.example.com` (its subdomains, not itself), an IPv4 or `[v6]` literal; optionally `:port`. Lower case. */
export const HOST_PATTERN = /^(?:(?:\*\.)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;
