import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { PWA_OPTIONS } from './pwa.config';

const source = (pkg: string) => fileURLToPath(new URL(`../../packages/${pkg}/src/index.ts`, import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), VitePWA(PWA_OPTIONS)],
  resolve: {
    alias: {
      '@vocab/core': source('core'),
      '@vocab/api': source('api'),
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, target: 'es2022' },
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:3000' } },
});
