import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { antdStaticStyle } from './generators/antdStaticStyle.js';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('./src/web', import.meta.url));

export default defineConfig({
  root,
  plugins: [react(), antdStaticStyle()],
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 4000,
  },
});
