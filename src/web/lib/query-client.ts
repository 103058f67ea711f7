import { QueryClient } from '@tanstack/react-query';

/** Spec §1: data never goes stale, no refetch on focus, no polling and no retries unless a query says so. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
