/**
 * The key that says two spellings are one word: Unicode NFC, lower-cased by Unicode's rules (not only ASCII, as
 * SQLite's lower() does), computed here so that SQLite and PostgreSQL store and compare the same key. Lower-casing
 * ignores the host's locale (toLowerCase, the root locale), so every instance computes the same key.
 */
export const wordKey = (word: string): string => word.normalize('NFC').toLowerCase();
