// The floors of the API: what Fastify costs for the same work as the app with the database driver's prepared
// statements, written as directly as possible, on the app's own database. On SQLite (FLOOR_DB, the app's file, opened
// beside the running app; WAL lets it read while the app writes) through better-sqlite3; on PostgreSQL (FLOOR_PG_URL,
// the app's schema) through pg, each request's statements sent in as few round trips as the work allows, so that
// PostgreSQL's own CPU for the same work is measured too. `GET /session` is a session lookup (the cookie's token
// hash, one join on primary keys, trusted for 2 seconds as the app trusts it) answering the learner, as GET
// /api/auth/page-load-login does; `GET /batch` adds the quiz batch's statement, the deck walked from the learner's
// frontier with a literal LIMIT, answering its 15 words as JSON.
// `PATCH /answer` is an answer to a word the learner has not met, as the app's answer route does it: the session,
// the word from memory, the typed text judged, the card scheduled with ts-fsrs, then in one write transaction the
// answer's id checked, the card inserted, the frontier walked on, the answer logged, answered once its commit is on
// the disk. On SQLite answers that arrive in the same turn of the event loop share their transaction, and each is
// answered after an fdatasync of the WAL on the thread pool, the durability the app gives; on PostgreSQL each answer
// is its own transaction in two round trips (BEGIN with the checks, then the writes with the COMMIT), as the app's.
// Either answers what the app answers: the word and its card's new state, and that it was scheduled. It answers in the
// `recall` direction, so that its cards and frontiers are not the ones the app's answers create. Every answer but
// `GET /` carries what each of the app's API answers must carry: the security headers (from the built server's own
// module, so they are the same bytes) and `cache-control: no-store`, set as the request arrives, as the app sets them.
// Plain JavaScript (no loader), like the built server; it needs `npm run build`, as the bench does.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import process from 'node:process';
import { setImmediate } from 'node:timers';
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';
import { Rating, createEmptyCard, fsrs } from 'ts-fsrs';
import { securityHeaders } from '../apps/server/dist/plugins/security-headers.js';

// The same statements on either engine; `?` is SQLite's placeholder, PostgreSQL's are numbered.
const SESSION_SQL =
  'select u.id, u.username, u.desired_retention, u.strict_accents, ' +
  's.expires_at from sessions s join users u on u.id = s.user_id where s.token_hash = ?';
/** The quiz batch: the deck walked from the learner's frontier, each word with its card as `cards` joins it. */
const batchSql = (cards) => `select w.id, w.word, w.translation, w.pos, w.article, w.note, w.hint, w.example,
    w.example_translation, w.rank,
    p.answered_correctly, p.due
  from words w ${cards}
  where w.language = 'spanish' and w.active = 1 and w.owner_id is null
    and (p.answered_correctly is null or p.answered_correctly = 0) and coalesce(p.last_failed_at, 0) <= 0
    and w.rank >= coalesce((select rank from frontiers where learner_id = ? and language = 'spanish' and
    direction = 'recognise'), 0)
  order by w.rank, w.id limit 15`;
const BATCH_SQL = batchSql(
  "left join progress p on p.word_id = w.id and p.learner_id = ? and p.direction = 'recognise'",
);
// PostgreSQL plans the join above as a scan of the learner's cards for every word; each word's card looked up on its
// own (LATERAL, LIMIT 1) walks the deck's rank index, as the app's batch does there.
const BATCH_POSTGRES_SQL = batchSql(`left join lateral (select c.answered_correctly, c.due, c.last_failed_at
    from progress c where c.word_id = w.id and c.learner_id = ? and c.direction = 'recognise' limit 1) p on true`);
const WORDS_SQL = `select id, word, translation, pos, article, note, hint, example, example_translation, rank from words
  where language = 'spanish' and owner_id is null`;
// What the app reads before an answer: the answer's id used or taken back, the card answered in its quiz session,
// the learner's memory model and the card.
const SEEN_SQL = `select exists (select 1 from reviews where learner_id = @learner and answer_id = @answer) as used,
    exists (select 1 from taken_back_answers where learner_id = @learner and answer_id = @answer) as taken_back,
    exists (select 1 from reviews where learner_id = @learner and session_id = @session and word_id = @word
    and direction = 'recall') as in_session,
    (select parameters from memory_models where learner_id = @learner and language = 'spanish') as parameters,
    (select reps from progress where learner_id = @learner and word_id = @word and direction = 'recall') as reps`;
const INSERT_CARD_SQL = `insert into progress (learner_id, word_id, direction, language, answered_correctly, due,
    stability, difficulty,
    elapsed_days, scheduled_days, learning_steps, reps, lapses, state, last_review, last_rating,
    last_failed_at, updated_at)
  values (?, ?, 'recall', 'spanish', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
const ADVANCE_FRONTIER_SQL = `insert into frontiers (learner_id, language, direction, rank)
  values (@learner, 'spanish', 'recall', coalesce((select w.rank from words w where w.language = 'spanish'
    and w.rank >= coalesce((select rank from frontiers where learner_id = @learner and language = 'spanish'
    and direction = 'recall'), 0)
    and w.owner_id is null and w.active = 1
    and not exists (select 1 from progress c where c.word_id = w.id and c.learner_id = @learner and
    c.direction = 'recall')
    order by w.rank limit 1), 2147483647))
  on conflict (learner_id, language, direction) do update set rank = excluded.rank where frontiers.rank <>
  excluded.rank`;
const LOG_ANSWER_SQL = `insert into reviews (learner_id, word_id, direction, answer_id, session_id, rating,
    verdict, typed, scheduled,
    previous, state, elapsed_days, scheduled_days, reviewed_at, received_at) values (?, ?, 'recall', ?, ?, ?,
    ?, ?, 1, '"new"', ?, ?, ?, ?, ?)`;

/**
 * PostgreSQL's placeholders for SQLite's: each bare `?` the next number, each `@name` the number of its first place
 * (values then go in that order).
 */
function numbered(sql) {
  const names = [];
  return sql.replace(/\?|@(\w+)/g, (_, name) => {
    if (name === undefined) return `$${names.push(null)}`;
    const at = names.indexOf(name);
    return `$${at >= 0 ? at + 1 : names.push(name)}`;
  });
}

const scheduler = fsrs();

/** A new card's state after its first answer, and the answer's log, as the statements' parameters. */
function firstAnswer({ learner, word, body, correct, now }) {
  const { card, log } = scheduler.next(createEmptyCard(now), now, correct ? Rating.Good : Rating.Again);
  const at = now.getTime();
  return {
    due: card.due.getTime(),
    card: [
      learner.id,
      word.id,
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
      at,
      log.rating,
      correct ? null : at,
      at,
    ],
    log: [
      learner.id,
      word.id,
      body.answerId,
      body.sessionId,
      log.rating,
      correct ? 'correct' : 'incorrect',
      body.typed,
      log.state,
      log.elapsed_days,
      log.scheduled_days,
      at,
      at,
    ],
  };
}

/** The floors' data on SQLite: reads at once on a read-only connection, answers on one writer. */
function sqliteStore(file) {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  const session = db.prepare(SESSION_SQL);
  const batch = db.prepare(BATCH_SQL);
  // The answer's writes: a connection of its own, as the app's one writer.
  const writer = new Database(file, { fileMustExist: true });
  writer.pragma('synchronous = NORMAL');
  writer.pragma('foreign_keys = ON');
  writer.pragma('busy_timeout = 5000');
  const answerSeen = writer.prepare(SEEN_SQL);
  const insertCard = writer.prepare(INSERT_CARD_SQL);
  const advanceFrontier = writer.prepare(ADVANCE_FRONTIER_SQL);
  const logAnswer = writer.prepare(LOG_ANSWER_SQL);
  const walFd = fs.openSync(`${file}-wal`, 'r+');

  /** Answers of this turn of the event loop, written in one transaction by `commitTurn`. */
  let pending = [];
  const writeAnswers = writer.transaction((answers) =>
    answers.map((a) => {
      const seen = answerSeen.get({
        learner: a.learner.id,
        answer: a.body.answerId,
        session: a.body.sessionId ?? '',
        word: a.word.id,
      });
      if (seen.used || seen.taken_back || seen.reps !== null) return { used: true };
      const written = firstAnswer(a);
      insertCard.run(...written.card);
      advanceFrontier.run({ learner: a.learner.id });
      logAnswer.run(...written.log);
      return answered(a.word, a.correct, written.due);
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
  return {
    session: (tokenHash) => session.get(tokenHash),
    batch: (learnerId) => batch.all(learnerId, learnerId),
    words: () => writer.prepare(WORDS_SQL).all(),
    answer(a) {
      if (pending.length === 0) setImmediate(commitTurn);
      return new Promise((resolve, reject) => pending.push({ ...a, resolve, reject }));
    },
    close() {
      db.close();
      writer.close();
    },
  };
}

/**
 * The floors' data on PostgreSQL: named statements on a pool of 10 connections, as the app's, in pg's pipeline mode.
 * An answer is two round trips: the BEGIN and the checks in one write, then the card, the frontier, the log and the
 * COMMIT in another.
 */
function postgresStore(url) {
  const pool = new pg.Pool({ connectionString: url, max: 10, pipeline: true });
  const statement = (name, sql) => (values) => ({ name, text: numbered(sql), values });
  const session = statement('session', SESSION_SQL);
  const batch = statement('batch', BATCH_POSTGRES_SQL);
  const answerSeen = statement('seen', SEEN_SQL);
  const insertCard = statement('card', INSERT_CARD_SQL);
  const advanceFrontier = statement('frontier', ADVANCE_FRONTIER_SQL);
  const logAnswer = statement('log', LOG_ANSWER_SQL);
  /** The queries sent in one write: the connection's socket corked while they are queued. */
  function inOneWrite(client, queries) {
    const stream = client.connection.stream;
    stream.cork();
    try {
      return Promise.all(queries.map((q) => client.query(q)));
    } finally {
      stream.uncork();
    }
  }
  return {
    session: async (tokenHash) => (await pool.query(session([tokenHash]))).rows[0],
    batch: async (learnerId) => (await pool.query(batch([learnerId, learnerId]))).rows,
    words: async () => (await pool.query(WORDS_SQL)).rows,
    async answer(a) {
      const client = await pool.connect();
      try {
        const [, seenRows] = await inOneWrite(client, [
          'begin',
          answerSeen([a.learner.id, a.body.answerId, a.body.sessionId ?? '', a.word.id]),
        ]);
        const seen = seenRows.rows[0];
        if (seen.used || seen.taken_back || seen.reps !== null) {
          await client.query('rollback');
          return { used: true };
        }
        const written = firstAnswer(a);
        await inOneWrite(client, [
          insertCard(written.card),
          advanceFrontier([a.learner.id]),
          logAnswer(written.log),
          'commit',
        ]);
        return answered(a.word, a.correct, written.due);
      } catch (err) {
        await client.query('rollback').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/**
 * `then(value)`, at once when `value` is at hand: SQLite's reads are synchronous, so a request there costs no promise
 * beyond Fastify's own; PostgreSQL's come later.
 */
const whenRead = (value, then) => (value instanceof Promise ? value.then(then) : then(value));

const store = process.env.FLOOR_PG_URL ? postgresStore(process.env.FLOOR_PG_URL) : sqliteStore(process.env.FLOOR_DB);

// Sessions read in the last 2 seconds are trusted without reading them again, as the app trusts them
// (modules/auth/session-cache.ts); one not found is read again each time.
const TRUST_MS = 2_000;
const trusted = new Map();

function learnerOf(request) {
  const token = /(?:^|;\s*)sid=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
  if (!token) return null;
  const tokenHash = createHash('sha256').update(decodeURIComponent(token)).digest('hex');
  const now = Date.now();
  const entry = trusted.get(tokenHash);
  if (entry && entry.until > now) return entry.row.expires_at > now ? entry.row : null;
  return whenRead(store.session(tokenHash), (row) => {
    if (!row) return null;
    trusted.set(tokenHash, { row, until: now + TRUST_MS });
    return row.expires_at > now ? row : null;
  });
}

// The deck's words as the app keeps them in memory: what an answer is judged against, and the word its answer sends.
const words = new Map(
  (await store.words()).map((w) => {
    const translations = w.translation.split(';').map((t) => t.trim());
    return [Number(w.id), { ...w, id: Number(w.id), translations, expected: translations.map((t) => t.toLowerCase()) }];
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
const batchWord = (w) => ({
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
  due: w.due === null || w.due === undefined ? null : Number(w.due),
});

/** The learner the request's session names, or null, with or without a database read (then a promise). */
const withLearner = (request, reply, then) =>
  whenRead(learnerOf(request), (learner) =>
    learner ? then(learner) : reply.status(401).send({ error: 'unauthorized' }),
  );

const app = Fastify({ logger: false });
app.get('/', async () => ({ ok: true }));
const headers = { ...securityHeaders(), 'cache-control': 'no-store' };
app.addHook('onRequest', (request, reply, done) => {
  if (request.url !== '/') reply.headers(headers);
  done();
});
app.get('/session', async (request, reply) =>
  withLearner(request, reply, (learner) => ({ _id: learner.id, username: learner.username })),
);
app.get('/batch', async (request, reply) =>
  withLearner(request, reply, (learner) => whenRead(store.batch(learner.id), (rows) => rows.map(batchWord))),
);
app.patch('/answer', async (request, reply) =>
  withLearner(request, reply, (learner) => {
    const word = words.get(Number(request.query.wordId));
    const body = request.body;
    if (!word || typeof body?.typed !== 'string' || typeof body.answerId !== 'string')
      return reply.status(400).send({ error: 'bad answer' });
    const correct = word.expected.includes(body.typed.trim().toLowerCase());
    return store.answer({ learner, word, body, correct, now: new Date() });
  }),
);
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.on('SIGTERM', () => {
  void app.close().then(async () => {
    await store.close();
    process.exit(0);
  });
});
