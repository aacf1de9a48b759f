import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { antdStaticStyle } from './generators/antdStaticStyle.js';
import { precompressAssets } from './generators/precompressAssets.js';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('./src/web', import.meta.url));

export default defineConfig({
  root,
  plugins: [react(), antdStaticStyle(), precompressAssets()],
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 4000,
    // The compressed sizes are written by precompressAssets; vite need not compute them again.
    reportCompressedSize: false,
  },
});
