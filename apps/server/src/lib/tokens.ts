import { createHash, randomBytes } from 'node:crypto';

/** 128 bits of randomness, URL-safe: ids of users and session tokens. */
export const randomToken = (bytes = 16): string => randomBytes(bytes).toString('base64url');

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
