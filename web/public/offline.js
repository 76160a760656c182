// The offline page: back to the app once the server answers again (checked when the browser says
// it is online, every 5 s, and on Try again).
(function () {
  var CHECK_EVERY_MS = 5000;
  // Chromium may fire 'online' while it is already taking the tab elsewhere: going back to the app
  // then would replace the page the user asked for, so a page being left never navigates.
  var leaving = false;

  function back() {
    if (!leaving) location.replace(location.pathname === '/offline.html' ? '/' : location.href);
  }

  function backIfServerAnswers() {
    if (leaving || !navigator.onLine) return;
    fetch('/healthz', { cache: 'no-store' }).then(
      function (response) {
        if (response.ok) back();
      },
      function () {},
    );
  }

  window.addEventListener('beforeunload', function () {
    leaving = true;
  });
  window.addEventListener('pageshow', function () {
    leaving = false;
  });
  window.addEventListener('online', backIfServerAnswers);
  setInterval(backIfServerAnswers, CHECK_EVERY_MS);
  // A click is the user's own wish, whatever happened before.
  document.getElementById('retry').addEventListener('click', function () {
    leaving = false;
    back();
  });
})();
