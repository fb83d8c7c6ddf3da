// The hardware baseline: the smallest Fastify app that answers like ours (JSON, same version).
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/api/ready/', async () => ({ status: 'ready' }));
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
