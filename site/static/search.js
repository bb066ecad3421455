// Client-side search over the site's game index: filters by player, event, variant and year as
// the reader types. search.json holds the tables of names and the list of chunks, each chunk a
// few thousand games as arrays [href, date, south, north, result, event, variant, year] whose
// names are indexes into the tables; chunks are loaded only while a search needs more hits. The
// filter state lives in the URL query so that a search can be bookmarked.
(function () {
  'use strict';
  var script = document.currentScript;
  var root = script.getAttribute('data-root') || '';
  var form = document.getElementById('search');
  var status = document.getElementById('search-status');
  var table = document.getElementById('search-results');
  var body = table.querySelector('tbody');
  var games = [];
  var max = 500;
  var index = null;
  var loaded = 0; // chunks loaded
  var loading = false;

  function norm(s) { return (s || '').toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, ''); }
  function cell(tr, text, href) {
    var td = document.createElement('td');
    if (href) {
      var a = document.createElement('a');
      a.href = root + href;
      a.textContent = text;
      td.appendChild(a);
    } else {
      td.textContent = text;
    }
    tr.appendChild(td);
  }
  function run() {
    var q = {
      player: norm(form.player.value), event: norm(form.event.value),
      variant: form.variant.value, year: form.year.value
    };
    var hits = games.filter(function (g) {
      return (!q.player || norm(g.s).indexOf(q.player) >= 0 || norm(g.n).indexOf(q.player) >= 0) &&
        (!q.event || norm(g.e).indexOf(q.event) >= 0) &&
        (!q.variant || g.v === q.variant) &&
        (!q.year || g.y === q.year);
    });
    body.textContent = '';
    hits.slice(0, max).forEach(function (g) {
      var tr = document.createElement('tr');
      cell(tr, g.d); cell(tr, g.s); cell(tr, g.n); cell(tr, g.r, g.u); cell(tr, g.e); cell(tr, g.v);
      body.appendChild(tr);
    });
    table.hidden = hits.length === 0;
    var all = loaded === index.chunks.length;
    status.textContent = hits.length + (all ? '' : '+') + ' of ' + index.games + ' games' +
      (hits.length > max ? ' (first ' + max + ' shown)' : '') + (all ? '.' : ' (searching…)');
    if (!all && hits.length <= max) more();
    var params = new URLSearchParams();
    ['player', 'event', 'variant', 'year'].forEach(function (k) { if (form[k].value) params.set(k, form[k].value); });
    try { history.replaceState(null, '', params.toString() ? '?' + params : location.pathname); } catch (e) { /* file: URLs */ }
  }

  function getJSON(url) {
    return fetch(url).then(function (r) {
      if (!r.ok) throw new Error(r.status);
      return r.json();
    });
  }
  function name(table, i) { return i >= 0 ? table[i] : ''; }
  // more loads the next chunk and searches again.
  function more() {
    if (loading) return;
    loading = true;
    getJSON(root + index.chunks[loaded]).then(function (chunk) {
      chunk.games.forEach(function (g) {
        games.push({
          u: g[0], d: g[1], s: name(index.players, g[2]), n: name(index.players, g[3]), r: g[4],
          e: name(index.events, g[5]), v: name(index.variants, g[6]), y: g[7]
        });
      });
      loaded++;
      loading = false;
      run();
    }).catch(fail);
  }
  function fail() {
    status.textContent = 'The game index could not be loaded (browsers block it on file: pages; use bao serve).';
  }

  getJSON(script.getAttribute('data-index')).then(function (idx) {
    index = idx;
    var params = new URLSearchParams(location.search);
    ['player', 'event', 'variant', 'year'].forEach(function (k) { if (params.get(k)) form[k].value = params.get(k); });
    form.hidden = false;
    form.addEventListener('input', run);
    form.addEventListener('submit', function (e) { e.preventDefault(); run(); });
    run();
  }).catch(fail);
})();
