// bao's engine in the browser, the tap-to-move input and the analysis board. Every rule comes
// from the engine (the project's Go engine compiled to WebAssembly, in a Web Worker): this file
// knows how positions and move tokens are spelled, never which moves are legal.
//
// The small API, on window.bao, for every page that wants a board as an input (the analysis
// board here; the live recording page and the puzzle pages reuse it):
//
//   bao.engine()
//     Starts the worker on first call and gives a Promise of an object with
//       moves(variant, bpn)         -> Promise of the `bao moves --json` document (one line);
//                                      a bad position gives {position, error}
//       bestmove(variant, bpn, ms)  -> Promise of the `bao bestmove --json` document
//       explain(variant, bpn, tok)  -> Promise of why tok is not a legal move, in words
//                                      ("" when it is legal)
//       sow(variant, bpn, tok)      -> Promise of how the move sows, step by step
//                                      (sowing.AppendMove)
//
//   bao.paint(svg, bpn)
//     Shows a position on a board drawn by the site (svg.board): the counts, and stones.
//
//   bao.tapMove(svg, opts) -> input
//     Makes the board an input. opts: variant (id), bpn (the position), choices (an element
//     where the buttons of a choice go), onMove(token, bpn, doc) (a legal move was made; bpn
//     is the position after it), onSay(text, refused) (a message for the reader: why a tap
//     was refused, refused then true; what to choose), sow(bpn, token) (optional: plays the
//     move on the board before it is made, and gives a Promise of its end; a tap meanwhile
//     calls onBusy). The reader taps a pit; where the move's token needs more (a
//     direction, the kichwa a capture starts from, safari or not), buttons offer exactly the
//     legal choices. Pits are buttons for the keyboard too (Enter or Space).
//     input.set(bpn) puts another position on it; input.stop() ends the input.
(function () {
  'use strict';
  var bao = window.bao = window.bao || {};
  var script = document.currentScript;
  var msg = bao.msg || function (id) { return id; };

  // The worker's file is named in the script's data attribute; it knows the engine's.
  var workerFile = script && script.getAttribute('data-worker');
  // The stylesheet of a board as an image (site.BoardStyle), for "Download image".
  var boardStyle = script && script.getAttribute('data-board-style');
  // bao serve's explorer and position search, on the pages it serves (none on a static site).
  var explorer = script && script.getAttribute('data-explore');
  var posSearch = script && script.getAttribute('data-search');
  var started = null;
  bao.engine = function () {
    if (started) return started;
    started = new Promise(function (resolve, reject) {
      if (!workerFile || typeof Worker === 'undefined' || typeof WebAssembly === 'undefined') {
        reject(new Error(msg('js.a.nobrowser')));
        return;
      }
      var worker = new Worker(new URL(workerFile, document.baseURI).href);
      var waiting = {};
      var next = 1;
      worker.onmessage = function (e) {
        var m = e.data || {};
        var w = waiting[m.id];
        if (!w) return;
        delete waiting[m.id];
        // The worker's and the browser's words are English: the reader is told in the page's.
        if (m.error) { w.reject(new Error(msg(m.load ? 'js.a.noload' : 'js.a.failed'))); return; }
        try { w.resolve(w.json ? JSON.parse(m.json) : m.json); } catch (err) { w.reject(new Error(msg('js.a.failed'))); }
      };
      var dead = null; // the worker's failure: it answers no call after it
      worker.onerror = function (e) { // the worker's script did not load, or failed
        e.preventDefault();
        dead = new Error(msg('js.a.noload'));
        Object.keys(waiting).forEach(function (id) { waiting[id].reject(dead); });
        waiting = {};
      };
      var call = function (op, args, json) {
        return new Promise(function (res, rej) {
          if (dead) { rej(dead); return; }
          var id = next++;
          waiting[id] = { resolve: res, reject: rej, json: json };
          worker.postMessage({ id: id, op: op, args: args });
        });
      };
      resolve({
        moves: function (variant, bpn) { return call('moves', [String(variant), String(bpn)], true); },
        bestmove: function (variant, bpn, ms) { return call('bestmove', [String(variant), String(bpn), +ms || 1000], true); },
        explain: function (variant, bpn, tok) { return call('explain', [String(variant), String(bpn), String(tok)], false); },
        sow: function (variant, bpn, tok) { return call('sow', [String(variant), String(bpn), String(tok)], true); },
        // the engine's own speed, timed inside the worker (make bench: site/analysis_bench_test.go)
        bench: function (variant, bpns, rounds) { return call('bench', [String(variant), String(bpns), +rounds || 1], true); }
      });
    });
    return started;
  };

  // pitsOf lists a board's pits in the order BPN writes them: rows top to bottom as drawn,
  // each from left to right (the board is drawn from South's seat, as BPN reads).
  function pitsOf(svg) {
    var pits = [];
    svg.querySelectorAll('g.pit').forEach(function (g) {
      var c = g.querySelector('circle'), r = g.querySelector('rect:not(.hit)');
      var x = c ? +c.getAttribute('cx') : +r.getAttribute('x') + r.getAttribute('width') / 2;
      var y = c ? +c.getAttribute('cy') : +r.getAttribute('y') + r.getAttribute('height') / 2;
      var t = g.querySelector('title');
      pits.push({ g: g, x: x, y: y, name: t ? t.textContent : '', text: g.querySelector('text') });
    });
    return pits.sort(function (a, b) { return a.y - b.y || a.x - b.x; });
  }

  // counts reads the pit counts of a BPN, in the order of pitsOf.
  function counts(bpn) {
    return String(bpn).trim().split(/\s+/)[0].split('/').join(',').split(',').map(Number);
  }

  var marks = /^(has|owned|block|rsv-[sn]|from|early|sown|capt|hand|lift|can|picked)$/;
  bao.paint = function (svg, bpn, from) {
    var cs = counts(bpn);
    pitsOf(svg).forEach(function (p, i) {
      var base = p.g.getAttribute('class').split(' ').filter(function (c) { return !marks.test(c); });
      if (/\bstone\b/.test(base.join(' ')) && cs[i] > 0) base.push('has');
      if (p.name === from) base.push('from');
      p.g.setAttribute('class', base.join(' '));
      if (p.text) p.text.textContent = cs[i] ? String(cs[i]) : '';
      // A pit that is a button is named by its label and what it shows.
      if (p.g.hasAttribute('role')) p.g.setAttribute('aria-label', p.name + ': ' + (cs[i] || 0));
    });
    svg.setAttribute('data-bpn', bpn);
  };

  // pitOf is the pit a move token starts from: "A6<*" -> "A6", "B12-A12" -> "B12".
  function pitOf(tok) {
    var m = /^[ABab]\d+/.exec(tok);
    return m ? m[0] : '';
  }

  // choiceWords says what a token chooses, for the buttons of a choice.
  function choiceWords(tok) {
    var m = /^([ABab]\d+)([<>]?)(\+?)(\**)(#?)$/.exec(tok);
    if (!m) return tok;
    var w = [];
    if (m[2] === '<') w.push(msg('js.a.left'));
    if (m[2] === '>') w.push(msg('js.a.right'));
    if (m[3]) w.push(msg('js.a.safari'));
    if (m[4] === '*') w.push(msg('js.a.takasa'));
    if (m[4] === '**') w.push(msg('js.a.takasia'));
    if (m[5]) w.push(msg('js.a.wins'));
    return tok + (w.length ? ': ' + w.join(', ') : '');
  }

  var statusWords = {
    'south-wins': msg('js.a.southwon'),
    'north-wins': msg('js.a.northwon'),
    draw: msg('js.a.drawn')
  };

  // badPosition says that the engine could not read a position (its document d is
  // {position, error}); the engine's reason is English, and said on English pages only.
  function badPosition(d) {
    var why = document.documentElement.lang === 'en' && d.error ? ' (' + d.error + ')' : '';
    return msg('js.a.badpos', { Position: d.position }) + why;
  }

  bao.tapMove = function (svg, o) {
    var pits = pitsOf(svg);
    var bpn = o.bpn, doc = null, picked = '', live = true;
    var tell = function (t, refused) { if (o.onSay) o.onSay(t, !!refused); };
    var clearChoices = function () { if (o.choices) o.choices.textContent = ''; };
    svg.setAttribute('role', 'group');
    svg.classList.add('input');
    pits.forEach(function (p) {
      // The whole square of the pit answers a tap, not only its circle.
      var hit = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
      hit.setAttribute('class', 'hit');
      hit.setAttribute('x', p.x - 24);
      hit.setAttribute('y', p.y - 24);
      hit.setAttribute('width', 48);
      hit.setAttribute('height', 48);
      p.g.insertBefore(hit, p.g.firstChild);
      p.g.setAttribute('role', 'button');
      p.g.setAttribute('tabindex', '0');
    });
    function mark() {
      var from = {};
      if (doc && doc.moves) doc.moves.forEach(function (m) { from[pitOf(m.move)] = true; });
      pits.forEach(function (p) {
        p.g.classList.toggle('can', !!from[p.name]);
        p.g.classList.toggle('picked', p.name === picked);
      });
    }
    function set(b, fromPit) {
      bpn = b;
      doc = null;
      picked = '';
      clearChoices();
      bao.paint(svg, b, fromPit);
      mark(); // no pit is marked playable until the engine has listed this position's moves
      return bao.engine().then(function (e) { return e.moves(o.variant, b); }).then(function (d) {
        if (bpn !== b || !live) return d;
        doc = d;
        if (d.error) tell(badPosition(d), true);
        else if (d.status !== 'ongoing') tell(statusWords[d.status] || d.status);
        mark();
        return d;
      }, function (err) { tell(err.message); });
    }
    var busy = false; // the move is being sown (o.sow)
    function play(m) {
      var tok = m.move;
      var made = function () {
        busy = false;
        if (!live) return;
        set(m.position, pitOf(tok)).then(function (d) { if (o.onMove) o.onMove(tok, m.position, d); });
      };
      if (!o.sow) { made(); return; }
      busy = true;
      picked = '';
      clearChoices();
      o.sow(bpn, tok).then(made, made);
    }
    function tap(name) {
      if (!live) return;
      if (busy) { if (o.onBusy) o.onBusy(); return; }
      if (!doc) { tell(msg('js.a.starting')); return; }
      if (doc.error) { tell(badPosition(doc), true); return; }
      if (doc.status !== 'ongoing') { tell(statusWords[doc.status] || doc.status); return; }
      var cands = doc.moves.filter(function (m) { return pitOf(m.move) === name; });
      clearChoices();
      picked = '';
      if (cands.length === 0) {
        mark();
        var b = bpn;
        var legal = doc.moves.map(function (m) { return m.move; }).join(' ');
        if (document.documentElement.lang !== 'en') { // the engine explains in English only
          tell(msg('js.a.nofrom', { Pit: name, Legal: legal }), true);
          return;
        }
        bao.engine().then(function (e) { return e.explain(o.variant, b, name); }).then(function (why) {
          if (b === bpn) tell(why || msg('js.a.nomove'), true);
        });
        return;
      }
      if (cands.length === 1) { play(cands[0]); return; }
      picked = name;
      mark();
      tell(msg('js.a.choose', { Pit: name }));
      if (!o.choices) return;
      cands.forEach(function (m) {
        var btn = document.createElement('button');
        btn.type = 'button';
        btn.className = 'choice';
        btn.setAttribute('data-move', m.move);
        btn.textContent = choiceWords(m.move);
        btn.addEventListener('click', function () { play(m); });
        o.choices.appendChild(btn);
      });
      var first = o.choices.querySelector('button');
      if (first) first.focus();
    }
    var onClick = function (e) {
      var g = e.target.closest && e.target.closest('g.pit');
      if (!g) return;
      pits.forEach(function (p) { if (p.g === g) tap(p.name); });
    };
    var onKey = function (e) {
      if (e.key !== 'Enter' && e.key !== ' ') return;
      var g = e.target.closest && e.target.closest('g.pit');
      if (!g) return;
      e.preventDefault();
      pits.forEach(function (p) { if (p.g === g) tap(p.name); });
    };
    svg.addEventListener('click', onClick);
    svg.addEventListener('keydown', onKey);
    set(bpn);
    return {
      set: set,
      tap: tap,
      stop: function () {
        live = false;
        clearChoices();
        svg.removeEventListener('click', onClick);
        svg.removeEventListener('keydown', onKey);
        svg.classList.remove('input');
        svg.setAttribute('role', 'img');
        pits.forEach(function (p) {
          var hit = p.g.querySelector('rect.hit');
          if (hit) hit.remove();
          p.g.removeAttribute('role');
          p.g.removeAttribute('tabindex');
          p.g.removeAttribute('aria-label');
          p.g.classList.remove('can', 'picked');
        });
      }
    };
  };

  // ---- The analysis board ----
  //
  // "Analyse from here" under a board (the game viewer's, or a diagram) opens a copy of it as
  // an input. The reader's moves form a tree (branches kept, a line deleted on request); the
  // line to the node shown is kept in the URL hash as the board's key and the tokens,
  // "#p20/A6<*/a4>" for the viewer at ply 20, "#d2/…" for the page's third diagram, so that a
  // link opens the same analysis. "Engine" searches the position shown in the worker.

  // The embed snippet of a game page names its page by an address that holds wherever the
  // page is pasted.
  var embedCode = document.getElementById('embed-code');
  if (embedCode && /^https?:$/.test(location.protocol)) {
    var rel = embedCode.getAttribute('data-embed');
    embedCode.value = embedCode.value.replace('src="' + rel + '"', 'src="' + new URL(rel, location.href).href + '"');
    embedCode.addEventListener('focus', function () { embedCode.select(); });
  }

  var boards = [];
  document.querySelectorAll('svg.board[data-bpn][data-variant]').forEach(function (svg) {
    // A board inside [data-input] is an input of its page's own (the recording page's).
    if (svg.classList.contains('key') || !svg.getAttribute('data-variant') || svg.closest('[data-input]')) return;
    var key = svg.id === 'board' ? 'p' : 'd' + boards.length;
    boards.push({ svg: svg, key: key });
  });
  boards.forEach(function (b) { addOpener(b); });
  openFromHash();

  function addOpener(b) {
    var btn = document.createElement('button');
    btn.type = 'button';
    btn.className = 'analyse';
    btn.textContent = msg('js.a.open');
    btn.addEventListener('click', function () { open(b, null); });
    var controls = b.key === 'p' ? document.getElementById('controls') : null;
    if (controls) controls.appendChild(btn);
    else b.svg.closest('figure').appendChild(btn);
    b.opener = btn;
  }

  // hashLine reads "#p20/A6%3C*/a4%3E" into its board key, ply and tokens.
  function hashLine() {
    var h = location.hash.slice(1);
    var parts = h.split('/');
    if (parts.length < 2) return null;
    var m = /^(p)(\d+)$|^(d\d+)$/.exec(parts[0]);
    if (!m) return null;
    var toks = parts.slice(1).filter(Boolean).map(function (t) {
      try { return decodeURIComponent(t); } catch (e) { return ''; }
    });
    return { key: m[1] || m[3], ply: m[2] ? +m[2] : -1, toks: toks };
  }

  function openFromHash() {
    var l = hashLine();
    if (!l) return;
    boards.forEach(function (b) { if (b.key === l.key) open(b, l); });
  }

  // open starts the analysis of board b at the position it shows; line (from the hash) replays
  // the reader's moves, each checked by the engine.
  function open(b, line) {
    if (b.panel) close(b);
    var svg = b.svg;
    var start = svg.getAttribute('data-bpn');
    var ply = +(svg.getAttribute('data-ply') || 0);
    if (line && b.key === 'p' && line.ply >= 0) {
      var row = document.querySelector('#positions tbody tr:nth-child(' + (line.ply + 1) + ')');
      if (row && row.getAttribute('data-bpn')) { start = row.getAttribute('data-bpn'); ply = line.ply; }
    }
    var variant = svg.getAttribute('data-variant');
    var panel = document.createElement('section');
    panel.className = 'analysis';
    panel.setAttribute('aria-label', msg('js.a.board'));
    var copy = svg.cloneNode(true);
    copy.removeAttribute('id');
    copy.setAttribute('data-analysis', '');
    var h2 = document.createElement('h2');
    h2.className = 'analysis-h';
    h2.textContent = msg('js.a.heading');
    panel.appendChild(h2);
    var fig = document.createElement('figure');
    fig.className = 'diagram';
    fig.appendChild(copy);
    panel.appendChild(fig);
    var say = document.createElement('p');
    say.className = 'say';
    say.setAttribute('role', 'status');
    say.setAttribute('aria-live', 'polite');
    var choices = document.createElement('div');
    choices.className = 'choices';
    var tools = document.createElement('div');
    tools.className = 'tools';
    var tooled = ['back', 'fwd', 'del', 'engine', 'flip', 'copy', 'bgn', 'svg', 'png'];
    if (explorer) tooled.push('explore');
    if (posSearch) tooled.push('search');
    tooled.concat(['close']).forEach(function (a) {
      // The line's record, the explorer and the search are links; the others are buttons.
      var isLink = a === 'bgn' || a === 'explore' || a === 'search';
      var t = document.createElement(isLink ? 'a' : 'button');
      if (isLink) {
        t.className = 'button';
        t.setAttribute('href', '#');
      }
      if (a === 'bgn') t.setAttribute('download', 'analysis.bgn');
      if (!isLink) t.type = 'button';
      if (a === 'flip') t.setAttribute('aria-pressed', 'false');
      t.setAttribute('data-a', a);
      t.textContent = msg('js.a.' + a);
      tools.appendChild(t);
    });
    var pos = document.createElement('p');
    pos.className = 'bpn';
    var best = document.createElement('p');
    best.className = 'best';
    best.setAttribute('aria-live', 'polite');
    var tree = document.createElement('ol');
    tree.className = 'line';
    tree.setAttribute('aria-label', msg('js.a.yourmoves'));
    [say, choices, tools, best, pos, tree].forEach(function (el) { panel.appendChild(el); });
    var host = b.key === 'p' ? document.getElementById('viewer') : svg.closest('figure');
    host.parentNode.insertBefore(panel, host.nextSibling);
    if (b.key === 'p') host.hidden = true; // the panel takes the viewer's place
    b.panel = panel;
    b.opener.hidden = true;

    // The tree of the reader's moves: node 0 is the position analysed from.
    var root = { tok: '', bpn: start, kids: [], up: null };
    var cur = root;
    var sowing = null; // the reader's move being sown
    var input = bao.tapMove(copy, {
      variant: variant, bpn: start, choices: choices,
      onSay: function (t) { say.textContent = t; },
      sow: function (before, tok) { return sowMove(before, tok); },
      onBusy: function () { if (sowing) sowing.finish(); },
      onMove: function (tok, after) {
        var kid = null;
        cur.kids.forEach(function (k) { if (k.tok === tok) kid = k; });
        if (!kid) { kid = { tok: tok, bpn: after, kids: [], up: cur }; cur.kids.push(kid); }
        cur = kid;
        say.textContent = tok;
        shown();
      }
    });
    b.input = input;

    // sowMove plays the reader's move tok from position before seed by seed, as the game
    // viewer plays the game's moves (bao.sow in bao.js), at the viewer's speed (none: at
    // once); the steps come from the engine. The line under the board (say) shows the step's
    // words and the seeds in hand; the board the steps reached is kept in data-sown, for the
    // tests to compare with the position.
    function sowMove(before, tok) {
      var speed = document.getElementById('speed');
      var delay = function () {
        if (speed) return +speed.value || 0;
        return window.matchMedia && matchMedia('(prefers-reduced-motion: reduce)').matches ? 0 : 150;
      };
      if (!delay() || !bao.sow) return Promise.resolve();
      return bao.engine().then(function (e) { return e.sow(variant, before, tok); }).then(function (d) {
        if (d.error) return;
        var words = (d.words || []).map(function (w) { return msg(w.id, w.args); });
        var node = bao.nodesOf({ w: words, n: ['', d.node] })[1];
        var pits = bao.boardPits(copy);
        var dom = Array.prototype.map.call(copy.querySelectorAll('g.pit'), function (g) { return g; });
        var cs = counts(before), start = [], held = [];
        pitsOf(copy).forEach(function (p, i) { // from the order of BPN to that of the board (the engine)
          var k = dom.indexOf(p.g);
          start[k] = cs[i];
          held[k] = p.g.getAttribute('class');
        });
        say.setAttribute('aria-busy', 'true'); // one message at the end, not one per seed
        return new Promise(function (resolve) {
          sowing = bao.sow({
            pits: pits, counts: start, held: held, node: node, delay: delay,
            drawn: function (f) {
              say.textContent = f.words + (f.inHand >= 0 ? ' ' + msg('js.inhand', { N: bao.num(f.inHand) }) : '');
            },
            done: function (reached) {
              sowing = null;
              say.removeAttribute('aria-busy');
              copy.setAttribute('data-sown', reached.join(','));
              resolve();
            }
          });
        });
      });
    }

    // markMove marks on the board what the move that led to node n did, as the game viewer
    // marks a game's move (the pits of its last lap, those of earlier laps dimmed, the pits
    // captured from), from the same steps sowMove plays.
    function markMove(n) {
      if (!n.up) return;
      bao.engine().then(function (e) { return e.sow(variant, n.up.bpn, n.tok); }).then(function (d) {
        if (cur !== n || sowing || d.error || !bao.nodesOf) return;
        var k = bao.nodesOf({ w: (d.words || []).map(function () { return ''; }), n: ['', d.node] })[1].k;
        copy.querySelectorAll('g.pit').forEach(function (g, i) {
          (k[i] || '').split(' ').forEach(function (c) { if (c) g.classList.add(c); });
        });
      }, function () { /* the board stays unmarked */ });
    }

    function path(n) {
      var out = [];
      for (; n && n.up; n = n.up) out.unshift(n);
      return out;
    }
    function go(n) {
      if (sowing) { sowing.finish(); return; } // the move being sown is made first
      cur = n;
      input.set(n.bpn, n.tok ? pitOf(n.tok) : '');
      say.textContent = '';
      shown();
    }
    // shown updates what follows the node shown: the URL, the BPN, the tree.
    function shown() {
      copy.setAttribute('data-line', path(cur).map(function (n) { return n.tok; }).join(' '));
      markMove(cur);
      pos.innerHTML = '';
      var code = document.createElement('code');
      code.textContent = cur.bpn;
      pos.appendChild(code);
      best.textContent = '';
      var h = '#' + (b.key === 'p' ? 'p' + ply : b.key) + path(cur).map(function (n) { return '/' + encodeURIComponent(n.tok); }).join('');
      try { history.replaceState(null, '', h); } catch (e) { /* file: URLs */ }
      drawTree();
      var dl = tools.querySelector('[data-a=bgn]');
      var data = 'data:application/octet-stream,' + encodeURIComponent(lineBGN(svg.getAttribute('data-name') || '', start, path(cur)));
      dl.setAttribute('href', data);
      // The explorer and the search follow the position shown.
      var q = '?variant=' + encodeURIComponent(variant) + '&position=' + encodeURIComponent(cur.bpn);
      var ex = tools.querySelector('[data-a=explore]');
      if (ex) ex.setAttribute('href', new URL(explorer, document.baseURI).pathname + q);
      var se = tools.querySelector('[data-a=search]');
      if (se) se.setAttribute('href', new URL(posSearch, document.baseURI).pathname + q);
    }
    // drawTree lists the reader's moves: a line's moves one after another, numbered as a
    // record numbers them from the position analysed (a North move where a list starts gets
    // its number too: "12… a4>"), each move's alternatives nested under it as lines of their own.
    var southFirst = String(start).trim().split(/\s+/)[1] !== 'N';
    function drawTree() {
      tree.textContent = '';
      // item is the entry of node k, the ply d of the reader's line (1 for the first).
      var item = function (k, d, first) {
        var south = (d % 2 === 1) === southFirst;
        var n = Math.floor((d + (southFirst ? 1 : 2)) / 2);
        var li = document.createElement('li');
        var a = document.createElement('button');
        a.type = 'button';
        a.className = 'node' + (k === cur ? ' current' : '');
        if (k === cur) a.setAttribute('aria-current', 'step');
        a.textContent = south ? n + '. ' + k.tok : first ? n + '\u2026 ' + k.tok : k.tok;
        a.addEventListener('click', function () { go(k); });
        li.appendChild(a);
        return li;
      };
      // line lists the line that goes on from node n (ply d next) into list.
      var line = function (list, n, d) {
        for (var first = true; n.kids.length; n = n.kids[0], d++, first = false) {
          var li = item(n.kids[0], d, first);
          list.appendChild(li);
          n.kids.slice(1).forEach(function (k) {
            var sub = document.createElement('ol');
            sub.className = 'branch';
            sub.appendChild(item(k, d, true));
            line(sub, k, d + 1);
            li.appendChild(sub);
          });
        }
      };
      line(tree, root, 1);
    }
    tools.addEventListener('click', function (e) {
      var t = e.target.closest('[data-a]');
      if (!t) return;
      var a = t.getAttribute('data-a');
      if (a === 'back' && cur.up) go(cur.up);
      if (a === 'fwd' && cur.kids.length) go(cur.kids[0]);
      if (a === 'del' && cur.up) {
        var up = cur.up;
        up.kids = up.kids.filter(function (k) { return k !== cur; });
        go(up);
      }
      if (a === 'close') close(b);
      if (a === 'flip') {
        var on = copy.classList.toggle('flipped');
        t.setAttribute('aria-pressed', on ? 'true' : 'false');
      }
      if (a === 'copy') {
        var done = function () { say.textContent = msg('js.a.copied', { BPN: cur.bpn }); };
        if (navigator.clipboard) navigator.clipboard.writeText(cur.bpn).then(done, function () { say.textContent = cur.bpn; });
        else say.textContent = cur.bpn;
      }
      if (a === 'svg' || a === 'png') {
        boardImage(copy, a).then(function (url) {
          var dl = document.createElement('a');
          dl.href = url;
          dl.download = 'position.' + a;
          document.body.appendChild(dl);
          dl.click();
          dl.remove();
        }, function (err) { say.textContent = err.message; });
      }
      if (a === 'engine') {
        var at = cur.bpn;
        best.textContent = msg('js.a.thinking');
        bao.engine().then(function (e) {
          return e.bestmove(variant, at, 1000).then(function (d) {
            if (cur.bpn !== at) return;
            if (d.error) { // a finished game, or a position the engine cannot read
              return e.moves(variant, at).then(function (m) {
                if (cur.bpn === at) best.textContent = m.error ? badPosition(m) : statusWords[m.status] || msg('js.a.failed');
              });
            }
            var score = d.win_in === null ? (d.score > 0 ? '+' : '') + d.score.toFixed(2) :
              d.win_in > 0 ? msg('js.a.winin', { N: d.win_in }) : msg('js.a.lossin', { N: -d.win_in });
            best.textContent = msg('js.a.best', { Move: d.best, Score: score, Line: d.pv.join(' '), Depth: d.depth });
            best.setAttribute('data-best', d.best);
          });
        }).catch(function (err) { best.textContent = err.message; });
      }
    });
    // Replay the hash's line, move by move, through the engine.
    var toks = line ? line.toks : [];
    var replay = function (i) {
      if (i >= toks.length) { shown(); return; }
      bao.engine().then(function (e) { return e.moves(variant, cur.bpn); }).then(function (d) {
        var m = (d.moves || []).filter(function (x) { return x.move === toks[i]; })[0];
        if (!m) { say.textContent = msg('js.a.illegal', { Move: toks[i] }); shown(); return; }
        var kid = { tok: m.move, bpn: m.position, kids: [], up: cur };
        cur.kids.push(kid);
        cur = kid;
        if (i + 1 === toks.length) go(cur);
        else replay(i + 1);
      }, function (err) { say.textContent = err.message; shown(); });
    };
    if (toks.length) replay(0);
    else shown();
    panel.scrollIntoView && panel.scrollIntoView({ block: 'nearest' });
  }

  // boardImage makes the board svg shows into a standalone image, as an address to download:
  // a copy of it styled by the site's rules for boards (static/board.css, which bao show --svg
  // puts in its images too), named by its description; for "png", that image drawn on a canvas
  // at twice its size.
  function boardImage(svg, kind) {
    var ns = 'http://www.w3.org/2000/svg';
    if (!boardStyle) return Promise.reject(new Error(msg('js.a.failed')));
    return fetch(new URL(boardStyle, document.baseURI).href).then(function (r) {
      if (!r.ok) throw new Error(msg('js.a.failed'));
      return r.text();
    }).then(function (css) {
      var c = svg.cloneNode(true);
      var vb = svg.viewBox.baseVal;
      ['data-analysis', 'data-line', 'style', 'aria-label', 'role'].forEach(function (n) { c.removeAttribute(n); });
      c.setAttribute('class', 'board');
      c.classList.add('image');
      c.setAttribute('xmlns', ns);
      c.setAttribute('width', vb.width);
      c.setAttribute('height', vb.height);
      c.setAttribute('role', 'img');
      c.querySelectorAll('rect.hit').forEach(function (r) { r.remove(); });
      c.querySelectorAll('[tabindex],[role],[aria-label]').forEach(function (g) {
        g.removeAttribute('tabindex'); g.removeAttribute('role'); g.removeAttribute('aria-label');
      });
      var title = document.createElementNS(ns, 'title');
      title.textContent = svg.getAttribute('aria-label') || svg.getAttribute('data-name') || '';
      var style = document.createElementNS(ns, 'style');
      style.textContent = css;
      c.insertBefore(style, c.firstChild);
      c.insertBefore(title, c.firstChild);
      var text = new XMLSerializer().serializeToString(c);
      var url = 'data:image/svg+xml,' + encodeURIComponent(text);
      if (kind === 'svg') return url;
      return new Promise(function (resolve, reject) {
        var img = new Image();
        img.onload = function () {
          var cv = document.createElement('canvas');
          cv.width = 2 * vb.width;
          cv.height = 2 * vb.height;
          cv.getContext('2d').drawImage(img, 0, 0, cv.width, cv.height);
          resolve(cv.toDataURL('image/png'));
        };
        img.onerror = function () { reject(new Error(msg('js.a.failed'))); };
        img.src = url;
      });
    });
  }

  // lineBGN writes the reader's line as a BGN record that starts from the position analysed.
  function lineBGN(name, start, nodes) {
    var south = String(start).trim().split(/\s+/)[1] !== 'N';
    var text = '', n = 1;
    nodes.forEach(function (k, i) {
      if (south) text += n + '. ';
      else if (i === 0) text += n + '... ';
      text += k.tok + ' ';
      if (!south) n++;
      south = !south;
    });
    var q = function (s) { return '"' + String(s).replace(/\\/g, '\\\\').replace(/"/g, '\\"') + '"'; };
    return '[Event "Analysis"]\n[Result "*"]\n' + '[Variant ' + q(name) + ']\n' + '[SetUp "1"]\n' +
      '[Position ' + q(start) + ']\n\n' + text + '*\n';
  }

  function close(b) {
    if (b.input) b.input.stop();
    if (b.panel) b.panel.remove();
    b.panel = b.input = null;
    b.opener.hidden = false;
    if (b.key === 'p') document.getElementById('viewer').hidden = false;
    try { history.replaceState(null, '', location.pathname + location.search); } catch (e) { /* file: URLs */ }
  }
})();
