import { CodeBlock } from '../../components/ui/code-block';
import { cn } from '../../lib/cn';
import type { Endpoint, HttpMethod } from './endpoint';

const methodStyles: Record<HttpMethod, string> = {
  GET: 'bg-emerald-500/15 text-emerald-800 dark:text-emerald-400',
  POST: 'bg-sky-500/15 text-sky-800 dark:text-sky-400',
  PUT: 'bg-amber-500/15 text-amber-800 dark:text-amber-400',
  PATCH: 'bg-violet-500/15 text-violet-800 dark:text-violet-400',
  DELETE: 'bg-red-500/15 text-red-700 dark:text-red-400',
};

export function EndpointCard({
  endpoint,
  base,
  origin,
}: {
  endpoint: Endpoint;
  base: string;
  origin: string;
}) {
  return (
    <article className="space-y-3 rounded-xl border border-border bg-card p-5">
      <header className="flex flex-wrap items-center gap-3">
        <span
          className={cn('rounded-md px-2 py-0.5 font-mono text-xs font-bold', methodStyles[endpoint.method])}
        >
          {endpoint.method}
        </span>
        <code className="font-mono text-sm font-medium break-all">{endpoint.path}</code>
      </header>
      <p className="text-sm text-muted-foreground">{endpoint.summary}</p>
      {endpoint.fields ? (
        <ul className="list-disc space-y-0.5 pl-5 text-sm text-muted-foreground">
          {endpoint.fields.map((field) => (
            <li key={field}>{field}</li>
          ))}
        </ul>
      ) : null}
      {endpoint.returns ? (
        <p className="text-sm">
          <span className="text-muted-foreground">Returns </span>
          <code className="font-mono text-xs">{endpoint.returns}</code>
        </p>
      ) : null}
      {endpoint.example ? (
        <CodeBlock
          code={endpoint.example(base, origin)}
          label={`${endpoint.method} ${endpoint.path} example`}
        />
      ) : null}
    </article>
  );
}
