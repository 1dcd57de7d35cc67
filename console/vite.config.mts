import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The web console: React through Vite's own TSX transform (oxc; no Babel plugin is needed for a
 * production build), served by the tenant API under /console. No inline script: the CSP forbids it.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/console/',
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    reportCompressedSize: false,
  },
  logLevel: 'warn',
});
