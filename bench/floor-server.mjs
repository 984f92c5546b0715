// The floors of the API on SQLite: what Fastify with better-sqlite3's prepared statements costs for the same work as
// the app, written as directly as possible, on the app's own database file (FLOOR_DB, opened beside the running app;
// WAL lets it read while the app writes). `GET /session` is a session lookup (the cookie's token hash, one join on
// primary keys) answering the learner, as GET /api/auth/page-load-login does; `GET /batch` adds the quiz batch's
// statement, the deck walked from the learner's frontier with a literal LIMIT, answering its 15 words as JSON.
// Plain JavaScript (no loader), like the built server.
import { createHash } from 'node:crypto';
import process from 'node:process';
import Database from 'better-sqlite3';
import Fastify from 'fastify';

const db = new Database(process.env.FLOOR_DB ?? '', { readonly: true, fileMustExist: true });
const session = db.prepare(
  'select u.id, u.username, u.desired_retention, u.strict_accents, s.expires_at from sessions s join users u on u.id = s.user_id where s.token_hash = ?',
);
const batch = db.prepare(`select w.id, w.word, w.translation, w.pos, w.article, w.note, w.hint, w.example, w.example_translation, w.rank,
    p.answered_correctly, p.due
  from words w left join progress p on p.word_id = w.id and p.learner_id = ? and p.direction = 'recognise'
  where w.language = 'spanish' and w.active = 1 and w.owner_id is null
    and (p.answered_correctly is null or p.answered_correctly = 0) and coalesce(p.last_failed_at, 0) <= 0
    and w.rank >= coalesce((select rank from frontiers where learner_id = ? and language = 'spanish' and direction = 'recognise'), 0)
  order by w.rank, w.id limit 15`);

function learnerOf(request) {
  const token = /(?:^|;\s*)sid=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
  if (!token) return null;
  const row = session.get(createHash('sha256').update(decodeURIComponent(token)).digest('hex'));
  return row && row.expires_at > Date.now() ? row : null;
}

const app = Fastify({ logger: false });
app.get('/', async () => ({ ok: true }));
app.get('/session', async (request, reply) => {
  const learner = learnerOf(request);
  if (!learner) return reply.status(401).send({ error: 'unauthorized' });
  return { _id: learner.id, username: learner.username };
});
app.get('/batch', async (request, reply) => {
  const learner = learnerOf(request);
  if (!learner) return reply.status(401).send({ error: 'unauthorized' });
  return batch.all(learner.id, learner.id).map((w) => ({
    _id: String(w.id), word: w.word, translation: w.translation, translations: w.translation.split(';').map((t) => t.trim()),
    answeredCorrectly: w.answered_correctly === 1, article: w.article, pos: w.pos, note: w.note, hint: w.hint,
    example: w.example || null, exampleTranslation: w.example_translation || null, rank: w.rank, own: false, due: w.due ?? null,
  }));
});
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.on('SIGTERM', () => {
  void app.close().then(() => {
    db.close();
    process.exit(0);
  });
});
