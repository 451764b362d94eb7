// damdb pattern search page (#search): a pattern board whose squares cycle through the
// conditions of `damdb search` (must stand / at least K of / must not stand / must be empty,
// by colour and man / king), side to move, ply window, consecutive plies and the
// colour-reversed switch; it sends the single-string query form to /api/search, lists the hits
// and opens one in the game viewer at the first ply where the pattern holds. Uses app.js.
'use strict';

// The conditions a square cycles through (click: next, shift-click or right-click: previous).
// clause: the query clause it joins; colour W/B; item: the square's prefix in that clause.
const PATTERN_STATES = [
  { id: '', label: 'no condition' },
  { id: 'mw', clause: 'must', colour: 'W', item: '', label: 'white man must stand' },
  { id: 'mW', clause: 'must', colour: 'W', item: 'K', label: 'white king must stand' },
  { id: 'mb', clause: 'must', colour: 'B', item: '', label: 'black man must stand' },
  { id: 'mB', clause: 'must', colour: 'B', item: 'K', label: 'black king must stand' },
  { id: 'e', clause: 'empty', label: 'must be empty' },
  { id: 'aw', clause: 'any-of', colour: 'W', item: '?', label: 'one of: a white piece' },
  { id: 'ab', clause: 'any-of', colour: 'B', item: '?', label: 'one of: a black piece' },
  { id: 'nw', clause: 'not', colour: 'W', item: '?', label: 'no white piece' },
  { id: 'nb', clause: 'not', colour: 'B', item: '?', label: 'no black piece' },
];

const pattern = {
  squares: {},  // square -> index in PATTERN_STATES
  offset: 0,
  page: 20,
};

/** The single-string query of the pattern board and the form beside it. */
function patternQuery() {
  const form = $('search-form');
  const side = form.side.value;  // '?', 'W' or 'B'
  const lists = {};               // clause -> colour -> items
  const empty = [];
  for (let n = 1; n <= 50; n++) {
    const s = PATTERN_STATES[pattern.squares[n] || 0];
    if (!s.clause) continue;
    if (s.clause === 'empty') { empty.push(n); continue; }
    const byColour = lists[s.clause] = lists[s.clause] || { W: [], B: [] };
    byColour[s.colour].push(s.item + n);
  }
  const clauses = [];
  for (const clause of ['must', 'not', 'any-of']) {
    const l = lists[clause];
    if (!l) continue;
    const text = `${clause} ${side}:W${l.W.join(',')}:B${l.B.join(',')}`;
    const k = form.atleast.value.trim();
    clauses.push(clause === 'any-of' && k ? `${text} at-least ${k}` : text);
  }
  if (!lists.must && side !== '?') clauses.push(`must ${side}:`);
  if (empty.length) clauses.push('empty ' + empty.join(','));
  if (form.plies.value.trim()) clauses.push('plies ' + form.plies.value.trim());
  if (form.hold.value.trim()) clauses.push('hold ' + form.hold.value.trim());
  if (form.smirror.checked) clauses.push('mirror');
  return clauses.join('; ');
}

function drawPatternBoard() {
  const svg = $('pattern-board');
  svg.textContent = '';
  for (let r = 0; r < 10; r++)
    for (let c = 0; c < 10; c++)
      el('rect', { x: c * SQUARE, y: r * SQUARE, width: SQUARE, height: SQUARE,
                   class: (r + c) % 2 ? 'sq-dark' : 'sq-light' }, svg);
  for (let n = 1; n <= 50; n++) {
    const [c, r] = squareXY(n);
    const [x, y] = centre(n);
    const s = PATTERN_STATES[pattern.squares[n] || 0];
    const g = el('g', { 'data-square': n, 'data-state': s.id, class: 'pattern-square' }, svg);
    el('rect', { x: c * SQUARE, y: r * SQUARE, width: SQUARE, height: SQUARE,
                 class: 'sq-dark' }, g);
    const t = el('title', {}, g);
    t.textContent = `${n}: ${s.label}`;
    if (s.clause === 'must') {
      el('circle', { cx: x, cy: y, r: SQUARE * 0.38,
                     class: 'piece ' + (s.colour === 'W' ? 'piece-white' : 'piece-black') }, g);
      if (s.item === 'K') el('circle', { cx: x, cy: y, r: SQUARE * 0.2, class: 'crown' }, g);
    } else if (s.clause === 'any-of') {
      el('circle', { cx: x, cy: y, r: SQUARE * 0.3, class: 'any ' + (s.colour === 'W' ?
                     'piece-white' : 'piece-black') }, g);
    } else if (s.clause === 'not') {
      el('circle', { cx: x, cy: y, r: SQUARE * 0.3, class: 'not ' + (s.colour === 'W' ?
                     'piece-white' : 'piece-black') }, g);
      el('line', { x1: x - 12, y1: y - 12, x2: x + 12, y2: y + 12, class: 'not-cross' }, g);
    } else if (s.clause === 'empty') {
      el('rect', { x: x - 8, y: y - 8, width: 16, height: 16, class: 'empty-mark' }, g);
    }
    const label = el('text', { x: c * SQUARE + 3, y: r * SQUARE + 11, class: 'num' }, g);
    label.textContent = n;
    const step = (delta) => {
      const k = PATTERN_STATES.length;
      pattern.squares[n] = ((pattern.squares[n] || 0) + delta + k) % k;
      drawPatternBoard();
    };
    g.addEventListener('click', (e) => step(e.shiftKey ? -1 : 1));
    g.addEventListener('contextmenu', (e) => { e.preventDefault(); step(-1); });
  }
  $('search-query').value = patternQuery();
}

async function runSearch(offset) {
  pattern.offset = offset;
  const q = $('search-query').value.trim();
  $('search-error').textContent = '';
  $('search-summary').textContent = 'searching…';
  let a;
  try {
    a = await api('/api/search', { q, limit: pattern.page, offset, ...filterParams() });
  } catch (e) {
    $('search-error').textContent = e.message;
    $('search-summary').textContent = '';
    return;
  }
  const body = $('search-results').tBodies[0];
  body.textContent = '';
  for (const g of a.results) {
    const tr = document.createElement('tr');
    tr.dataset.id = g.id;
    for (const [v, cls] of [[g.id, 'num'], [g.white], [g.black], [g.event], [g.date], [g.result],
                            [g.ply, 'num'], [g.held, 'num'], [g.mirrored ? 'yes' : '']])
      cell(tr, String(v), cls);
    tr.addEventListener('click', () => openHit(g));
    body.appendChild(tr);
  }
  const w = a.work;
  const rejected = w.games_scanned ? (100 * w.rejected_by_signature / w.games_scanned) : 0;
  $('search-summary').textContent = `${a.games} game${a.games === 1 ? '' : 's'}` +
    (a.mirrored_games ? ` (${a.mirrored_games} colour-reversed)` : '') +
    ` — ${fmt(rejected)} of ${w.games_scanned} rejected without replay`;
  const last = offset + a.results.length;
  $('search-page').textContent = a.games ? `${offset + 1}–${last} of ${a.games}` : '';
  $('search-prev').disabled = offset === 0;
  $('search-next').disabled = last >= a.games;
  const moves = $('search-moves').tBodies[0];
  moves.textContent = '';
  for (const m of a.next_moves.slice(0, 12)) {
    const tr = document.createElement('tr');
    for (const [v, cls] of [[m.move], [m.games, 'num'], [m.white_wins, 'num'], [m.draws, 'num'],
                            [m.black_wins, 'num']])
      cell(tr, String(v), cls);
    moves.appendChild(tr);
  }
}

/** Opens a hit in the explorer's game viewer at the first ply where the pattern holds. */
function openHit(g) { return openGame(g.id, g.ply); }

function wireSearch() {
  $('search-form').addEventListener('input', (e) => {
    if (e.target.id !== 'search-query') $('search-query').value = patternQuery();
  });
  $('search-form').addEventListener('submit', (e) => { e.preventDefault(); runSearch(0); });
  $('search-clear').addEventListener('click', () => { pattern.squares = {}; drawPatternBoard(); });
  $('search-prev').addEventListener('click', () => runSearch(Math.max(0, pattern.offset - pattern.page)));
  $('search-next').addEventListener('click', () => runSearch(pattern.offset + pattern.page));
  drawPatternBoard();
}

wireSearch();
