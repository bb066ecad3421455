// The live broadcast's script, for bao serve on an event folder: the round pages, the live
// game pages, and the site's own event and game pages. It knows no rules: every count, class
// and line it shows was computed by the server, which pushes each board's whole state as
// Server-Sent Events from /live/stream.
(function () {
  'use strict';
  var body = document.body;
  var round = +body.getAttribute('data-round') || 0;
  var boardNo = +body.getAttribute('data-board') || 0;

  if (body.classList.contains('k-live-round')) {
    follow('round=' + round, roundBoard);
  } else if (body.classList.contains('k-live-game')) {
    follow('round=' + round + '&board=' + boardNo, gameBoard);
  } else if (body.classList.contains('k-event')) {
    eventPage();
  } else if (body.classList.contains('k-game')) {
    gamePage();
  }

  // follow opens the stream of q and hands each board's state to onBoard. EventSource
  // reconnects by itself; the stream then begins again with every board as it stands.
  function follow(q, onBoard, on) {
    var es = new EventSource('/live/stream?' + q);
    es.addEventListener('board', function (e) { onBoard(JSON.parse(e.data)); });
    Object.keys(on || {}).forEach(function (k) { es.addEventListener(k, on[k]); });
    var air = document.querySelector('.on-air');
    es.onopen = function () { if (air) air.hidden = false; };
    es.onerror = function () { if (air) air.hidden = true; };
    return es;
  }

  // drawBoard puts a state's counts and classes on a board drawn by the server: its pits are
  // the SVG's g.pit elements, in the engine's order.
  function drawBoard(svg, st) {
    if (!svg) return;
    var pits = svg.querySelectorAll('g.pit');
    for (var i = 0; i < pits.length && i < st.counts.length; i++) {
      pits[i].setAttribute('class', st['class'][i]);
      var t = pits[i].querySelector('text');
      if (t) t.textContent = st.counts[i];
    }
    svg.setAttribute('aria-label', st.label[document.documentElement.lang] || st.label.en);
  }

  function resultText(r) {
    return r === '1/2-1/2' ? '½-½' : (r === '*' || !r) ? window.bao.msg('js.live.playing') : r;
  }

  function setText(root, sel, text) {
    var el = root.querySelector(sel);
    if (el && el.textContent !== text) el.textContent = text;
  }

  function clocks(root, st) {
    root.querySelectorAll('[data-clk]').forEach(function (el) {
      el.textContent = st.clocks[+el.getAttribute('data-clk')] || '';
    });
  }

  // flash marks an element that just changed, for a moment.
  function flash(el) {
    el.classList.remove('moved');
    void el.offsetWidth; // restart the animation
    el.classList.add('moved');
  }

  function roundBoard(st) {
    var li = document.querySelector('.live-board[data-board="' + st.board + '"]');
    if (!li) return;
    var changed = li.getAttribute('data-plies') !== String(st.plies);
    li.setAttribute('data-plies', st.plies);
    drawBoard(li.querySelector('svg'), st);
    setText(li, '.last', st.last ? st.plies + '. ' + st.last : '');
    setText(li, '.res', resultText(st.result));
    clocks(li, st);
    if (changed) flash(li);
  }

  function gameBoard(st) {
    var main = document.querySelector('main');
    drawBoard(main.querySelector('svg'), st);
    setText(main, '.info', st.info[document.documentElement.lang] || st.info.en);
    setText(main, '.res', resultText(st.result));
    clocks(main, st);
    var list = main.querySelector('.movelist');
    var moves = st.moves || [];
    while (list.children.length > moves.length) list.removeChild(list.lastChild);
    for (var i = 0; i < moves.length; i++) {
      var li = list.children[i];
      if (!li) {
        li = document.createElement('li');
        li.setAttribute('data-ply', i);
        list.appendChild(li);
      }
      if (li.textContent !== moves[i]) li.textContent = moves[i];
    }
    if (list.lastChild) flash(list.lastChild);
  }

  // eventPage: the standings and crosstable are the site's own, rendered by the server; once
  // a result changed and the server's pages show it, the page's content is fetched again.
  function eventPage() {
    var stale = false;
    follow('results=1', function () {}, {
      result: function () { stale = true; },
      pages: function () {
        if (!stale) return;
        stale = false;
        fetch(location.href, { cache: 'no-store' }).then(function (r) { return r.text(); }).then(function (html) {
          var fresh = new DOMParser().parseFromString(html, 'text/html').querySelector('main');
          var main = document.querySelector('main');
          if (fresh && main) main.replaceChildren.apply(main, Array.prototype.slice.call(fresh.childNodes));
        }).catch(function () { /* the next change tries again */ });
      }
    });
  }

  // gamePage: a game of the event on the site. While it is being played the page says so,
  // links its live page, and reloads once the server's pages show a new move.
  function gamePage() {
    fetch('/live/game?page=' + encodeURIComponent(location.pathname)).then(function (r) {
      return r.ok ? r.json() : null;
    }).then(function (g) {
      if (!g) return;
      var seen = null, stale = false;
      var note = document.createElement('p');
      note.className = 'live-note';
      var a = document.createElement('a');
      a.setAttribute('href', '/live/' + (+g.round) + '.' + (+g.board) + '.html');
      a.textContent = window.bao.msg('js.live.follow');
      note.appendChild(a);
      follow('round=' + (+g.round) + '&board=' + (+g.board) + '&results=1', function (st) {
        var now = st.plies + ' ' + st.result;
        if (seen === null) seen = now;
        stale = now !== seen;
        note.hidden = st.result !== '*';
        var main = document.querySelector('main');
        if (main && !note.parentNode) main.insertBefore(note, main.firstChild);
      }, {
        pages: function () { if (stale) location.reload(); }
      });
    }).catch(function () { /* not served live */ });
  }
})();
