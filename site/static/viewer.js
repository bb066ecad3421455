// Move-by-move viewer for a game page. Every position was computed by the engine when the
// site was built and is embedded as JSON (#bao-plies): this script knows no rules, it only
// shows node i. Node 0 is the start; p and n link each node to the previous and next one of its
// line, so variations step like the main line.
(function () {
  'use strict';
  var data = document.getElementById('bao-plies');
  var svg = document.getElementById('board');
  if (!data || !svg) return;
  var nodes = JSON.parse(data.textContent);
  var pits = [];
  svg.querySelectorAll('[data-pit]').forEach(function (g) {
    pits[+g.getAttribute('data-pit')] = { g: g, t: g.querySelector('text'), base: g.getAttribute('data-base') };
  });
  var caption = document.getElementById('board-caption');
  var info = document.getElementById('board-info');
  var cur = -1;

  function show(i, scroll) {
    var n = nodes[i];
    if (!n || i === cur) return;
    pits.forEach(function (p, k) {
      var dyn = n.k[k];
      p.g.setAttribute('class', dyn ? p.base + ' ' + dyn : p.base);
      p.t.textContent = n.c[k] ? String(n.c[k]) : '';
    });
    caption.textContent = n.m;
    info.textContent = n.i;
    var old = document.querySelector('a.mv.current');
    if (old) { old.classList.remove('current'); old.removeAttribute('aria-current'); }
    var mv = document.getElementById('p' + i);
    if (mv) {
      mv.classList.add('current');
      mv.setAttribute('aria-current', 'step');
      if (scroll && mv.scrollIntoView) mv.scrollIntoView({ block: 'nearest' });
    }
    cur = i;
    svg.setAttribute('data-ply', String(i));
  }

  function last(i) {
    while (nodes[i].n >= 0) i = nodes[i].n;
    return i;
  }
  var go = {
    first: function () { show(0, true); },
    prev: function () { if (nodes[cur].p >= 0) show(nodes[cur].p, true); },
    next: function () { if (nodes[cur].n >= 0) show(nodes[cur].n, true); },
    last: function () { show(last(cur), true); }
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
  controls.hidden = false;
  controls.addEventListener('click', function (e) {
    var b = e.target.closest('[data-go]');
    if (b) go[b.getAttribute('data-go')]();
  });
  document.addEventListener('click', function (e) {
    var a = e.target.closest && e.target.closest('a.mv');
    if (!a) return;
    e.preventDefault();
    show(+a.id.slice(1), false);
  });
  var m = /^#p(\d+)$/.exec(location.hash);
  show(m && nodes[+m[1]] ? +m[1] : 0, false); // the browser has scrolled to the anchor itself
})();
