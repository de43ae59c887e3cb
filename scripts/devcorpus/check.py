"""The check of a laid-out page: CHECK_JS, embedded in every page, measures in Chromium that
every piece of text lies inside the window and is not covered, in the bottom margin or
overlapped, that no box overflows and that every font named was found; check_page reads
what it measured from the dumped DOM and compares the rendered words with the truth."""
import html.parser

from .chromium import chromium

CHECK_JS = r"""
(function () {
  var W = %(w)d, H = %(h)d, fams = %(fams)s, probs = [];
  var tw = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT), n, r = document.createRange();
  var boxes = [], k = 0;
  var padB = parseFloat(getComputedStyle(document.body).paddingBottom) || 0;
  function placed(e) {  // inside an absolutely positioned box (footers, folios)
    for (; e && e != document.body; e = e.parentElement) {
      var p = getComputedStyle(e).position;
      if (p == 'absolute' || p == 'fixed') return true;
    }
    return false;
  }
  while ((n = tw.nextNode())) {
    if (!n.data.trim() || n.parentElement.closest('script')) continue;
    r.selectNodeContents(n);
    var rs = r.getClientRects();
    k++;
    for (var i = 0; i < rs.length; i++) {
      var q = rs[i];
      if (q.width < 0.5) continue;
      boxes.push([q.left, q.top, q.right, q.bottom, k, n.data.trim().slice(0, 30)]);
      // Nothing may cover the text (a box drawn over it would hide it from the image).
      var hit = document.elementFromPoint((q.left + q.right) / 2, (q.top + q.bottom) / 2);
      if (hit && !hit.contains(n) && !n.parentElement.contains(hit)) {
        probs.push('covered by <' + hit.tagName.toLowerCase() + ' class="' + hit.className + '">: ' +
                   n.data.trim().slice(0, 40)); break;
      }
      if (q.left < -0.5 || q.top < -0.5 || q.right > W + 0.5 || q.bottom > H + 0.5) {
        probs.push('outside the page: ' + n.data.trim().slice(0, 50)); break;
      }
      if (!placed(n.parentElement) && q.bottom > H - padB + 1) {
        probs.push('in the bottom margin: ' + n.data.trim().slice(0, 50)); break;
      }
    }
  }
  // Text of one node must not overlap text of another (e.g. a footer over the last line).
  var bad = 0;
  for (var i = 0; i < boxes.length && bad < 5; i++) for (var j = i + 1; j < boxes.length; j++) {
    var a = boxes[i], b = boxes[j];
    if (a[4] == b[4]) continue;
    var ow = Math.min(a[2], b[2]) - Math.max(a[0], b[0]), oh = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
    if (ow > 2 && oh > 0.35 * Math.min(a[3] - a[1], b[3] - b[1])) {
      probs.push('text overlaps: "' + a[5] + '" and "' + b[5] + '"'); bad++; break;
    }
  }
  var els = document.body.getElementsByTagName('*');
  for (var i = 0; i < els.length; i++) {
    var e = els[i];
    if (e.tagName == 'SCRIPT' || e.tagName == 'BR') continue;
    if (e.clientHeight > 0 && (e.scrollHeight > e.clientHeight + 2 || e.scrollWidth > e.clientWidth + 2))
      probs.push('overflow: <' + e.tagName.toLowerCase() + ' class="' + e.className + '"> content ' +
                 e.scrollWidth + 'x' + e.scrollHeight + ' in ' + e.clientWidth + 'x' + e.clientHeight);
  }
  var c = document.createElement('canvas').getContext('2d');
  var s = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  fams.forEach(function (f) {
    var found = false;
    ['monospace', 'serif', 'sans-serif'].forEach(function (g) {
      c.font = '40px ' + g; var a = c.measureText(s).width;
      c.font = "40px '" + f + "', " + g; var b = c.measureText(s).width;
      if (Math.abs(a - b) > 0.01) found = true;
    });
    if (!found) probs.push('font not found: ' + f);
  });
  document.documentElement.setAttribute('data-probs', probs.join('\n'));
  document.documentElement.setAttribute('data-text', document.body.innerText);
})();
"""


class _RootAttrs(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.attrs = None

    def handle_starttag(self, tag, attrs):
        if tag == "html" and self.attrs is None:
            self.attrs = dict(attrs)


def check_page(pg, html_path):
    """Lay the page out in Chromium and compare what it measured with the truth."""
    res = chromium(["--window-size=%d,%d" % (pg.w, pg.h), "--dump-dom", "file://" + html_path])
    parser = _RootAttrs()
    parser.feed(res.stdout.decode("utf-8"))
    attrs = parser.attrs or {}
    if "data-text" not in attrs:
        raise SystemExit("%s: Chromium did not run the page's check:\n%s"
                         % (pg.name, res.stderr.decode("utf-8", "replace")[-2000:]))
    probs = [p for p in (attrs.get("data-probs") or "").split("\n") if p]
    seen, want = attrs["data-text"].split(), pg.truth_text().split()
    if seen != want:
        i = next((k for k, (a, b) in enumerate(zip(seen, want)) if a != b), min(len(seen), len(want)))
        probs.append("rendered words differ from the truth at word %d: rendered %r, truth %r"
                     % (i, " ".join(seen[max(0, i - 3):i + 5]), " ".join(want[max(0, i - 3):i + 5])))
    if probs:
        raise SystemExit("%s: %s" % (pg.name, "\n  ".join(probs)))
