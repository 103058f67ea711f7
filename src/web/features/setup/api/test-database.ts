import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DatabaseTestResult } from '../../../../common/schemas/setup';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** 200 with the dialect when the database answers; otherwise throws the server message (mentions DATABASE_URL). */
export function testDatabase(signal?: AbortSignal): Promise<DatabaseTestResult> {
  return api.get<DatabaseTestResult>('/api/setup/test-database', signal);
}

export function databaseTestQueryOptions() {
  return queryOptions({ queryKey: queryKeys.databaseTest, queryFn: ({ signal }) => testDatabase(signal) });
}

export function useDatabaseTest() {
  return useQuery(databaseTestQueryOptions());
}
