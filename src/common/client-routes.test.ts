import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CLIENT_ROUTES, isClientRoute } from './client-routes';

/** The router's own answer: whether React Router matches the path to one of the app's screens. */
const routerMatches = (pathname: string) =>
  matchRoutes(
    Object.values(CLIENT_ROUTES).map((path) => ({ path })),
    pathname,
  ) !== null;

describe('isClientRoute', () => {
  it('matches a path exactly when the router matches it to a screen', () => {
    const paths = [
      '/',
      '//',
      '/about',
      '/about/',
      '/about//',
      '/ABOUT',
      '/ab%6Fut',
      '/ab%zzut',
      '/about/more',
      '/aboutx',
      '/nope',
      '/paste-list-typo',
      '/paste',
      '/paste/',
      '/paste/abc',
      '/paste/a%2Fb',
      '/paste/a%2Fb/edit',
      '/paste/abc/Edit/',
      '/paste/abc/nonsense',
      '/paste//edit',
      '/paste/abc/r/2',
      '/paste/abc/r',
      '/paste/abc/r/2/x',
      '/admin',
      '/admin/',
      '/admin/users',
      '/admin/users/x',
      '/api',
      '/setup',
      '/setup/x',
      '/assets/web.js',
      '/index.html',
    ];
    for (const path of paths) expect(isClientRoute(path), path).toBe(routerMatches(path));
    expect(paths.filter(isClientRoute)).toContain('/paste/abc');
    expect(paths.filter((p) => !isClientRoute(p))).toContain('/nope');
  });
});
