// The offline page: back to the app as soon as the network returns (or on Try again).
(function () {
  function back() { location.replace(location.pathname === '/offline.html' ? '/' : location.href); }
  document.getElementById('retry').addEventListener('click', back);
  window.addEventListener('online', back);
})();
