// What tests/test_browser_table.py asks of the table page, in the page: one object of
// functions, each evaluated as `(this file).name()`.
({
  /** What is wrong with the page as it is now: each thing a person must see to decide (every
   * action, each card of the hand, the family's middle) outside the screen, not drawn or
   * covered; anything that sticks out sideways; the board's spaces and pawns. */
  problems: () => {
  const out = [];
  const name = (n) => n ? `${n.tagName.toLowerCase()}${n.id ? '#' + n.id : ''}.${[...n.classList].join('.')}` : 'nothing';
  const inside = (r) => r.left >= -0.5 && r.top >= -0.5 && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5;
  const mine = (node, x, y) => { const top = document.elementFromPoint(x, y); return top && (top === node || node.contains(top)) ? null : top; };
  const whole = (node, what) => {
    const r = node.getBoundingClientRect();
    if (!r.width || !r.height) { out.push(`${what}: not drawn`); return; }
    if (!inside(r)) { out.push(`${what}: outside the screen (${Math.round(r.left)},${Math.round(r.top)} to ${Math.round(r.right)},${Math.round(r.bottom)})`); return; }
    const inset = Math.min(6, r.width / 4, r.height / 4);
    for (const [x, y] of [[r.left + r.width / 2, r.top + r.height / 2], [r.left + inset, r.top + inset], [r.right - inset, r.top + inset],
                          [r.left + inset, r.bottom - inset], [r.right - inset, r.bottom - inset]]) {
      const over = mine(node, x, y);
      if (over) { out.push(`${what}: covered at ${Math.round(x)},${Math.round(y)} by ${name(over)}`); return; }
    }
  };
  for (const b of document.querySelectorAll('#actions button, #window button, #bulk-btn')) {
    if (b.offsetParent !== null) whole(b, `action "${b.innerText.replace(/\s+/g, ' ').trim()}"`);
  }
  // where a bomb goes back: the pile of places (it scrolls in its own box) in sight
  const depth = document.querySelector('#depth-pile .depth-pile');
  if (depth) whole(depth, 'the places in the pile');
  // the hand: every card whole on screen, or (a fan) its band and name in sight
  for (const c of document.querySelectorAll('#hand .card')) {
    const r = c.getBoundingClientRect();
    if (!inside(r)) { out.push(`card ${c.dataset.slug}: outside the screen`); continue; }
    const over = mine(c, r.left + 5, r.top + 12);
    if (over) out.push(`card ${c.dataset.slug}: its band covered by ${name(over)}`);
  }
  const middle = document.querySelector('#middle .pile[data-pile="draw"]') || document.querySelector('#middle .track') || document.querySelector('#middle .rows');
  if (middle) whole(middle, 'the middle of the table'); else out.push('the middle of the table: not drawn');
  const wide = document.documentElement.scrollWidth - document.documentElement.clientWidth;
  if (wide > 0) out.push(`the page is ${wide} px too wide`);
  // the board game: a real board, every space 32 px and more and in sight, each pawn in the
  // colour of its seat's pod
  for (const cell of document.querySelectorAll('#middle .track rect.cell')) {
    const r = cell.getBoundingClientRect();
    if (r.width < 32 || r.height < 32) { out.push(`space ${cell.dataset.space}: ${Math.round(r.width)} px`); break; }
    if (!inside(r)) { out.push(`space ${cell.dataset.space}: outside the screen`); break; }
  }
  for (const pawn of document.querySelectorAll('#middle .track [data-token]')) {
    const pod = document.querySelector(`.player[data-seat="${pawn.dataset.token}"]`);
    const want = pod && getComputedStyle(pod).getPropertyValue('--seat').trim().toLowerCase();
    const got = pawn.querySelector('path')?.getAttribute('fill')?.toLowerCase();
    if (want && got !== want) out.push(`pawn ${pawn.dataset.token}: ${got}, its seat ${want}`);
  }
  return out;
},

  /** The page now, in one round trip: its decision, the buttons to press, the hand, a moment. */
  now: () => ({
  seq: Number(document.body.dataset.seq ?? -1),
  over: document.body.dataset.over === '1',
  act: [...document.querySelectorAll('#actions button:not([disabled])')].map((b) => ({i: Number(b.dataset.index), def: b.classList.contains('default'), text: b.dataset.text})),
  pass: !!document.querySelector('#pass-btn'),
  hand: document.querySelectorAll('#hand .card').length,
  bomb: !!document.querySelector('#middle .bomb-banner') || document.querySelector('#moment')?.dataset.tone === 'bomb',
  moment: !document.querySelector('#moment')?.classList.contains('hidden'),
  hint: !!document.querySelector('#hint-btn:not(.hidden):not([disabled])'),
}),

  /** Keep the moments of the table the page shows (their tone) from the start. */
  moments: () => {
  window.__moments = [];
  new MutationObserver((changes) => {
    for (const c of changes) if (c.target.id === 'moment' && c.target.dataset.tone && !c.target.classList.contains('hidden')) window.__moments.push(c.target.dataset.tone);
  }).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-tone', 'class']});
},
})
