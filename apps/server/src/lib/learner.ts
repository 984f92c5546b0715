/**
 * Who a request acts for: an account or a guest, as the session gives it. Every module that names a user takes
 * this; only the auth module makes one (from a session or a login).
 */
export interface Learner {
  id: string;
  /** Null for a guest. */
  username: string | null;
  /** FSRS desired retention: every answer's scheduling needs it, so the session lookup brings it along. */
  desiredRetention: number;
  /** The learner's setting: the server judges typed answers as the learner's quiz does. */
  strictAccents: boolean;
}
