// GET /embed/:id.js: inserts the paste's embed as an iframe right after this script's own tag.
// The frame keeps the host page's styles out; its height follows the one message the frame sends.
(() => {
  const script = document.currentScript;
  if (!script?.src) return;
  const src = new URL(script.src);
  const match = /^\/embed\/([A-Za-z0-9_-]{1,32})\.js$/.exec(src.pathname);
  if (!match) return;
  const frame = document.createElement('iframe');
  frame.src = `${src.origin}/embed/${match[1]}${src.search}`;
  frame.title = 'Embedded paste';
  frame.loading = 'lazy';
  frame.style.cssText = 'display:block;width:100%;max-width:100%;height:150px;border:0;margin:0;padding:0';
  script.after(frame);
  window.addEventListener('message', (event) => {
    if (event.origin !== src.origin || event.source !== frame.contentWindow) return;
    const data = event.data;
    if (typeof data !== 'object' || data === null || Object.keys(data).length !== 2) return;
    if (data.type !== 'pasteshare:embed-height') return;
    const { height } = data;
    if (!Number.isInteger(height) || height < 0 || height > 100000) return;
    frame.style.height = `${height}px`;
  });
})();
