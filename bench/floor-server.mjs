// The floors of the API on SQLite: what Fastify with better-sqlite3's prepared statements costs for the same work as
// the app, written as directly as possible, on the app's own database file (FLOOR_DB, opened beside the running app;
// WAL lets it read while the app writes). `GET /session` is a session lookup (the cookie's token hash, one join on
// primary keys, trusted for 2 seconds as the app trusts it) answering the learner, as GET /api/auth/page-load-login
// does; `GET /batch` adds the quiz batch's
// statement, the deck walked from the learner's frontier with a literal LIMIT, answering its 15 words as JSON.
// `PATCH /answer` is an answer to a word the learner has not met, as the app's answer route does it: the session,
// the word from memory, the typed text judged, the card scheduled with ts-fsrs, then in one write transaction the
// answer's id checked, the card inserted, the frontier walked on, the answer logged; answers that arrive in the same
// turn of the event loop share their transaction, and each is answered once its commit is on the disk (an fdatasync
// of the WAL on the thread pool), the durability the app gives, with what the app answers: the word and its card's
// new state, and that it was scheduled. It answers in the `recall`
// direction, so that its cards and frontiers are not the ones the app's answers create. Every answer but `GET /`
// carries what each of the app's API answers must carry: the security headers (from the built server's own module,
// so they are the same bytes) and `cache-control: no-store`, set as the request arrives, as the app sets them.
// Plain JavaScript (no loader), like the built server; it needs `npm run build`, as the bench does.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import process from 'node:process';
import { setImmediate } from 'node:timers';
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import { Rating, createEmptyCard, fsrs } from 'ts-fsrs';
import { securityHeaders } from '../apps/server/dist/plugins/security-headers.js';

const db = new Database(process.env.FLOOR_DB ?? '', { readonly: true, fileMustExist: true });
const session = db.prepare(
  'select u.id, u.username, u.desired_retention, u.strict_accents, ' +
    's.expires_at from sessions s join users u on u.id = s.user_id where s.token_hash = ?',
);
const batch = db.prepare(`select w.id, w.word, w.translation, w.pos, w.article, w.note, w.hint, w.example,
    w.example_translation, w.rank,
    p.answered_correctly, p.due
  from words w left join progress p on p.word_id = w.id and p.learner_id = ? and p.direction = 'recognise'
  where w.language = 'spanish' and w.active = 1 and w.owner_id is null
    and (p.answered_correctly is null or p.answered_correctly = 0) and coalesce(p.last_failed_at, 0) <= 0
    and w.rank >= coalesce((select rank from frontiers where learner_id = ? and language = 'spanish' and
    direction = 'recognise'), 0)
  order by w.rank, w.id limit 15`);

// Sessions read in the last 2 seconds are trusted without reading them again, as the app trusts them
// (modules/auth/session-cache.ts); one not found is read again each time.
const TRUST_MS = 2_000;
const trusted = new Map();

function learnerOf(request) {
  const token = /(?:^|;\s*)sid=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
  if (!token) return null;
  const tokenHash = createHash('sha256').update(decodeURIComponent(token)).digest('hex');
  const now = Date.now();
  let entry = trusted.get(tokenHash);
  if (!entry || entry.until <= now) {
    const row = session.get(tokenHash);
    if (!row) return null;
    entry = { row, until: now + TRUST_MS };
    trusted.set(tokenHash, entry);
  }
  return entry.row.expires_at > now ? entry.row : null;
}

// The answer's writes: a connection of its own, as the app's one writer.
const writer = new Database(process.env.FLOOR_DB ?? '', { fileMustExist: true });
writer.pragma('synchronous = NORMAL');
writer.pragma('foreign_keys = ON');
writer.pragma('busy_timeout = 5000');
// The deck's words as the app keeps them in memory: what an answer is judged against, and the word its answer sends.
const words = new Map(
  writer
    .prepare(
      `select id, word, translation, pos, article, note, hint, example, example_translation, rank from words
      where language = 'spanish' and owner_id is null`,
    )
    .all()
    .map((w) => {
      const translations = w.translation.split(';').map((t) => t.trim());
      return [w.id, { ...w, translations, expected: translations.map((t) => t.toLowerCase()) }];
    }),
);
/** The app's answer to an answer: the word with its card's new state, and that it was scheduled. */
const answered = (w, correct, due) => ({
  word: {
    _id: String(w.id),
    word: w.word,
    translation: w.translation,
    translations: w.translations,
    answeredCorrectly: correct,
    article: w.article,
    pos: w.pos,
    note: w.note,
    hint: w.hint,
    rank: w.rank,
    own: false,
    due,
    example: w.example || null,
    exampleTranslation: w.example_translation || null,
  },
  scheduled: true,
});
// What the app reads before an answer: the answer's id used or taken back, the card answered in its quiz session,
// the learner's memory model and the card.
const answerSeen =
  writer.prepare(`select exists (select 1 from reviews where learner_id = @learner and answer_id = @answer) as used,
    exists (select 1 from taken_back_answers where learner_id = @learner and answer_id = @answer) as taken_back,
    exists (select 1 from reviews where learner_id = @learner and session_id = @session and word_id = @word
    and direction = 'recall') as in_session,
    (select parameters from memory_models where learner_id = @learner and language = 'spanish') as parameters,
    (select reps from progress where learner_id = @learner and word_id = @word and direction = 'recall') as reps`);
const insertCard =
  writer.prepare(`insert into progress (learner_id, word_id, direction, language, answered_correctly, due,
    stability, difficulty,
    elapsed_days, scheduled_days, learning_steps, reps, lapses, state, last_review, last_rating,
    last_failed_at, updated_at)
  values (?, ?, 'recall', 'spanish', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
const advanceFrontier = writer.prepare(`insert into frontiers (learner_id, language, direction, rank)
  values (@learner, 'spanish', 'recall', coalesce((select w.rank from words w where w.language = 'spanish'
    and w.rank >= coalesce((select rank from frontiers where learner_id = @learner and language = 'spanish'
    and direction = 'recall'), 0)
    and w.owner_id is null and w.active = 1
    and not exists (select 1 from progress c where c.word_id = w.id and c.learner_id = @learner and
    c.direction = 'recall')
    order by w.rank limit 1), 2147483647))
  on conflict (learner_id, language, direction) do update set rank = excluded.rank where frontiers.rank <>
  excluded.rank`);
const logAnswer = writer.prepare(`insert into reviews (learner_id, word_id, direction, answer_id, session_id, rating,
    verdict, typed, scheduled,
    previous, state, elapsed_days, scheduled_days, reviewed_at, received_at) values (?, ?, 'recall', ?, ?, ?,
    ?, ?, 1, '"new"', ?, ?, ?, ?, ?)`);
const scheduler = fsrs();
const walFd = fs.openSync(`${process.env.FLOOR_DB ?? ''}-wal`, 'r+');

/** Answers of this turn of the event loop, written in one transaction by `commitTurn`. */
let pending = [];
const writeAnswers = writer.transaction((answers) =>
  answers.map(({ learner, word, body, correct, now }) => {
    const wordId = word.id;
    const seen = answerSeen.get({
      learner: learner.id,
      answer: body.answerId,
      word: wordId,
      session: body.sessionId ?? '',
    });
    if (seen.used || seen.taken_back || seen.reps !== null) return { used: true };
    const { card, log } = scheduler.next(createEmptyCard(now), now, correct ? Rating.Good : Rating.Again);
    insertCard.run(
      learner.id,
      wordId,
      correct ? 1 : 0,
      card.due.getTime(),
      card.stability,
      card.difficulty,
      card.elapsed_days,
      card.scheduled_days,
      card.learning_steps,
      card.reps,
      card.lapses,
      card.state,
      now.getTime(),
      log.rating,
      correct ? null : now.getTime(),
      now.getTime(),
    );
    advanceFrontier.run({ learner: learner.id });
    logAnswer.run(
      learner.id,
      wordId,
      body.answerId,
      body.sessionId,
      log.rating,
      correct ? 'correct' : 'incorrect',
      body.typed,
      log.state,
      log.elapsed_days,
      log.scheduled_days,
      now.getTime(),
      now.getTime(),
    );
    return answered(word, correct, card.due.getTime());
  }),
);
function commitTurn() {
  const turn = pending;
  pending = [];
  let results;
  try {
    // BEGIN IMMEDIATE: the app's own processes write this file too, and a deferred transaction that read first and
    // then writes fails at once ("database is locked") when another wrote in between, without waiting its turn.
    results = writeAnswers.immediate(turn);
  } catch (err) {
    for (const a of turn) a.reject(err);
    return;
  }
  fs.fdatasync(walFd, (err) => turn.forEach((a, i) => (err ? a.reject(err) : a.resolve(results[i]))));
}

const app = Fastify({ logger: false });
app.get('/', async () => ({ ok: true }));
const headers = { ...securityHeaders(), 'cache-control': 'no-store' };
app.addHook('onRequest', (request, reply, done) => {
  if (request.url !== '/') reply.headers(headers);
  done();
});
app.get('/session', async (request, reply) => {
  const learner = learnerOf(request);
  if (!learner) return reply.status(401).send({ error: 'unauthorized' });
  return { _id: learner.id, username: learner.username };
});
app.get('/batch', async (request, reply) => {
  const learner = learnerOf(request);
  if (!learner) return reply.status(401).send({ error: 'unauthorized' });
  return batch.all(learner.id, learner.id).map((w) => ({
    _id: String(w.id),
    word: w.word,
    translation: w.translation,
    translations: w.translation.split(';').map((t) => t.trim()),
    answeredCorrectly: w.answered_correctly === 1,
    article: w.article,
    pos: w.pos,
    note: w.note,
    hint: w.hint,
    example: w.example || null,
    exampleTranslation: w.example_translation || null,
    rank: w.rank,
    own: false,
    due: w.due ?? null,
  }));
});
app.patch('/answer', async (request, reply) => {
  const learner = learnerOf(request);
  if (!learner) return reply.status(401).send({ error: 'unauthorized' });
  const word = words.get(Number(request.query.wordId));
  const body = request.body;
  if (!word || typeof body?.typed !== 'string' || typeof body.answerId !== 'string')
    return reply.status(400).send({ error: 'bad answer' });
  const correct = word.expected.includes(body.typed.trim().toLowerCase());
  if (pending.length === 0) setImmediate(commitTurn);
  return new Promise((resolve, reject) =>
    pending.push({ learner, word, body, correct, now: new Date(), resolve, reject }),
  );
});
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.on('SIGTERM', () => {
  void app.close().then(() => {
    db.close();
    writer.close();
    process.exit(0);
  });
});
