import { TriangleExclamationPoint, WifiOff } from 'lucide-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '../components/ui/button';

/** The browser's words for a screen's code that could not be fetched (Chrome, Safari, Firefox). */
const CHUNK_FAILURE =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i;

/** Shown when a screen throws or its code cannot be loaded (e.g. offline, or after a deploy replaced the chunks). */
export function RouteError() {
  const error = useRouteError();
  const chunkFailed = error instanceof Error && CHUNK_FAILURE.test(error.message);
  if (chunkFailed) {
    return (
      <div
        role="alert"
        className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center gap-4 px-6 text-center"
      >
        <WifiOff aria-hidden className="size-10 text-muted-foreground" />
        <h1 className="text-xl font-semibold">This page could not be loaded</h1>
        <p className="text-sm text-muted-foreground">
          {navigator.onLine
            ? 'Its code did not arrive — perhaps a new version of the site was just installed. Reloading fetches the current one.'
            : 'Your browser is offline. Reload once the connection is back.'}
        </p>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </div>
    );
  }
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unexpected error';
  return (
    <div
      role="alert"
      className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 px-6 text-center"
    >
      <TriangleExclamationPoint aria-hidden className="size-10 text-destructive" />
      <h1 className="text-xl font-semibold">Something went wrong</h1>
      <p className="text-sm text-muted-foreground">{message}</p>
      <Button variant="outline" onClick={() => window.location.reload()}>
        Reload the page
      </Button>
    </div>
  );
}
