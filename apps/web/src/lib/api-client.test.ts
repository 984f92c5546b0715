import { HttpResponse, http } from 'msw';
import { expect, it } from 'vitest';
import { server } from '@/test/test-utils';
import '@/test/page-test-hooks';
import { ApiError, call, client } from './api-client';

it('fails a successful answer whose body is not JSON, rather than resolving with no data', async () => {
  server.use(
    http.get(
      '*/api/status',
      () => new HttpResponse('<html>Sign in to the network</html>', { headers: { 'content-type': 'text/html' } }),
    ),
  );
  const answer = call(client.GET('/api/status'));
  await expect(answer).rejects.toBeInstanceOf(ApiError);
  await expect(answer).rejects.toMatchObject({ status: 0, code: 'unreadable' });
});
