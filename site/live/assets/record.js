// The recording page of a board, for a phone. It knows no rules: the board is an input as the
// analysis board's is (bao.tapMove of analysis.js: legal moves only, the direction or the
// kichwa asked only where the move needs it), whose legal moves and positions come from the
// engine (bao.engine(), the project's engine in WebAssembly in a Web Worker); the record as it
// stands comes from the server (GET <link>/state), which checks every move again. A move is sent as POST <link>/moves {"ply":P,"move":TOKEN}; until the server has
// answered 200 (the move is on disk) it is kept in the browser's storage and shown as not
// yet saved, and sent again when the connection returns, after a reload as well.
(function () {
  'use strict';
  var body = document.body;
  var write = body.getAttribute('data-write');
  var variant = body.getAttribute('data-variant');
  var store = 'bao-rec:' + write;
  var boardBox = document.getElementById('rec-board');
  var statusEl = document.getElementById('status');
  var syncEl = document.getElementById('sync');
  var choicesEl = document.getElementById('choices');
  var movesEl = document.getElementById('moves');
  var msg = window.bao.msg, msgN = window.bao.msgN;

  var saved = null;     // the board's state as the server last sent it
  var queue = load();   // moves entered and not yet saved: {ply, move, position, clock}
  var input = null;     // the analysis board's tap-to-move input, while the game goes on
  var inputAt = null;   // the position the input shows
  var sending = false;
  var retry = null;
  var clock = loadClock();

  function load() {
    try { return JSON.parse(localStorage.getItem(store) || '[]'); } catch (e) { return []; }
  }
  function keep() {
    try { localStorage.setItem(store, JSON.stringify(queue)); } catch (e) { /* storage off: kept in memory */ }
  }

  // The position shown: the last unsaved move's, or the saved one.
  function shown() {
    return queue.length ? queue[queue.length - 1].position : saved.position;
  }
  function plies() { return saved.plies + queue.length; }

  function refresh() {
    return fetch(write + '/state', { cache: 'no-store' }).then(function (r) {
      if (!r.ok) throw new Error('HTTP ' + r.status);
      return r.json();
    }).then(function (st) {
      saved = st;
      // moves the server has already (an answer lost on the way) leave the queue
      queue = queue.filter(function (q) { return q.ply > st.plies || (st.moves || [])[q.ply - 1] !== q.move; });
      queue = queue.filter(function (q, i) { return q.ply === st.plies + 1 + i; });
      keep();
      show();
    });
  }

  // say puts a line of the input's (why a tap was refused, what to choose) under the board.
  function say(text, refused) {
    statusEl.textContent = text;
    statusEl.classList.toggle('bad', !!refused);
  }

  function show() {
    var over = saved.result !== '*';
    var svg = boardBox.querySelector('svg');
    if (over && input) {
      input.stop();
      input = inputAt = null;
    }
    if (over) { // the board as the server drew it
      var pits = svg.querySelectorAll('g.pit');
      for (var i = 0; i < pits.length; i++) {
        pits[i].setAttribute('class', saved['class'][i]);
        pits[i].querySelector('text').textContent = saved.counts[i];
      }
    } else if (!input) {
      inputAt = shown();
      input = window.bao.tapMove(svg, {
        variant: variant, bpn: inputAt, choices: choicesEl, onSay: say,
        onMove: function (tok, bpn) { inputAt = bpn; enter({ move: tok, position: bpn }); }
      });
    } else if (inputAt !== shown()) {
      inputAt = shown();
      input.set(inputAt);
    }
    boardBox.classList.toggle('stale', queue.length > 0);
    statusEl.classList.remove('bad');
    if (over) {
      statusEl.textContent = saved.termination ? msg('js.rec.overwhy', { Result: saved.result, Why: ended(saved.termination) }) :
        msg('js.rec.over', { Result: saved.result });
    } else if (queue.length) {
      statusEl.textContent = msg('js.rec.after', { Move: queue[queue.length - 1].move });
    } else {
      statusEl.textContent = saved.info[document.documentElement.lang] || saved.info.en;
    }
    syncLine();
    movesEl.replaceChildren();
    (saved.moves || []).concat(queue.map(function (q) { return q.move; })).forEach(function (m, i) {
      var li = document.createElement('li');
      li.textContent = m;
      if (i >= saved.plies) li.className = 'unsaved';
      movesEl.appendChild(li);
    });
  }

  // ended is how the game ended (its Termination) in the page's words, or as written.
  function ended(term) {
    var id = 'js.term.' + term.replace(/ /g, '-'), w = msg(id);
    return w === id ? term : w;
  }

  function syncLine(text, cls) {
    if (text) {
      syncEl.textContent = text;
      syncEl.className = 'sync ' + cls;
      return;
    }
    if (queue.length) {
      syncEl.textContent = msgN(navigator.onLine === false ? 'js.rec.unsavedoff' : 'js.rec.unsaved', queue.length,
        { Moves: queue.map(function (q) { return q.move; }).join(' ') });
      syncEl.className = 'sync';
      syncEl.classList.add('unsaved');
    } else if (saved.plies) {
      syncEl.textContent = msgN('js.rec.saved', saved.plies);
      syncEl.className = 'sync';
      syncEl.classList.add('saved');
    } else {
      syncEl.textContent = '';
      syncEl.className = 'sync';
    }
  }

  // enter queues a legal move the input made, m.position the position after it.
  function enter(m) {
    var q = { ply: plies() + 1, move: m.move, position: m.position };
    var c = clockAfterMove();
    if (c) q.clock = c;
    queue.push(q);
    keep();
    show();
    send();
  }

  // send posts the queue's first move, then the next, until the queue is empty or the server
  // cannot be reached (then again in a few seconds, or when the phone is online again).
  function send() {
    if (sending || !queue.length) return;
    sending = true;
    clearTimeout(retry);
    var q = queue[0];
    var req = { ply: q.ply, move: q.move };
    if (q.clock) req.clock = q.clock;
    post('/moves', req).then(function (r) {
      sending = false;
      if (r.status === 200) {
        queue.shift();
        keep();
        if (!queue.length) return refresh();
        saved.plies++;
        saved.moves = (saved.moves || []).concat([q.move]);
        show();
        return send();
      }
      if (r.status === 409 || r.status === 422) {
        // the record holds something else: drop what was not saved and show the record
        var lost = queue.map(function (x) { return x.move; }).join(' ');
        queue = [];
        keep();
        return refresh().then(function () {
          syncLine(msg(r.status === 409 ? 'js.rec.conflict' : 'js.rec.refused', { Error: r.body.error || '', Moves: lost }), 'conflict');
        });
      }
      if (r.status >= 400 && r.status < 500 && r.status !== 429) {
        // refused as sent (a link no longer valid, a clock reading): said in the server's
        // words, kept on the phone, sent again only when the connection returns or on a reload
        syncLine(msg('js.rec.stopped', { Error: r.body.error || 'HTTP ' + r.status,
          Moves: queue.map(function (x) { return x.move; }).join(' ') }), 'conflict');
        return;
      }
      later();
    }, function () { sending = false; later(); });
  }

  function later() {
    if (saved) syncLine();
    clearTimeout(retry);
    retry = setTimeout(function () { if (saved) send(); else refresh().then(send, later); }, 3000);
  }

  function post(path, data) {
    return fetch(write + path, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(data), cache: 'no-store'
    }).then(function (r) {
      return r.json().catch(function () { return {}; }).then(function (b) { return { status: r.status, body: b }; });
    });
  }

  function undo() {
    if (queue.length) {
      queue.pop();
      keep();
      show();
      return;
    }
    if (!saved.plies) return;
    var last = saved.moves[saved.plies - 1];
    if (!confirm(msg('js.rec.takeback', { Move: last }))) return;
    post('/undo', { ply: saved.plies }).then(function (r) {
      if (r.status !== 200) syncLine(msg('js.rec.notback', { Error: r.body.error || 'HTTP ' + r.status }), 'conflict');
      return refresh();
    }, function () { syncLine(msg('js.rec.offback'), 'conflict'); });
  }

  function result(res, term, label) {
    if (queue.length) { syncLine(msg('js.rec.waitsaved'), 'unsaved'); return; }
    if (!confirm(label + '?')) return;
    post('/result', { result: res, termination: term }).then(function (r) {
      if (r.status !== 200) syncLine(msg('js.rec.notentered', { Error: r.body.error || 'HTTP ' + r.status }), 'conflict');
      document.querySelector('details.results').open = false;
      stopClocks();
      return refresh();
    }, function () { syncLine(msg('js.rec.offresult'), 'conflict'); });
  }

  // Clocks, optional: one per side, counting down; the mover's clock stops when a move is
  // entered (its reading goes with the move as [%clk]) and the other side's starts.
  function loadClock() {
    try { return JSON.parse(localStorage.getItem(store + ':clock') || 'null'); } catch (e) { return null; }
  }
  function keepClock() {
    try { localStorage.setItem(store + ':clock', JSON.stringify(clock)); } catch (e) { /* memory only */ }
  }
  function left(side) {
    var ms = clock.left[side];
    if (clock.running === side) ms -= Date.now() - clock.since;
    return Math.max(0, ms);
  }
  function fmt(ms) {
    var s = Math.ceil(ms / 1000), h = Math.floor(s / 3600), m = Math.floor(s % 3600 / 60);
    s %= 60;
    return h + ':' + (m < 10 ? '0' : '') + m + ':' + (s < 10 ? '0' : '') + s;
  }
  function toMove() { return plies() % 2; }
  function clockAfterMove() {
    if (!clock) return '';
    var side = toMove();
    var ms = left(side);
    clock.left[side] = ms;
    clock.running = 1 - side;
    clock.since = Date.now();
    keepClock();
    return fmt(ms);
  }
  function stopClocks() {
    if (!clock || clock.running < 0) return;
    clock.left[clock.running] = left(clock.running);
    clock.running = -1;
    keepClock();
  }
  function drawClocks() {
    document.querySelectorAll('.clk-btn').forEach(function (b) {
      var side = +b.getAttribute('data-side');
      b.hidden = !clock;
      if (!clock) return;
      var ms = left(side);
      b.textContent = fmt(ms);
      b.classList.toggle('running', clock.running === side);
      b.classList.toggle('flag', ms === 0);
    });
  }
  document.getElementById('clock-on').addEventListener('click', function () {
    if (clock) {
      if (confirm(msg('js.rec.clocksoff'))) { clock = null; keepClock(); drawClocks(); }
      return;
    }
    var t = prompt(msg('js.rec.clocktime'), '0:30:00');
    var m = /^(\d+):([0-5]\d):([0-5]\d)$/.exec(t || '');
    if (!m) return;
    var ms = ((+m[1] * 60 + +m[2]) * 60 + +m[3]) * 1000;
    clock = { left: [ms, ms], running: -1, since: 0 };
    keepClock();
    drawClocks();
  });
  document.querySelectorAll('.clk-btn').forEach(function (b) {
    b.addEventListener('click', function () { // pause, or start the side to move
      if (clock.running >= 0) stopClocks();
      else { clock.running = toMove(); clock.since = Date.now(); keepClock(); }
      drawClocks();
    });
  });
  setInterval(function () { if (clock) drawClocks(); }, 250);

  document.getElementById('undo').addEventListener('click', undo);
  document.querySelectorAll('[data-result]').forEach(function (b) {
    b.addEventListener('click', function () {
      result(b.getAttribute('data-result'), b.getAttribute('data-term'), b.textContent);
    });
  });
  window.addEventListener('online', send);
  drawClocks();
  refresh().then(send, function () {
    syncLine(msg('js.rec.offstart'), 'unsaved');
    later();
  });
})();
