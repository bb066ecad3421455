// The static site's 404.html, which a host answers for any address the site does not have
// (site/notfound.go): its links are written from the site's root, wherever the host shows it.
// The root is the nearest folder above the address whose 404.html is this page, in this
// page's language (a site in two languages has one in each language's folder).
(function () {
  'use strict';
  var lang = document.documentElement.lang;
  var dirs = location.pathname.split('/').slice(0, -1);
  function probe(n) {
    if (n < 1) return;
    var root = dirs.slice(0, n).join('/') + '/';
    fetch(root + '404.html').then(function (r) { return r.ok ? r.text() : ''; }).then(function (page) {
      if (page.indexOf('<html lang="' + lang + '">') < 0) { probe(n - 1); return; }
      document.querySelectorAll('a[href], link[href]').forEach(function (el) {
        el.setAttribute('href', new URL(el.getAttribute('href'), location.origin + root).href);
      });
      document.documentElement.setAttribute('data-root', root);
    }, function () { probe(n - 1); });
  }
  probe(dirs.length);
})();
