/** Limits of account fields, shared by the server's validation and the browser's hints. */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 32;
export const PASSWORD_MIN = 8;
/** OWASP ASVS asks for at least 64; long passphrases are welcome. */
export const PASSWORD_MAX = 128;
