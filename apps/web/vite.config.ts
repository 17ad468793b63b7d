import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The one Vatlas process (API, embedded provider, /config.json) listens on 3000; the dev server
// forwards those paths so the SPA sees a single origin, as it does in production.
const backend = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
