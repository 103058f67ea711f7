// Before the first paint: the stored theme (src/web/lib/theme.ts; dark unless 'light'), so a
// light-theme visitor never sees a dark page first. A file, not inline: the CSP allows no inline script.
try {
  if (localStorage.getItem('theme') === 'light') document.documentElement.classList.remove('dark');
} catch (_) {}
