// The words of the page scripts, in the page's language (docs/i18n.md): window.baoMsgs holds
// the messages whose ids start with js. (static/msgs.<lang>.js, loaded first), and this file
// puts on window.bao:
//   msg(id, args)      the message with its {{.Name}} arguments filled in:
//                      bao.msg('js.hit.label', {Game: g, Result: r})
//   msgN(id, n, args)  the plural form of n by the language's rules (Intl.PluralRules), with n
//                      written as the language writes numbers as {{.N}}
//   num(n)             a number as the language writes it
(function () {
  'use strict';
  var bao = window.bao = window.bao || {};
  var msgs = window.baoMsgs || {};
  var pageLang = document.documentElement.lang || 'en';
  function fill(text, args) {
    return String(text).replace(/{{\s*\.(\w+)\s*}}/g, function (all, k) {
      return args && args[k] !== undefined ? String(args[k]) : all;
    });
  }
  bao.num = function (n) {
    try { return n.toLocaleString(pageLang); } catch (e) { return String(n); }
  };
  bao.msg = function (id, args) {
    var m = msgs[id];
    if (m === undefined) return id;
    return fill(typeof m === 'string' ? m : m.other, args);
  };
  bao.msgN = function (id, n, args) {
    var m = msgs[id], form = 'other';
    if (m === undefined) return id;
    try { form = new Intl.PluralRules(pageLang).select(n); } catch (e) { form = n === 1 ? 'one' : 'other'; }
    var a = { N: bao.num(n) };
    for (var k in args) a[k] = args[k];
    return fill(typeof m === 'string' ? m : (m[form] || m.other), a);
  };
})();
