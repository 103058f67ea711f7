// The embed page's one script (GET /embed/:id, served from our origin): it tells the page that
// framed it how tall it is, in one message of a fixed shape, whenever that changes.
(() => {
  if (window.parent === window) return;
  const root = document.querySelector('.embed');
  if (!root) return;
  let sent = -1;
  const send = () => {
    const height = Math.ceil(root.getBoundingClientRect().height);
    if (height === sent) return;
    sent = height;
    // The height is all it says: no target origin is needed to keep it private.
    window.parent.postMessage({ type: 'pasteshare:embed-height', height }, '*');
  };
  new ResizeObserver(send).observe(root);
  send();
})();
