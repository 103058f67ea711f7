// The page's first script (index.html), small and blocking, so it runs before the first paint and
// before the app's code arrives. No inline script: the CSP allows none.
//
// 1. The stored theme (src/web/lib/theme.ts: dark unless 'light'), so a light-theme visitor never
//    sees a dark page first.
// 2. On a paste page, the paste is requested now rather than after the app's code: the app takes
//    this answer for its first read (src/web/app/early-data.ts). The same request as getPaste
//    (features/pastes/api/get-paste.ts): reveal=false, with the creator token when this browser
//    made the paste, and the access grant when this tab unlocked it (features/pastes/lib/access-grants.ts).
try {
  if (localStorage.getItem('theme') === 'light') document.documentElement.classList.remove('dark');
} catch (_) {}

(() => {
  const match = /^\/paste\/([^/?#]+)/.exec(location.pathname);
  if (!match) return;
  const id = decodeURIComponent(match[1]);
  const headers = { Accept: 'application/json' };
  let access = '';
  try {
    const token = localStorage.getItem(`pasteshare:creator-token:${id}`);
    if (token) headers['X-Creator-Token'] = token;
    const grant = sessionStorage.getItem(`pasteshare:access:${id}`);
    if (grant) access = `&access=${encodeURIComponent(grant)}`;
  } catch (_) {}
  window.__pastePrefetch = {
    id,
    response: fetch(`/api/pastes/${encodeURIComponent(id)}?reveal=false${access}`, {
      headers,
      credentials: 'include',
    }),
  };
})();
