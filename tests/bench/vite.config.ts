import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { antdStaticStyle } from '../../generators/antdStaticStyle.js';
import { fileURLToPath } from 'node:url';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The bench pages: the real GenericTable and page renderer, and the same 300-field form in amis and
 * rjsf (installed in tests/bench/forms only). One React, antd and dayjs for all of them.
 */
export default defineConfig({
  root: here('.'),
  base: './',
  plugins: [react(), antdStaticStyle()],
  logLevel: 'warn',
  // amis' stylesheet still carries old IE hacks.
  css: { lightningcss: { errorRecovery: true } },
  resolve: { dedupe: ['react', 'react-dom', 'antd', '@ant-design/icons', 'dayjs'] },
  build: {
    outDir: here('../../.tmp/bench-web'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 20_000,
    rollupOptions: {
      input: {
        table: here('blocks/table.html'),
        ours: here('forms/ours.html'),
        amis: here('forms/amis.html'),
        rjsf: here('forms/rjsf.html'),
      },
    },
  },
});
