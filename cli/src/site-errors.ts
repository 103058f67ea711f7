/** One line for each way a request to the site can fail: what a person at a terminal reads. */

/** What a refused key means to a person at a terminal. */
const FRIENDLY: Record<string, string> = {
  INVALID_API_KEY: 'the API key was not accepted (check --key, PASTESHARE_API_KEY or the config file)',
};

/** "could not connect to 127.0.0.1:9 (connection refused)" and the like. */
export function networkMessage(url: string, e: unknown): string {
  const cause = (e as { cause?: { code?: string; message?: string } }).cause;
  const where = new URL(url).host;
  switch (cause?.code) {
    case 'ECONNREFUSED':
      return `could not connect to ${where} (connection refused)`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `could not resolve ${new URL(url).hostname}`;
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return `the connection to ${where} was cut`;
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
      return `${where} did not answer in time`;
    default:
      return `could not reach ${where}: ${cause?.message ?? (e as Error).message}`;
  }
}

/** An answer that is not our JSON: another server, or a proxy's page. */
export function notOurs(res: Response, url: string, why?: string): string {
  return `${res.status}: ${url} did not answer as a pasteshare site (${why ?? (res.statusText || 'no JSON')})`;
}

/** "404: Paste not found": the site's own message, or what its error code means here. */
export async function failureMessage(res: Response, url: string): Promise<string> {
  const text = await res.text().catch(() => '');
  let body: { error?: string; message?: string } | undefined;
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    body = undefined;
  }
  if (typeof body?.message !== 'string') return notOurs(res, url);
  return `${res.status}: ${(body.error && FRIENDLY[body.error]) ?? body.message}`;
}

/**
 * "the site redirected to https://paste.example/api/user: use --url https://paste.example". The
 * suggested site is the Location without the path that was asked for (a move to https, to another
 * host or under another path), or else the Location's origin.
 */
export function redirectMessage(site: string, path: string, location: string | null): string {
  if (!location) return `the site answered a redirect without a Location: check --url ${site}`;
  let to: URL;
  try {
    to = new URL(location, `${site}${path}`);
  } catch {
    return `the site redirected to ${location}: check --url ${site}`;
  }
  // `path` is what follows the site in the URL asked for: the site is what precedes it in the Location.
  const pathOnly = path.split('?')[0]!;
  const href = to.href;
  let suggested = to.origin;
  if (href.endsWith(path)) suggested = href.slice(0, -path.length);
  else if (to.pathname.endsWith(pathOnly)) {
    suggested = `${to.origin}${to.pathname.slice(0, -pathOnly.length)}`;
  }
  return `the site redirected to ${href}: use --url ${suggested}`;
}
