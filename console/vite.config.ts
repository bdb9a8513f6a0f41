// The console is a static SPA the api serves at /console/. @vitejs/plugin-react cannot be
// installed (peer conflict), so Vite's built-in Oxc transform compiles JSX (automatic runtime).
import { defineConfig } from 'vite';

// Decoded, so a checkout under a path with spaces still resolves.
const here = decodeURIComponent(new URL('.', import.meta.url).pathname);

export default defineConfig({
  root: here,
  base: '/console/',
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  // The client's SSE parser and the contract's zod-free names from their sources, so the console
  // builds before the packages are (`tsc -b` still checks the console against the packages'
  // exports). Everything else of the contract is imported as types only: its schemas would pull
  // zod into the bundle.
  resolve: {
    alias: {
      '@askflow/client/sse': `${here}../client/src/sseParser.ts`,
      '@askflow/contract/names': `${here}../contract/src/names.ts`,
    },
  },
  // Each page is its own chunk (React.lazy), chart.js only in the analytics one; every file name
  // carries its content hash, so the api can let browsers cache /console/assets/ for a year.
  // The entry chunk is mostly React and React DOM, which every page needs.
  build: { outDir: `${here}dist`, emptyOutDir: true, chunkSizeWarningLimit: 256 },
});
