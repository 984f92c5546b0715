import { describe, expect, it } from 'vitest';
import { queueMessage } from './offline-banner';

describe('the quiz banner while answers wait', () => {
  const online = { online: true, delivered: 0, dropped: [] };

  it('says calmly that answers are being sent, back online after being offline', () => {
    expect(queueMessage({ ...online, waiting: 2 })).toBe('Sending 2 answers…');
  });

  it('keeps the warning for an attempt that failed', () => {
    expect(queueMessage({ ...online, waiting: 1, retrying: true })).toBe(
      '1 answer waiting to be sent. Trying again shortly.',
    );
  });
});
