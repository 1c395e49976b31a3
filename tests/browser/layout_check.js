() => {
  const problems = [];
  const vw = document.documentElement.clientWidth;
  // The desktop layout (1000 px and wider) fits the window; narrower pages may scroll down.
  const vh = vw >= 1000
    ? window.innerHeight
    : Math.max(window.innerHeight, document.documentElement.scrollHeight);
  const roots = [...document.querySelectorAll('.topbar, .layout, dialog[open]')];
  const name = (el) => {
    const cls = typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\s+/).join('.') : '';
    const text = (el.innerText || el.getAttribute('aria-label') || '').trim().replace(/\s+/g, ' ').slice(0, 30);
    return `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}${cls} "${text}"`;
  };
  const visible = (el) => {
    if (!el.getClientRects().length) return false;
    const s = getComputedStyle(el);
    return s.visibility !== 'hidden' && s.opacity !== '0';
  };
  const hasText = (el) => [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
  const dialogOpen = document.querySelector('dialog[open]');
  for (const root of roots) {
    if (dialogOpen && root !== dialogOpen && dialogOpen.matches(':modal')) continue;
    for (const el of root.querySelectorAll('*')) {
      if (el.closest('svg') || el.closest('.sr-only') || !visible(el)) continue;
      // A word (letters or digits only) broken over two lines reads as two words: "10" as
      // "1" over "0", "Northwest" as "Northwes" over "t". Hyphens and spaces may break.
      for (const n of el.childNodes) {
        const word = n.nodeType === 3 ? n.textContent.trim() : '';
        if (!/^[\p{L}\p{N}]{2,}$/u.test(word)) continue;
        const range = document.createRange();
        range.selectNodeContents(n);
        const lines = new Set([...range.getClientRects()].filter((q) => q.width > 0).map((q) => Math.round(q.top)));
        if (lines.size > 1) problems.push(`${name(el)}: the word "${word}" is broken across lines`);
      }
      const card = el.matches('.card, .played');
      if (!hasText(el) && !card) continue;
      const s = getComputedStyle(el);
      const r = el.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1) continue; // empty, or visually hidden for readers
      if (s.display !== 'inline' && el.scrollWidth > el.clientWidth + 1) {
        problems.push(`${name(el)}: content ${el.scrollWidth}px wide in ${el.clientWidth}px`);
        continue;
      }
      const scrolled = (a) => a && ['auto', 'scroll'].includes(getComputedStyle(a).overflowY);
      let inScroller = false;
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        if (scrolled(a)) { inScroller = true; break; }
      }
      if (r.left < -1 || r.right > vw + 1 || (!inScroller && (r.top + window.scrollY < -1 || r.bottom > vh + 1))) {
        problems.push(`${name(el)}: off the screen (${Math.round(r.left)},${Math.round(r.top)})-(${Math.round(r.right)},${Math.round(r.bottom)})`);
        continue;
      }
      let scrollsUpDown = false; // inside a box that scrolls vertically: it can be scrolled to
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const as = getComputedStyle(a);
        const ar = a.getBoundingClientRect();
        if (as.overflowX !== 'visible' && (r.left < ar.left - 1 || r.right > ar.right + 1)) {
          problems.push(`${name(el)}: cut sideways by ${name(a)}`);
          break;
        }
        if (['auto', 'scroll'].includes(as.overflowY) && a.scrollHeight > a.clientHeight) {
          scrollsUpDown = true;
        }
        if (!scrollsUpDown && ['hidden', 'clip'].includes(as.overflowY)
            && (r.top < ar.top - 1 || r.bottom > ar.bottom + 1)) {
          problems.push(`${name(el)}: cut by ${name(a)}`);
          break;
        }
      }
    }
  }
  // Text that another box covers: a card over a plate's name or badge, a plate over a
  // word. The page is read a screen at a time, from the top. Left out by design: boxes that
  // paint nothing (a trick's area), what stays put while the rest scrolls under it (the top
  // bar, a tip's buttons over its text) and the hand's result, drawn over the whole table.
  const paints = (a) => {
    const s = getComputedStyle(a);
    return !/^(transparent|rgba\(.*, 0\))$/.test(s.backgroundColor) || s.backgroundImage !== 'none'
      || a.matches('img, svg, .card, .played') || hasText(a);
  };
  const covering = (el, hit) => {
    let painter = null;
    for (let a = hit; a && !a.contains(el); a = a.parentElement) {
      if (['sticky', 'fixed'].includes(getComputedStyle(a).position) || a.matches('.hand-result')) return null;
      painter = painter || (paints(a) ? a : null);
    }
    return painter;
  };
  const scrollTop = window.scrollY;
  const covered = new Set();
  for (let y = 0; ; y += window.innerHeight) {
    window.scrollTo(0, y);
    for (const root of roots) {
      if (dialogOpen && root !== dialogOpen && dialogOpen.matches(':modal')) continue;
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const el = n.parentElement;
        if (!n.textContent.trim() || covered.has(el) || el.closest('svg, .sr-only') || !visible(el)) continue;
        const box = el.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1) continue;
        // what shows of it: the window, less what a scrolling or clipping box hides
        let [l, t, r, b] = [0, 0, vw, window.innerHeight];
        for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
          if (getComputedStyle(a).overflow === 'visible') continue;
          const ar = a.getBoundingClientRect();
          [l, t, r, b] = [Math.max(l, ar.left), Math.max(t, ar.top), Math.min(r, ar.right), Math.min(b, ar.bottom)];
        }
        const range = document.createRange();
        range.selectNodeContents(n);
        for (const q of range.getClientRects()) {
          const over = [.15, .5, .85].map((f) => [q.left + f * q.width, q.top + q.height / 2])
            .filter(([x, py]) => x >= l && py >= t && x < r && py < b)
            .map(([x, py]) => document.elementFromPoint(x, py))
            .filter((hit) => hit && !el.contains(hit) && !hit.contains(el))
            .map((hit) => covering(el, hit)).find((a) => a);
          if (over) {
            covered.add(el);
            problems.push(`${name(el)}: covered by ${name(over)}`);
            break;
          }
        }
      }
    }
    if (y + window.innerHeight >= document.documentElement.scrollHeight) break;
  }
  window.scrollTo(0, scrollTop);
  // A chart's SVG text has a fixed place whatever its length: each label stays inside its
  // chart and clear of the others.
  for (const root of roots) {
    if (dialogOpen && root !== dialogOpen && dialogOpen.matches(':modal')) continue;
    for (const svg of root.querySelectorAll('svg')) {
      if (!visible(svg)) continue;
      const box = svg.getBoundingClientRect();
      const texts = [...svg.querySelectorAll('text')].filter((t) => t.textContent.trim())
        .map((t) => [t, t.getBoundingClientRect()]);
      texts.forEach(([t, r], i) => {
        const label = `${name(svg)} text "${t.textContent.trim().slice(0, 30)}"`;
        const px = parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a; // scaled
        if (svg.matches('.chart') && px < 7.5) { // a card's face may have small print
          problems.push(`${label}: ${px.toFixed(1)}px, too small to read`);
        }
        if (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1) {
          problems.push(`${label}: outside its chart`);
        }
        for (const [u, q] of texts.slice(i + 1)) {
          if (Math.min(r.right, q.right) - Math.max(r.left, q.left) > 1
              && Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top) > 1) {
            problems.push(`${label}: overlaps "${u.textContent.trim().slice(0, 30)}"`);
          }
        }
      });
    }
  }
  return problems;
}
