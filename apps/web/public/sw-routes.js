/*
 * Static routes of the app shell's service worker (imported by sw.js; Chromium 123+). What they
 * name never starts the worker's script: API calls and the live event stream go straight to the
 * network (the worker never sees medical data), and the hashed assets come straight from the
 * precache the worker filled at install (a miss goes to the network). Pages still pass through
 * the worker, which answers them with index.html when the server is unreachable.
 */
self.addEventListener('install', (event) => {
  if (typeof event.addRoutes !== 'function') return;
  event.waitUntil(
    event
      .addRoutes([
        { condition: { urlPattern: { pathname: '/api/*' } }, source: 'network' },
        { condition: { urlPattern: { pathname: '/logout' } }, source: 'network' },
        { condition: { urlPattern: { pathname: '/assets/*' } }, source: 'cache' },
      ])
      .catch(() => undefined),
  );
});
