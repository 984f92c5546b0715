import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { sendWithRetry } from './send-with-retry';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('sendWithRetry', () => {
  it('tries again after a server error or a dropped connection, waiting longer each time', async () => {
    const send = vi
      .fn<() => Promise<unknown>>()
      .mockRejectedValueOnce(new ApiError(503, { code: 'unavailable', message: 'busy' }))
      .mockRejectedValueOnce(new ApiError(0, { code: 'network', message: 'offline' }))
      .mockResolvedValueOnce({});
    const done = sendWithRetry(send, { tries: 3, firstDelayMs: 100 });
    await vi.advanceTimersByTimeAsync(99);
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(199);
    expect(send).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    await expect(done).resolves.toBe(true);
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('gives up after the last try, without rejecting', async () => {
    const send = vi
      .fn<() => Promise<unknown>>()
      .mockRejectedValue(new ApiError(500, { code: 'server_error', message: 'broke' }));
    const done = sendWithRetry(send, { tries: 3, firstDelayMs: 10 });
    await vi.runAllTimersAsync();
    await expect(done).resolves.toBe(false);
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('does not repeat a request the server refused', async () => {
    const send = vi
      .fn<() => Promise<unknown>>()
      .mockRejectedValue(new ApiError(400, { code: 'invalid_input', message: 'bad' }));
    await expect(sendWithRetry(send)).resolves.toBe(false);
    expect(send).toHaveBeenCalledTimes(1);
  });
});
