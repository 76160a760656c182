// The offline page: back to the app as soon as the network returns (or on Try again). Only while it
// is the page shown: once left (kept in the back/forward cache), it must not take the tab back to /.
(function () {
  function back() {
    if (document.visibilityState !== 'visible') return;
    location.replace(location.pathname === '/offline.html' ? '/' : location.href);
  }
  document.getElementById('retry').addEventListener('click', back);
  // Adding the same listener again is a no-op: pageshow puts it back after a return from the cache.
  window.addEventListener('online', back);
  window.addEventListener('pageshow', function () { window.addEventListener('online', back); });
  window.addEventListener('pagehide', function () { window.removeEventListener('online', back); });
  // The network came back while the page was hidden (a phone's screen off): back once it is shown.
  document.addEventListener('visibilitychange', function () { if (navigator.onLine) back(); });
})();
