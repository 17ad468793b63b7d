import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The one Vatlas process (API, embedded provider, /config.json) listens on 3000; the dev server
// forwards those paths so the SPA sees a single origin, as it does in production.
const backend = 'http://localhost:3000';

/** The text files of a build worth compressing. Source maps stay as they are: only developer tools fetch them. */
const COMPRESSIBLE = /\.(?:js|css|html|svg|json|txt|webmanifest)$/;
/** Below this a compressed copy saves less than its own response headers. */
const MIN_COMPRESSIBLE_BYTES = 1024;

/**
 * Writes `<file>.br` and `<file>.gz` beside each compressible file of the build, once, when it is built: the server
 * sends them as they are to a browser that accepts them (@fastify/static's `preCompressed`, plugins/web-app.ts), with
 * no compressing per request. Brotli at its best ratio (some 3 s for the whole build; its JavaScript 2.3 MB -> 0.63 MB);
 * gzip as well, since browsers ask for Brotli from secure origins only (HTTPS, localhost): an install reached over plain
 * HTTP is served gzip.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'vatlas-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const relative of readdirSync(outDir, { recursive: true, encoding: 'utf8' })) {
        if (!COMPRESSIBLE.test(relative)) continue;
        const path = join(outDir, relative);
        const content = readFileSync(path);
        if (content.length < MIN_COMPRESSIBLE_BYTES) continue;
        const brotli = brotliCompressSync(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        });
        writeFileSync(`${path}.br`, brotli);
        writeFileSync(`${path}.gz`, gzipSync(content, { level: constants.Z_BEST_COMPRESSION }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  server: {
    proxy: {
      '/api': backend,
      '/idp': backend,
      '/config.json': backend,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      output: {
        // Libraries change less often than our code: separate chunks stay cached across deploys.
        manualChunks: {
          react: ['react', 'react-dom', 'react-dom/client', 'react-router'],
          auth: ['oidc-client-ts'],
          i18n: ['i18next', 'react-i18next'],
          zod: ['zod'],
        },
      },
    },
  },
});
