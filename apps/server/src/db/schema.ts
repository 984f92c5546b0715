import type { CardState, Direction } from '@vocab/core';
import type { Generated } from 'kysely';

/**
 * Table types for Kysely. Times are epoch milliseconds (BIGINT on PostgreSQL, parsed back to numbers),
 * booleans are 0/1 integers so that both engines read them the same way.
 */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  rate_limits: RateLimitsTable;
  words: WordsTable;
  /** The learners' cards (the table keeps its first name: instances of a rolling upgrade share it). */
  progress: CardsTable;
  reviews: ReviewsTable;
  user_languages: UserLanguagesTable;
  deck_versions: DeckVersionsTable;
  contact_messages: ContactMessagesTable;
  known_devices: KnownDevicesTable;
  login_throttle: LoginThrottleTable;
  placements: PlacementsTable;
  frontiers: FrontiersTable;
  learning_starts: LearningStartsTable;
  taken_back_answers: TakenBackAnswersTable;
  memory_models: MemoryModelsTable;
  account_emails: AccountEmailsTable;
  email_tokens: EmailTokensTable;
  reminder_settings: ReminderSettingsTable;
  reminder_sends: ReminderSendsTable;
  mail_outbox: MailOutboxTable;
  server_secrets: ServerSecretsTable;
  memory_fit_cursor: MemoryFitCursorTable;
}

/** A learner. A guest is a row without username; signing up gives the same row a name and a password. */
export interface UsersTable {
  id: string;
  username: string | null;
  /** Lower-cased username: uniqueness is case-insensitive. */
  username_key: string | null;
  password_hash: string | null;
  /** Settings, all with defaults in the database. */
  strict_accents: Generated<number>;
  /** FSRS desired retention, 0.80–0.97. */
  desired_retention: Generated<number>;
  daily_goal: Generated<number>;
  auto_speak: Generated<number>;
  /** 'system', 'light' or 'dark'. */
  theme: Generated<string>;
  created_at: number;
}

export interface SessionsTable {
  /** SHA-256 of the cookie token: a stolen database cannot be replayed as cookies. */
  token_hash: string;
  user_id: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  /** The browser's User-Agent at login, shown in the list of active sessions (migration 009). */
  user_agent: Generated<string>;
}

export interface RateLimitsTable {
  key: string;
  hits: number;
  reset_at: number;
}

export interface WordsTable {
  id: Generated<number>;
  language: string;
  word: string;
  /** lib/word-key.ts of `word`: a learner's own words are unique by it (migration 008). */
  word_key: string;
  /** English translations, "; "-separated; every one is accepted. */
  translation: string;
  pos: string;
  article: string;
  note: string;
  /** What an English prompt adds to say which word it wants (deck.ts `promptHint`); empty for most words. */
  hint: Generated<string>;
  /**
   * A sentence using the word, its form in [brackets] (deck.ts `exampleParts`); empty when it has none (migration 013).
   */
  example: Generated<string>;
  /** The sentence's English translation; empty exactly when `example` is. */
  example_translation: Generated<string>;
  /** Frequency rank in its deck (1 = most common); learners' own words come after the deck. */
  rank: number;
  /** The learner who added it, or null for a deck word. */
  owner_id: string | null;
  /** 0 when the word left the deck: it is no longer taught, but learners' cards of it are kept. */
  active: number;
}

/** A learner's FSRS card for one word (the columns are core's CardState), plus what lists need. */
export interface CardsTable extends CardState {
  learner_id: string;
  word_id: number;
  /** The word's language, copied so that a language's due cards are one index range (progress_due). */
  language: Generated<string>;
  /** Which of the word's two cards (core's Direction). */
  direction: Direction;
  /** 1 once learned (core's isLearned): lists and percentages read it without recomputing. */
  answered_correctly: number;
  last_failed_at: number | null;
  updated_at: number;
}

export interface ReviewsTable {
  id: Generated<number>;
  learner_id: string;
  word_id: number;
  /** The card the answer was for. */
  direction: Direction;
  /** Client-generated id of the answer: a retried request is recorded once. */
  answer_id: string | null;
  /** The quiz session that sent it: a second answer to a word in one quiz is practice. */
  session_id: string | null;
  rating: number;
  verdict: string;
  typed: string;
  /** 1 when this answer rescheduled the card, 0 for practice (a retry within the same quiz). */
  scheduled: number;
  /** JSON of the card before this answer ("new" when there was none), for undo. */
  previous: string | null;
  state: number;
  elapsed_days: number;
  scheduled_days: number;
  reviewed_at: number;
  /**
   * When the server received the answer (reviewed_at may be earlier, for an answer given offline); null before
   * migration 016.
   */
  received_at: number | null;
}

export interface UserLanguagesTable {
  user_id: string;
  language: string;
  added_at: number;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  message: string;
  created_at: number;
  /** pending → sent, or failed after the last retry; "stored" when no SMTP server is configured. */
  status: string;
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
  sent_at: number | null;
}

/** What each deck was when last loaded: an unchanged deck is not loaded again at start. */
export interface DeckVersionsTable {
  language: string;
  content_hash: string;
  loaded_at: number;
}

/** A browser that has logged in to an account: the SHA-256 of its device cookie (migration 009). */
export interface KnownDevicesTable {
  token_hash: string;
  user_id: string;
  created_at: number;
  last_used_at: number;
}

/** Login attempts on one account from unknown browsers, and the delay the next one waits (lib/login-throttle.ts). */
export interface LoginThrottleTable {
  key: string;
  attempts: number;
  delay_ms: number;
  next_at: number;
  /** Random id of the last attempt let through: a claim knows it was let through when it reads its own. */
  grant_id: string;
  expires_at: number;
}

/**
 * A learner's frontier in one language and card direction (migration 010): every active deck word ranked below
 * `rank` has a card. Lower than that is allowed (only slower); higher would hide a word from the batch.
 */
export interface FrontiersTable {
  learner_id: string;
  language: string;
  direction: Direction;
  rank: number;
}

/**
 * The deck rank a learner chose to take new words from in a language, for both cards (migration 015): the batch's
 * deck walk starts at the greater of it and the frontier.
 */
export interface LearningStartsTable {
  learner_id: string;
  language: string;
  rank: number;
}

/** An answer id the learner took back, so that a retry of its request records nothing (migration 016). */
export interface TakenBackAnswersTable {
  learner_id: string;
  answer_id: string;
  taken_back_at: number;
}

/** A learner's latest placement test result in a language (migration 011). */
export interface PlacementsTable {
  learner_id: string;
  language: string;
  /** The learner knows about this many of the deck's most common words. */
  level: number;
  deck_size: number;
  /** Cards the result created as known. */
  marked: number;
  taken_at: number;
}

/**
 * A learner's memory model in one language (migration 012): FSRS parameters fitted to their review log. The fitter
 * (modules/memory) writes it; answers read `parameters` (null: FSRS's defaults).
 */
export interface MemoryModelsTable {
  learner_id: string;
  language: string;
  /** JSON array of the 21 FSRS-6 parameters in use, or null for the defaults. */
  parameters: string | null;
  /** Added to the learner's desired retention when scheduling (core `retentionCorrection`): 0 without a fit. */
  retention_offset: Generated<number>;
  /** Raised by one at each fit that changed the parameters. */
  version: Generated<number>;
  /** 'defaults' (too few reviews yet), 'fitted', or 'failed' (the last fit failed; the last good parameters serve). */
  status: Generated<string>;
  /** Reviews in the log at the last fit attempt. */
  review_count: Generated<number>;
  fitted_at: number | null;
  /** JSON of what the last fit measured (packages/api's MemoryReport). */
  report: string | null;
  last_error: string | null;
  /** When a fit was last tried, and how many of the log's reviews it could learn from (null before migration 018). */
  attempted_at: number | null;
  usable_reviews: number | null;
  /** No fit before this time (a backoff after a failure). */
  next_fit_at: Generated<number>;
  /** An instance fitting this model holds it until then. */
  claimed_until: Generated<number>;
}

/** Migration 017: an account's confirmed address; one waiting for confirmation is in its token. */
export interface AccountEmailsTable {
  user_id: string;
  address: string;
  /** Lower-cased address: a reset request finds it however it is typed. */
  address_key: string;
  confirmed_at: number;
}

/** Single-use links: 'confirm' (an address, in `address`) and 'reset' (a password). Only the SHA-256 is kept. */
export interface EmailTokensTable {
  token_hash: string;
  user_id: string;
  purpose: string;
  address: string | null;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface ReminderSettingsTable {
  user_id: string;
  enabled: number;
  /** 0–23, in `time_zone`. */
  hour: number;
  time_zone: string;
  /** ISO weekdays, comma-separated: "1,2,3,4,5" is Monday to Friday. */
  days: string;
  /**
   * The UTC hour in which `hour` falls in `time_zone` (reminderUtcHour), kept right by the reminder passes; null until
   * one runs.
   */
  utc_hour: number | null;
  updated_at: number;
}

/** A learner's reminder for a local day, claimed before it is queued: the key allows one a day across instances. */
export interface ReminderSendsTable {
  user_id: string;
  local_date: string;
  claimed_at: number;
}

/** Mails to learners, delivered like contact messages (lib/outbox.ts); `expires_at`: a link's mail is not sent late. */
export interface MailOutboxTable {
  id: string;
  user_id: string | null;
  kind: string;
  to_address: string;
  subject: string;
  body: string;
  /** JSON object of extra headers (List-Unsubscribe). */
  headers: string;
  created_at: number;
  expires_at: number | null;
  status: string;
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
  sent_at: number | null;
}

export interface ServerSecretsTable {
  name: string;
  value: string;
}

/** The one row of how far the memory fitter has looked through the review log (reviews.id), for every instance. */
export interface MemoryFitCursorTable {
  id: number;
  after_review_id: number;
}
