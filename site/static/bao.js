// The bao site's one script, shared by every page. It knows no rules: every position, mark
// and sowing step was computed by the engine, when the site was built (or, for the analysis
// board's moves, in the browser: analysis.js). Parts:
//   - href: the one gate for every address the script puts in a link;
//   - the header's links to the live search, when the site is served by bao serve;
//   - the game viewer (#board with #bao-plies), with seed-by-seed sowing (sow, which the
//     analysis board uses too);
//   - the static search (search.html).
(function () {
  'use strict';

  // href returns h if it is a relative path, else null. Addresses come from the site's own
  // JSON, whose strings come from file names and tags: a name such as "javascript:…" or
  // "//host/…" must never become a link. Browsers strip spaces and control characters from
  // URLs, so any of those is refused too.
  function href(h) {
    if (typeof h !== 'string' || h === '') return null;
    if (/^\s|\s$/.test(h) || /[\u0000-\u001f\u007f\\\u2028\u2029]/.test(h)) return null;
    if (/^[a-z][a-z0-9+.\-]*:/i.test(h) || h.slice(0, 2) === '//') return null;
    return h;
  }

  // The page's words (static/msg.js).
  var msg = window.bao.msg, msgN = window.bao.msgN, num = window.bao.num;

  // link makes an <a> for a checked address, or a plain <span> if the address is refused.
  function link(h, text, cls) {
    var ok = href(h);
    var el = document.createElement(ok ? 'a' : 'span');
    if (ok) el.setAttribute('href', ok);
    if (cls) el.className = cls;
    el.textContent = text;
    return el;
  }

  var plies = document.getElementById('bao-plies');
  var board = document.getElementById('board');
  if (plies && board) viewer(nodesOf(JSON.parse(plies.textContent)), board);
  var form = document.getElementById('search');
  if (form) search(form, document.currentScript);

  // nodesOf reads the viewer's data block (see site/viewer.go): the words of the sowing steps,
  // and a string of tokens per node, which it turns into the node's classes per pit (k), its
  // neighbours (p, n) and the sowing steps of the move that led there (t). The marks of the
  // position are those of the node before unless the node has its own; the pits a move sowed
  // into and captured from are marked from its steps.
  function nodesOf(d) {
    var letters = { o: 'owned', b: 'block', s: 'rsv-s', n: 'rsv-n', f: 'from' };
    // words fills a pattern of d.w with its pit names and numbers: "3:2:A4".
    var words = function (ref) {
      if (ref === '') return '';
      var args = ref.split(':'), j = 1;
      return d.w[+args[0]].replace(/@/g, function (at) { return j < args.length ? args[j++] : at; });
    };
    var nodes = [];
    d.n.forEach(function (str, i) {
      var n = { k: [], p: i - 1, n: i + 1 < d.n.length ? i + 1 : -1, t: [], from: [] };
      var held = null, move = [], laps = [];
      str.split(' ').forEach(function (tok) {
        var op = tok.charAt(0), f = tok.slice(1).split(','), m;
        if (tok === '-') { held = []; return; }
        if ((m = /^(\d+)([a-z]+)$/.exec(tok))) {
          m[2].split('').forEach(function (l) {
            if (l === 'f') { move.push([+m[1], 'from']); n.from.push(+m[1]); }
            else (held = held || []).push([+m[1], letters[l]]);
          });
          return;
        }
        if (op === 'P') { n.p = +f[0]; return; }
        if (op === 'N') { n.n = +f[0]; return; }
        var st = { op: op, text: words(f[0]) };
        if (op === 'S') {
          st.from = f[1] === '' ? -1 : +f[1];
          st.pits = [];
          f[3].split('.').forEach(function (run) {
            var ab = run.split('-'), a = +ab[0], b = ab.length > 1 ? +ab[1] : a, dir = b < a ? -1 : 1;
            for (var p = a; ; p += dir) { st.pits.push(p); if (p === b) break; }
          });
          laps.push(st.pits);
          st.lifted = f[2] !== '' ? +f[2] : st.from < 0 ? 0 : st.pits.length;
        } else if (op === 'X') {
          st.pit = +f[1];
          move.push([st.pit, 'capt']);
        } else if (op === '=' || op === 'B') {
          st.set = f.slice(1).map(Number);
        } else if (op !== 'E') {
          return;
        }
        n.t.push(st);
      });
      n.held = held || (n.p >= 0 && nodes[n.p] ? nodes[n.p].held : []);
      // The last lap's pits are marked sown, those only earlier laps sowed early (dimmed).
      var last = laps.length ? laps[laps.length - 1] : [];
      laps.forEach(function (pits, j) {
        pits.forEach(function (p) { move.push([p, j === laps.length - 1 || last.indexOf(p) >= 0 ? 'sown' : 'early']); });
      });
      // The classes in the order the build's boards write them: the position's, then from,
      // early, sown and capt, each once.
      var add = function (pm) {
        var c = n.k[pm[0]];
        if (!c) n.k[pm[0]] = pm[1];
        else if ((' ' + c + ' ').indexOf(' ' + pm[1] + ' ') < 0) n.k[pm[0]] = c + ' ' + pm[1];
      };
      n.held.forEach(add);
      ['from', 'early', 'sown', 'capt'].forEach(function (c) {
        move.forEach(function (pm) { if (pm[1] === c) add(pm); });
      });
      nodes.push(n);
    });
    return nodes;
  }

  // viewer steps through the nodes of a game. Node i's counts, caption and info line are read
  // from the page's table of positions (row p<i>), which readers without JavaScript use; the
  // data block holds what changes besides (see nodesOf).
  function viewer(nodes, svg) {
    var pits = boardPits(svg);
    var rows = (svg.getAttribute('data-rows') || '').split(';').map(function (r) {
      var i = r.indexOf(':');
      return { letter: r.slice(0, i), pits: r.slice(i + 1).split(',').map(Number) };
    });
    var name = svg.getAttribute('data-name') || '';
    var table = document.getElementById('positions');
    table.querySelectorAll('tr[id^="p"]').forEach(function (tr) {
      var n = nodes[+tr.id.slice(1)];
      if (!n) return;
      var cells = tr.children;
      n.m = cells[0].textContent;
      n.bpn = tr.getAttribute('data-bpn'); // for the analysis board (analysis.js)
      n.i = cells[1].textContent;
      n.c = [];
      rows.forEach(function (r, j) {
        var cs = cells[2 + j].textContent.split(' ');
        r.pits.forEach(function (p, k) { n.c[p] = +cs[k]; });
      });
      tr.removeAttribute('id'); // the viewer follows the hash: the table is not scrolled to
    });
    var caption = document.getElementById('board-caption');
    var info = document.getElementById('board-info');
    var stepText = document.getElementById('board-step');
    var section = document.getElementById('viewer');
    section.classList.add('live'); // sticky from now on (site.css)
    // The line under the board while a move is sown: the step's words and the seeds in hand.
    var stepWords = document.createElement('span');
    var handCount = document.createElement('strong');
    handCount.className = 'inhand';
    stepText.textContent = '';
    stepText.appendChild(stepWords);
    stepText.appendChild(document.createTextNode(' '));
    stepText.appendChild(handCount);
    var bankKind = svg.getAttribute('data-bank') || ''; // "reserves", "stores" or none
    // The controls are the script's own: without it a page shows none that do nothing.
    var el = function (tag, attrs, text) {
      var e = document.createElement(tag);
      for (var k in attrs) e.setAttribute(k, attrs[k]);
      if (text) e.textContent = text;
      return e;
    };
    var controlsBox = el('div', { 'class': 'controls', id: 'controls' });
    ['first', 'prev', 'next', 'last'].forEach(function (go) {
      controlsBox.appendChild(el('button', { type: 'button', 'data-go': go, 'aria-label': msg('js.' + go + '.label'),
        title: msg('js.' + go + '.title') }, msg('js.' + go)));
    });
    var speed = el('select', { id: 'speed' });
    [['0', 'jump'], ['400', 'slow'], ['150', 'normal'], ['50', 'fast']].forEach(function (o) {
      var opt = el('option', { value: o[0] }, msg('js.' + o[1]));
      if (o[0] === '150') opt.selected = true;
      speed.appendChild(opt);
    });
    var sowing = el('div', { 'class': 'sowing', id: 'sowing' });
    var speedLabel = el('label', {}, msg('js.sowing') + ' ');
    speedLabel.appendChild(speed);
    var skip = el('button', { type: 'button', id: 'skip', hidden: '' }, msg('js.skip'));
    sowing.appendChild(speedLabel);
    sowing.appendChild(document.createTextNode(' '));
    sowing.appendChild(skip);
    section.appendChild(controlsBox);
    section.appendChild(sowing);
    var cur = -1;
    var anim = null;
    var graph = evalGraph(nodes, function (i) { show(i, true, false); });

    function label(n, counts) {
      return msg('js.board.label', { Name: name, Caption: n.m, Info: n.i }) + rows.map(function (r) {
        return ' ' + msg('js.board.row', { Row: r.letter }) + ' ' + r.pits.map(function (p) { return counts[p] || 0; }).join(' ') + '.';
      }).join('');
    }

    function paint(counts, cls) { paintPits(pits, counts, cls); }

    // moveLink is the move that led to node i, in the move text: a link to its row.
    function moveLink(i) {
      return document.querySelector('.movetext a[href="#p' + i + '"]');
    }

    // show puts node i on the board; push puts it in the address (replacing the history
    // entry: stepping through 150 moves must not take 150 presses of Back to leave), scroll
    // brings its move into view.
    function show(i, push, scroll) {
      stop();
      var n = nodes[i];
      if (!n || !n.c) return;
      paint(n.c, n.k);
      svg.setAttribute('aria-label', label(n, n.c));
      caption.textContent = n.m;
      info.textContent = n.i;
      stepText.hidden = true;
      var old = document.querySelector('.movetext a.current');
      if (old) { old.classList.remove('current'); old.removeAttribute('aria-current'); }
      var mv = moveLink(i);
      if (mv) {
        mv.classList.add('current');
        mv.setAttribute('aria-current', 'step');
        if (scroll && mv.scrollIntoView) mv.scrollIntoView({ block: 'nearest' });
      }
      cur = i;
      if (graph) graph(i);
      svg.setAttribute('data-ply', String(i));
      if (n.bpn) svg.setAttribute('data-bpn', n.bpn);
      if (push && location.hash !== '#p' + i) {
        try { history.replaceState(null, '', '#p' + i); } catch (e) { /* file: URLs in some browsers */ }
      }
    }

    // Sowing: the move to node i played seed by seed from its steps (sow), with its words,
    // the seeds in hand and the reserves or stores as they change on the line under the board.
    function play(i) {
      var n = nodes[i], from = nodes[cur];
      if (!+speed.value || !n.t.length) { show(i, true, true); return; }
      stop();
      // bankWords is the part of the info line that says the reserves or stores.
      var bankWords = function (b) { return msg('js.board.' + bankKind, { South: b[0], North: b[1] }); };
      anim = sow({
        pits: pits, counts: from.c, held: from.k, node: n,
        delay: function () { return +speed.value || 0; },
        drawn: function (f) {
          stepWords.textContent = f.words;
          handCount.textContent = f.inHand >= 0 ? msg('js.inhand', { N: num(f.inHand) }) : '';
          stepText.hidden = !f.words && f.inHand < 0;
          if (f.bank0 && bankKind) {
            var before = bankWords(f.bank0), now = bankWords(f.bank);
            info.textContent = from.i.indexOf(before) >= 0 ? from.i.replace(before, now) : from.i;
          }
        },
        // The board the steps reached is kept in data-sown, for the tests to compare with
        // the node's.
        done: function (counts) {
          svg.setAttribute('data-sown', counts.join(','));
          show(i, true, true);
        }
      });
      skip.hidden = false;
      caption.textContent = n.m;
    }
    // finish plays the rest of the steps at once and shows the node.
    function finish() {
      if (anim) anim.finish();
    }
    function stop() {
      if (!anim) return;
      anim.stop();
      anim = null;
      skip.hidden = true;
    }

    function last(i) {
      while (nodes[i].n >= 0) i = nodes[i].n;
      return i;
    }
    var go = {
      first: function () { show(0, true, true); },
      prev: function () { if (anim) { var back = cur; stop(); show(back, false, true); return; } if (nodes[cur].p >= 0) show(nodes[cur].p, true, true); },
      next: function () { if (anim) { finish(); return; } if (nodes[cur].n >= 0) play(nodes[cur].n); },
      last: function () { show(last(cur), true, true); }
    };
    var keys = { ArrowLeft: 'prev', ArrowRight: 'next', Home: 'first', End: 'last' };
    document.addEventListener('keydown', function (e) {
      var tag = e.target && e.target.tagName;
      if (e.altKey || e.ctrlKey || e.metaKey || tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return;
      var k = keys[e.key];
      if (!k) return;
      e.preventDefault();
      go[k]();
    });
    var controls = document.getElementById('controls');
    controls.addEventListener('click', function (e) {
      var b = e.target.closest('[data-go]');
      if (b) go[b.getAttribute('data-go')]();
    });
    var saved = null;
    try { saved = localStorage.getItem('bao-speed'); } catch (e) { /* storage off */ }
    if (saved !== null && speed.querySelector('option[value="' + (+saved) + '"]')) speed.value = String(+saved);
    else if (window.matchMedia && matchMedia('(prefers-reduced-motion: reduce)').matches) speed.value = '0';
    speed.addEventListener('change', function () {
      try { localStorage.setItem('bao-speed', speed.value); } catch (e) { /* storage off */ }
    });
    skip.addEventListener('click', finish);
    document.addEventListener('click', function (e) {
      var a = e.target.closest && e.target.closest('.movetext a[href^="#p"]');
      var m = a && /^#p(\d+)$/.exec(a.getAttribute('href'));
      if (!m || !nodes[+m[1]]) return;
      e.preventDefault();
      show(+m[1], true, false);
    });
    // The hash names the node shown: Back and Forward, or an edited address, move the board.
    var fromHash = function () {
      var m = /^#p(\d+)(\/|$)/.exec(location.hash); // "#p20/…": a line analysed from ply 20
      return m && nodes[+m[1]] ? +m[1] : 0;
    };
    window.addEventListener('popstate', function () { show(fromHash(), false, true); });
    // On a phone the viewer sticks to the top of the screen: moves scrolled into view stop
    // below it.
    var wide = window.matchMedia ? matchMedia('(min-width: 60rem)') : null;
    var measure = function () {
      var h = wide && wide.matches ? 0 : section.offsetHeight;
      document.documentElement.style.setProperty('--viewer-h', h + 'px');
    };
    measure();
    window.addEventListener('resize', measure);
    table.open = false;
    show(fromHash(), false, true);
  }

  // boardPits are the pits of a board the site drew, pit k its k-th g.pit (the engine's pit
  // k): each with its own classes, those it was drawn with less the marks of a position and
  // of a move (and of an input: analysis.js).
  function boardPits(svg) {
    var marked = /^(has|owned|block|rsv-[sn]|from|early|sown|capt|hand|lift|can|picked)$/;
    var pits = [];
    svg.querySelectorAll('g.pit').forEach(function (g, k) {
      var base = g.getAttribute('class').split(' ').filter(function (c) { return !marked.test(c); }).join(' ');
      pits[k] = { g: g, t: g.querySelector('text'), base: base, stone: / stone\b/.test(base) };
    });
    return pits;
  }

  // paintPits shows counts on a board's pits (boardPits), with classes cls by pit.
  function paintPits(pits, counts, cls) {
    pits.forEach(function (p, k) {
      var c = cls[k] || '';
      if (p.stone && counts[k] > 0) c += ' has'; // a stone is drawn, not counted
      p.g.setAttribute('class', c ? p.base + ' ' + c : p.base);
      p.t.textContent = counts[k] ? String(counts[k]) : '';
    });
  }

  // sow plays a move on a board seed by seed from its steps: o.node is the move's node
  // (nodesOf: its steps t, the pit it starts from), o.pits the board's (boardPits), o.counts
  // the counts before it and o.held the classes of the position before, by pit. Only the lap
  // being sown is marked: when a lap begins, the pits of the laps before are dimmed (early)
  // and the pit its seeds were lifted from is ringed (lift); the pit the last seed fell into
  // is ringed (hand). After each frame o.drawn gets the words of the step, the seeds still in
  // hand (-1 for none) and the bank (B steps: reserves or stores) before the move and now;
  // o.delay() is the time between frames. At the end o.done gets the counts the steps
  // reached. It returns {finish(): the rest at once, then done; stop(): no more frames}.
  var keep = /^(owned|block|rsv-[sn])$/; // marks of the position, kept while sowing
  function sow(o) {
    var n = o.node;
    var counts = o.counts.slice();
    var marks = o.pits.map(function (p, k) {
      var m = (o.held[k] || '').split(' ').filter(function (c) { return keep.test(c); });
      if (n.from.indexOf(k) >= 0) m.push('from');
      return m;
    });
    var hand = -1, lift = -1, inHand = -1, bank = null, bank0 = null;
    var mark = function (p, c) { if (marks[p].indexOf(c) < 0) marks[p].push(c); };
    var unmark = function (p, c) { var j = marks[p].indexOf(c); if (j >= 0) marks[p].splice(j, 1); };
    var words = '';
    var say = function (text) { if (text) words = text; };
    var frames = [];
    n.t.forEach(function (st) {
      if (st.op === 'S') {
        frames.push(function () {
          say(st.text);
          hand = -1;
          marks.forEach(function (m, k) { if (m.indexOf('sown') >= 0) { unmark(k, 'sown'); mark(k, 'early'); } });
          lift = st.from >= 0 && n.from.indexOf(st.from) < 0 ? st.from : -1;
          if (st.from >= 0) counts[st.from] -= st.lifted;
          inHand = st.pits.length;
        });
        st.pits.forEach(function (p) {
          frames.push(function () { counts[p]++; unmark(p, 'early'); mark(p, 'sown'); hand = p; inHand--; });
        });
      } else if (st.op === 'X') {
        frames.push(function () { say(st.text); hand = lift = -1; counts[st.pit] = 0; mark(st.pit, 'capt'); });
      } else if (st.op === '=') {
        frames.push(function () { say(st.text); hand = -1; for (var j = 0; j < st.set.length; j += 2) counts[st.set[j]] = st.set[j + 1]; });
      } else if (st.op === 'B') {
        // The first B step is the bank before the move: it is shown with the first lap.
        if (!bank0) { bank0 = bank = st.set; return; }
        frames.push(function () { bank = st.set; });
      } else {
        frames.push(function () { say(st.text); });
      }
    });
    var draw = function () {
      paintPits(o.pits, counts, marks.map(function (m, k) {
        var c = m.slice();
        if (k === lift) c.push('lift');
        if (k === hand) c.push('hand');
        return c.join(' ');
      }));
      if (o.drawn) o.drawn({ words: words, inHand: inHand, bank: bank, bank0: bank0 });
    };
    var k = 0, timer = 0, stopped = false;
    var a = {
      stop: function () { stopped = true; clearTimeout(timer); },
      finish: function () {
        if (stopped) return;
        a.stop();
        while (k < frames.length) frames[k++]();
        o.done(counts);
      }
    };
    var tick = function () {
      if (stopped) return;
      if (k >= frames.length) { a.finish(); return; }
      frames[k++]();
      draw();
      timer = setTimeout(tick, o.delay());
    };
    tick();
    return a;
  }

  // For the analysis board (analysis.js), which sows the reader's moves as the viewer does.
  window.bao.nodesOf = nodesOf;
  window.bao.boardPits = boardPits;
  window.bao.sow = sow;

  // evalGraph makes the evaluation graph (site/evalgraph.go) follow the viewer and drive it:
  // a line marks the ply the board shows (for a variation's node, the main line's ply it
  // leaves from), and a slider under the graph steps through the plies by keyboard, its
  // value said in words (aria-valuetext), as does a tap or a drag on the graph. go(i) shows
  // node i. It returns the function that marks node i, or null on a page without a graph.
  function evalGraph(nodes, go) {
    var fig = document.getElementById('evalgraph');
    if (!fig) return null;
    var svg = fig.querySelector('svg');
    var line = document.getElementById('evalgraph-cur');
    // xs[i] is the x of node i of the main line: by its ply, a fragment's lost plies between.
    var xs = fig.getAttribute('data-xs').split(' ').map(Number), plies = +fig.getAttribute('data-plies');
    var pts = {};
    fig.querySelectorAll('circle[data-node]').forEach(function (c) { pts[+c.getAttribute('data-node')] = c; });
    var slider = document.createElement('input');
    slider.type = 'range';
    slider.min = '0';
    slider.max = String(plies);
    slider.step = '1';
    slider.value = '0';
    slider.id = 'evalgraph-ply';
    slider.setAttribute('aria-label', msg('js.evalgraph'));
    var out = document.createElement('output');
    out.htmlFor = 'evalgraph-ply';
    var box = document.createElement('div');
    box.className = 'evalgraph-ply';
    box.appendChild(slider);
    box.appendChild(out);
    fig.insertBefore(box, fig.querySelector('figcaption'));
    var on = null;
    // The main line's nodes are 1 to plies (site/games.go): a variation's node is marked at
    // the ply its line leaves the main line.
    var plyOf = function (i) {
      while (i > plies && nodes[i] && nodes[i].p >= 0) i = nodes[i].p;
      return i > plies ? 0 : i;
    };
    var mark = function (i) {
      var k = plyOf(i), x = xs[k], n = nodes[k], pt = pts[k];
      line.setAttribute('x1', x);
      line.setAttribute('x2', x);
      line.setAttribute('visibility', 'visible');
      if (on) on.classList.remove('on');
      on = pt || null;
      if (on) on.classList.add('on');
      var text = k === 0 ? (n && n.m) || '' : pt ? msg('js.evalpoint', { Move: n.m, Eval: pt.getAttribute('data-eval') }) : msg('js.evalpoint.none', { Move: n.m });
      slider.value = String(k);
      slider.setAttribute('aria-valuetext', text);
      out.textContent = text;
    };
    slider.addEventListener('input', function () { go(+slider.value); });
    // A tap or a drag on the graph goes to the ply under the finger.
    var at = function (e) {
      var m = svg.getScreenCTM();
      if (!m) return;
      var p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
      var k = 0;
      xs.forEach(function (x, i) { if (Math.abs(x - p.x) < Math.abs(xs[k] - p.x)) k = i; });
      if (k !== plyOf(cur())) go(k);
    };
    var cur = function () { return +(document.getElementById('board').getAttribute('data-ply') || 0); };
    svg.addEventListener('pointerdown', function (e) { at(e); if (svg.setPointerCapture) svg.setPointerCapture(e.pointerId); });
    svg.addEventListener('pointermove', function (e) { if (e.buttons) at(e); });
    return mark;
  }

  // search filters the site's game index by player, event, variant and year as the reader
  // types; the filter lives in the URL query so that a search can be bookmarked. search.json
  // holds the tables of names and the list of chunks, each a few thousand games as arrays
  // [href, date, south, north, result, event, variant, year] whose names are indexes into the
  // tables; chunks are loaded only while a search needs more hits.
  function search(form, script) {
    var status = document.getElementById('search-status');
    var table = document.getElementById('search-results');
    var body = table.querySelector('tbody');
    var fields = ['player', 'event', 'variant', 'year'].filter(function (k) { return form[k]; });
    var games = [];
    var max = 500;
    var ix = null;
    var loaded = 0; // chunks loaded
    var loading = false;
    var root = (script && script.getAttribute('src') || '').replace(/static\/bao\.js$/, '');

    function norm(s) { return (s || '').toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, ''); }
    // key and names read a player's name as event.Key and event.Aliases.Names do, so that this
    // search finds the games bao search --player and bao serve's search find: "Haji",
    // "Mzee Haji" and "haji, mzee" all name Mzee Haji.
    function key(s) {
      s = (s || '').normalize('NFKC');
      var c = s.indexOf(',');
      if (c >= 0 && s.slice(c + 1).trim()) s = s.slice(c + 1) + ' ' + s.slice(0, c);
      var out = '', space = false;
      for (var ch of s) {
        if (/[\p{L}\p{Nd}]/u.test(ch)) {
          if (space && out) out += ' ';
          space = false;
          out += ch.toLowerCase();
        } else if (/[\s_-]/u.test(ch)) {
          space = true;
        }
      }
      return out;
    }
    var maxRunWords = 6; // event.MaxRunWords
    function names(q, keys) {
      var long = q.split(' ').length > maxRunWords;
      return (keys || []).some(function (k) {
        return k === q || !long && (' ' + k + ' ').indexOf(' ' + q + ' ') >= 0;
      });
    }
    function cell(tr, text, el) {
      var td = document.createElement('td');
      if (el) td.appendChild(el); else td.textContent = text;
      tr.appendChild(td);
    }
    function value(k) { return form[k] ? form[k].value : ''; }
    function run() {
      // The variant is chosen by its id (?variant=kimasai, as the live search reads it); the
      // index names games' variants by their names, which the options show.
      var vs = form.variant;
      var variant = vs && vs.selectedIndex > 0 ? vs.options[vs.selectedIndex].text : '';
      var q = { player: key(value('player')), event: norm(value('event')), variant: variant, year: value('year') };
      var nobody = value('player').trim() !== '' && !q.player; // no letters or digits: names no one
      var hits = nobody ? [] : games.filter(function (g) {
        return (!q.player || names(q.player, g.sk) || names(q.player, g.nk)) &&
          (!q.event || norm(g.e).indexOf(q.event) >= 0) &&
          (!q.variant || g.v === q.variant) &&
          (!q.year || g.y === q.year);
      });
      body.textContent = '';
      hits.slice(0, max).forEach(function (g) {
        var tr = document.createElement('tr');
        tr.className = 'row-link';
        var a = link(root + g.u, g.r, 'row');
        a.setAttribute('aria-label', msg('js.hit.label', { Game: (g.s || '?') + ' – ' + (g.n || '?') + (g.e ? ', ' + g.e : '') + (g.d ? ', ' + g.d : ''), Result: g.r }));
        cell(tr, g.d); cell(tr, g.s); cell(tr, g.n); cell(tr, '', a); cell(tr, g.e); cell(tr, g.v);
        body.appendChild(tr);
      });
      table.hidden = hits.length === 0;
      var all = loaded === ix.chunks.length;
      if (!all && hits.length > max) {
        // More than a page of hits before the whole index is read: the reading stops there.
        status.textContent = msg('js.status.many', { Max: num(max) });
      } else {
        status.textContent = msgN(all ? 'js.status' : 'js.status.more', ix.games, { Hits: num(hits.length) }) +
          (hits.length > max ? ' ' + msg('js.shown', { Max: num(max) }) : '') + (all ? '.' : '');
      }
      if (!all && hits.length <= max) more();
      var params = new URLSearchParams();
      fields.forEach(function (k) { if (form[k].value) params.set(k, form[k].value); });
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
      var chunk = href(ix.chunks[loaded]);
      if (loading || !chunk) return;
      loading = true;
      getJSON(root + chunk).then(function (c) {
        c.games.forEach(function (g) {
          games.push({
            u: g[0], d: g[1], s: name(ix.players, g[2]), n: name(ix.players, g[3]), r: g[4],
            sk: ix.keys && ix.keys[g[2]], nk: ix.keys && ix.keys[g[3]],
            e: name(ix.events, g[5]), v: name(ix.variants, g[6]), y: g[7]
          });
        });
        loaded++;
        loading = false;
        run();
      }).catch(fail);
    }
    function fail() {
      status.textContent = msg('js.load.failed');
    }

    var index = href(script && script.getAttribute('data-index'));
    if (!index) return;
    getJSON(index).then(function (idx) {
      ix = idx;
      var params = new URLSearchParams(location.search);
      fields.forEach(function (k) { if (params.get(k)) form[k].value = params.get(k); });
      // An address of an older site names the variant by its name.
      if (form.variant && params.get('variant') && form.variant.selectedIndex < 0) {
        Array.prototype.forEach.call(form.variant.options, function (o) { if (o.text === params.get('variant')) o.selected = true; });
      }
      // a field this search does not have (a link to bao serve's search, say) is said, not
      // quietly dropped: the hits would read as that search's answer
      var unread = [];
      params.forEach(function (v, k) { if (v && fields.indexOf(k) < 0 && unread.indexOf(k) < 0) unread.push(k); });
      var note = document.getElementById('search-unread');
      if (note && unread.length) {
        note.textContent = msg('js.search.unread', { Fields: unread.join(', ') });
        note.hidden = false;
      }
      form.hidden = false;
      form.addEventListener('input', run);
      form.addEventListener('submit', function (e) { e.preventDefault(); run(); });
      run();
    }).catch(fail);
  }
})();
