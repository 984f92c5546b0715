import type { ContactBody } from '@vocab/api';
import { useMutation } from '@tanstack/react-query';
import { call, client } from '@/lib/api-client';

/** Stores the message; the server's outbox delivers it by mail when SMTP is configured. */
export const useSendMessage = () =>
  useMutation({ mutationFn: (body: ContactBody) => call(client.POST('/api/contact', { body })) });
