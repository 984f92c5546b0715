export * from './auth.js';
export * from './common.js';
export * from './learning.js';
export * from './settings.js';
export * from './stats.js';
export * from './text-rules.js';
export * from './account.js';
export * from './transfer.js';
