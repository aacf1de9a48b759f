import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { antdStaticStyle } from './generators/antdStaticStyle.js';
import { precompressAssets } from './generators/precompressAssets.js';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('./src/web', import.meta.url));
/** Modules kept out of the shared lazy chunk: each domain's widgets, and the large libraries only one part uses. */
const LOADED_APART = /[\\/](src[\\/]widgets|node_modules[\\/](monaco-editor|pdfjs-dist|quill|@dnd-kit|echarts|zrender))[\\/]/;

export default defineConfig({
  root,
  plugins: [react(), antdStaticStyle(), precompressAssets()],
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 4000,
    // The compressed sizes are written by precompressAssets; vite need not compute them again.
    reportCompressedSize: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything the sign-in page needs, in one file.
            { name: 'index', tags: ['$initial'] },
            // What two or more lazy parts share (antd's tables, pickers, uploads…), in one file too rather than dozens of small ones.
            // A widget domain stays in its own chunk; the designer's editor, PDF.js and Quill stay with the part that uses them.
            { name: 'shared', test: (id) => !LOADED_APART.test(id), minShareCount: 2 },
          ],
        },
      },
    },
  },
});
