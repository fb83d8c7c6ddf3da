// `npm start`: install if needed, build if stale, then run the server (it migrates the database on start).
import { spawn } from 'node:child_process';
import { ensureBuilt, ensureInstalled, root } from './lib.mjs';

await ensureInstalled();
await ensureBuilt();

const server = spawn(process.execPath, ['apps/server/dist/main.js'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
