// The console is a static SPA the api serves at /console/. @vitejs/plugin-react cannot be
// installed (peer conflict), so Vite's built-in Oxc transform compiles JSX (automatic runtime).
import { defineConfig } from 'vite';

// Decoded, so a checkout under a path with spaces still resolves.
const here = decodeURIComponent(new URL('.', import.meta.url).pathname);

export default defineConfig({
  root: here,
  base: '/console/',
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  // The client's SSE parser from its source, so the console builds before the packages are
  // (`tsc -b` still checks the console against the package's `./sse` export). The contract
  // needs no alias: the console imports only its types.
  resolve: { alias: { '@askflow/client/sse': `${here}../client/src/sseParser.ts` } },
  build: { outDir: `${here}dist`, emptyOutDir: true, chunkSizeWarningLimit: 1024 },
});
