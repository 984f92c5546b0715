// The baseline: a bare Fastify hello-world on the same machine, so every API figure is a ratio that survives a
// noisy or slow host. Plain JavaScript (no loader), like the built server, so its memory is comparable too.
import process from 'node:process';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
// The floor for the landing page's LCP: one heading, no script, loaded under the same phone profile.
app.get('/page', async (_request, reply) =>
  reply
    .type('text/html; charset=utf-8')
    .send(
      '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
        '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Hello</title></head>' +
        '<body><h1>Hello, world</h1><p>A bare page served by Fastify.</p></body></html>',
    ),
);
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
