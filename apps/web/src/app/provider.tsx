import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { OfflineProvider } from '@/features/quiz/offline/offline-context';
import { createQueryClient } from '@/lib/query-client';

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <OfflineProvider>{children}</OfflineProvider>
    </QueryClientProvider>
  );
}
