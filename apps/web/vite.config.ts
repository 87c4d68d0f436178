import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

// The API runs on the same origin in production; in `vite dev` requests go to the local server.
const api = process.env.API_ORIGIN ?? 'http://127.0.0.1:3000';

export default defineConfig({
  base: '/web/',
  plugins: [react(), tailwindcss()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 400 },
  server: { proxy: { '/api': api, '/media': api, '/logout': api } },
});
