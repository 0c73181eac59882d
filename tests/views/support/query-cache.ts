import { QueryClient } from '@tanstack/react-query';
import { lazyQueryCache } from '../../../views/app/query-cache.tsx';

/**
 * A fresh app query cache as the browser makes it: TanStack Query's client made with the first read
 * that keeps its answer (decision 138), no retries, so a failure shows at once.
 */
export function testQueries() {
  return lazyQueryCache(async () => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
}
