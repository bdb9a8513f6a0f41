// Writes dist/cjs/package.json: it marks the CommonJS build as such, and, being the nearest
// package.json of those files, must carry the `#crypto` import map for them too (Node resolves
// `#` imports against the nearest package.json).
import { writeFileSync } from 'node:fs';

const cjs = {
  type: 'commonjs',
  imports: { '#crypto': { node: './platform/cryptoNode.js', default: './platform/cryptoWeb.js' } },
};
writeFileSync(new URL('./dist/cjs/package.json', import.meta.url), `${JSON.stringify(cjs, null, 2)}\n`);
