import type { MemoryModel } from '@vocab/api';
import { DEFAULT_DESIRED_RETENTION, type LanguageCode } from '@vocab/core';
import type { Learner } from '../../lib/learner.js';
import { RETRY_REVIEWS, REVIEWS_FOR_FIRST_FIT } from './fit-discovery.js';
import { MIN_ITEMS } from './fit-job.js';
import type { MemoryRepository, StoredModel } from './memory.repository.js';

/** What a learner may see of their memory model in a language (the stats page, and the export). */
export class MemoryService {
  constructor(private readonly models: MemoryRepository) {}

  async model(learner: Learner | null, language: LanguageCode): Promise<MemoryModel> {
    const base = {
      reviewsForFirstFit: REVIEWS_FOR_FIRST_FIT,
      desiredRetention: learner?.desiredRetention ?? DEFAULT_DESIRED_RETENTION,
    };
    if (!learner) {
      return {
        ...base,
        status: 'defaults',
        version: 0,
        fittedAt: null,
        reviewCount: 0,
        parameters: null,
        report: null,
        tooFewUsable: null,
      };
    }
    const [stored, reviewCount] = await Promise.all([
      this.models.find(learner.id, language),
      this.models.reviewCount(learner.id, language),
    ]);
    return {
      ...base,
      status: stored?.status ?? 'defaults',
      version: stored?.version ?? 0,
      fittedAt: stored?.fittedAt ?? null,
      reviewCount,
      parameters: stored?.parameters ? [...stored.parameters] : null,
      report: stored?.report ?? null,
      tooFewUsable: tooFewUsable(stored),
    };
  }
}

/** The last attempt, when it found too few usable reviews and kept the standard model (fit-discovery's retry rule). */
function tooFewUsable(stored: StoredModel | null): MemoryModel['tooFewUsable'] {
  const attempt = stored?.attempt;
  if (stored?.status !== 'defaults' || !attempt || attempt.usable >= MIN_ITEMS) return null;
  return { ...attempt, needed: MIN_ITEMS, nextAttemptAt: attempt.reviews + RETRY_REVIEWS };
}
