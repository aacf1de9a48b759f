import { PGlite } from '@electric-sql/pglite';
const rss = () => Math.round(process.memoryUsage().rss / 1048576);
console.log('base', rss());
const opts = process.argv[2] && process.argv[2] !== '0' ? { initialMemory: Number(process.argv[2]) * 1048576 } : {};
const db = await PGlite.create(process.argv[3] ?? 'memory://', opts);
await db.query('select 1');
console.log('pglite', rss(), JSON.stringify(opts));
