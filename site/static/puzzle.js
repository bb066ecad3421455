// A puzzle's page: the reader taps the first move of the win on the board. Every rule comes
// from the engine in the browser, through the board input of analysis.js (bao.tapMove); this
// script only compares the move made with the solution's first move, and shows the solution's
// positions, which the page holds as the engine wrote them.
(function () {
  'use strict';
  function start() {
    var box = document.getElementById('puzzle');
    var bao = window.bao;
    if (!box || !bao) return;
    var svg = document.getElementById('puzzle-board');
    var say = document.getElementById('puzzle-say');
    var info = document.getElementById('puzzle-info');
    var solution = document.getElementById('puzzle-solution');
    var show = document.getElementById('puzzle-show');
    var steps = JSON.parse(box.getAttribute('data-solution') || '[]');
    var variant = box.getAttribute('data-variant');
    var first = svg.getAttribute('data-bpn');
    var text = function (k) { return box.getAttribute('data-say-' + k) || ''; };
    var input = null;
    var playing = false;

    function tell(t, cls) {
      say.textContent = t;
      say.className = 'say' + (cls ? ' ' + cls : '');
    }
    // The "Analyse from here" of analysis.js waits until the puzzle is over.
    function opener(visible) {
      var b = svg.closest('figure').querySelector('button.analyse');
      if (b) b.hidden = !visible;
    }
    // A token's flags (# for a win, * for takasa) say the same move in other words.
    function bare(tok) { return String(tok).replace(/[#*]+$/, ''); }

    // play shows the solution's positions from step i on, one at a time, then the moves.
    function play(i, said) {
      if (input) { input.stop(); input = null; }
      playing = true;
      var next = function () {
        if (i >= steps.length) {
          playing = false;
          solution.open = true;
          show.hidden = true;
          opener(true);
          tell(said, 'right');
          return;
        }
        bao.paint(svg, steps[i].bpn);
        info.textContent = (i + 1) + '/' + steps.length + ' ' + steps[i].move;
        i++;
        setTimeout(next, 900);
      };
      next();
    }

    show.addEventListener('click', function () {
      if (playing) return;
      bao.paint(svg, first);
      play(0, text('shown'));
    });
    opener(false);
    if (!bao.tapMove || !steps.length) return;
    input = bao.tapMove(svg, {
      variant: variant,
      bpn: first,
      choices: document.getElementById('puzzle-choices'),
      onMove: function (tok) {
        if (bare(tok) !== bare(steps[0].move)) {
          tell(text('wrong'), 'wrong');
          bao.paint(svg, first);
          input.set(first);
          return;
        }
        tell(text('right'), 'right');
        play(0, text('solved'));
      },
      onSay: function (t) { tell(t, ''); }
    });
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
