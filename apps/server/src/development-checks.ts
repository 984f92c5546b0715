/**
 * Whether checks that catch mistakes in the code (not in requests) run: in tests and development, never in
 * production, where they would only cost time (the write guard, response schema checks).
 */
export const developmentChecks = (env: string | undefined): boolean => env === 'test' || env === 'development';

/** This process's setting, from NODE_ENV (vitest sets `test`). */
export const DEVELOPMENT_CHECKS = developmentChecks(process.env.NODE_ENV);
