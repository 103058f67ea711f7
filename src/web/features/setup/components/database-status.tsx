import { CircleCheck, CircleExclamationPoint, Database, RefreshCw } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useDatabaseTest } from '../api/test-database';
import { FormSection } from './form-section';

const DIALECT_NAMES = { sqlite: 'SQLite', postgres: 'PostgreSQL' } as const;

export function DatabaseStatus() {
  const test = useDatabaseTest();
  const badge = test.isPending ? null : test.isError ? (
    <Badge variant="destructive">Not connected</Badge>
  ) : (
    <Badge variant="success">Connected</Badge>
  );

  return (
    <FormSection
      icon={Database}
      title="Database Connection"
      description="The database is chosen by the server's environment: embedded SQLite by default, PostgreSQL when DATABASE_URL is set."
      badge={badge}
    >
      <div className="flex flex-col gap-3 rounded-lg border border-border bg-muted/40 p-4 sm:flex-row sm:items-center">
        <div className="flex min-w-0 flex-1 items-start gap-3 text-sm" aria-live="polite">
          {test.isPending ? (
            <>
              <Spinner className="size-4" />
              <span>Checking the database connection...</span>
            </>
          ) : test.isError ? (
            <>
              <CircleExclamationPoint aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />
              <span>{errorMessage(test.error, 'The database check failed.')}</span>
            </>
          ) : (
            <>
              <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-success" />
              <span>
                <span className="font-medium">{DIALECT_NAMES[test.data.dialect] ?? test.data.dialect}</span>
                {test.data.message ? (
                  <span className="text-muted-foreground"> — {test.data.message}</span>
                ) : null}
              </span>
            </>
          )}
        </div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => test.refetch()}
          disabled={test.isFetching}
        >
          <RefreshCw aria-hidden className={test.isFetching ? 'animate-spin' : undefined} />
          Check again
        </Button>
      </div>
    </FormSection>
  );
}
