// damdb explorer page: a board to play on, the opening explorer of the current position, the
// games that reached it with a game viewer, and a players page. Talks to the JSON API only.
'use strict';

const $ = (id) => document.getElementById(id);
const SVG_NS = 'http://www.w3.org/2000/svg';
const SQUARE = 40;

// ---- positions: FEN and board geometry (square 1 top left, White at the bottom) ----

/** Board coordinates (column, row, 0..9) of square n (1..50). */
function squareXY(n) {
  const row = Math.floor((n - 1) / 5);
  const col = 2 * ((n - 1) % 5) + (row % 2 === 0 ? 1 : 0);
  return [col, row];
}

/** {side: 'W'|'B', pieces: {square: 'w'|'b'|'W'|'B'}} of a PDN FEN ("W:W31-50:B1-20"). */
function parseFen(fen) {
  const parts = fen.trim().split(':');
  const pos = { side: parts[0] === 'B' ? 'B' : 'W', pieces: {} };
  for (const part of parts.slice(1)) {
    const colour = part[0];
    if (colour !== 'W' && colour !== 'B') continue;
    for (let item of part.slice(1).split(',')) {
      item = item.trim();
      if (!item) continue;
      const king = item[0] === 'K';
      if (king) item = item.slice(1);
      const [a, b] = item.split('-').map(Number);
      for (let s = a; s <= (b || a); s++)
        pos.pieces[s] = king ? colour : colour.toLowerCase();
    }
  }
  return pos;
}

// ---- state ----

const state = {
  line: [{ move: null, fen: null }],  // line[0] is the start; line[i].move led to line[i].fen
  cursor: 0,
  legal: [],          // /api/moves of the current position
  explorer: null,     // /api/explorer answer
  selected: null,     // square of the piece picked on the board
  hover: null,        // legal move shown while hovering a row or a route
  gamesOffset: 0,
  gamesPage: 10,
  game: null,         // /api/games/ID answer while the viewer is open
  gamePly: 0,
  numbers: false,
  filters: {},
  players: null,
  chartPlayer: 0,
};

function currentFen() { return state.game ? state.game.fens[state.gamePly] : state.line[state.cursor].fen; }

// ---- API ----

function query(params) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '' && v !== null) q.set(k, v);
  const s = q.toString();
  return s ? '?' + s : '';
}

async function api(path, params = {}) {
  const response = await fetch(path + query(params));
  const body = await response.json();
  if (!response.ok) {
    const error = new Error(body.error || response.statusText);
    error.parameter = body.parameter;
    throw error;
  }
  return body;
}

function filterParams() {
  const f = state.filters;
  return { player: f.player, event: f.event, since: f.since, until: f.until };
}

// ---- board drawing ----

function el(name, attrs, parent) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

function centre(n) {
  const [c, r] = squareXY(n);
  return [c * SQUARE + SQUARE / 2, r * SQUARE + SQUARE / 2];
}

function drawBoard() {
  const svg = $('board');
  svg.textContent = '';
  const fen = currentFen();
  if (!fen) return;
  const pos = parseFen(fen);
  for (let r = 0; r < 10; r++)
    for (let c = 0; c < 10; c++)
      el('rect', { x: c * SQUARE, y: r * SQUARE, width: SQUARE, height: SQUARE,
                   class: (r + c) % 2 ? 'sq-dark' : 'sq-light' }, svg);
  const playable = state.game ? [] : state.legal;
  const fromSquares = new Set(playable.map((m) => m.from));
  const targets = state.selected ? playable.filter((m) => m.from === state.selected) : [];
  for (let n = 1; n <= 50; n++) {
    const [c, r] = squareXY(n);
    const sq = el('rect', { x: c * SQUARE, y: r * SQUARE, width: SQUARE, height: SQUARE,
                            class: 'sq-dark', 'data-square': n }, svg);
    if (fromSquares.has(n) || targets.some((m) => m.to === n)) sq.classList.add('selectable');
    sq.addEventListener('click', () => clickSquare(n));
    if (state.numbers) {
      const t = el('text', { x: c * SQUARE + 3, y: r * SQUARE + 11, class: 'num' }, svg);
      t.textContent = n;
    }
  }
  const shown = state.hover || (targets.length ? null : lastMove());
  if (shown) {
    for (const s of [shown.from, shown.to]) {
      const [x, y] = centre(s);
      el('rect', { x: x - SQUARE / 2, y: y - SQUARE / 2, width: SQUARE, height: SQUARE,
                   class: 'from' }, svg);
    }
    if (state.hover) for (const s of shown.captures || []) {
      const [x, y] = centre(s);
      el('circle', { cx: x, cy: y, r: SQUARE * 0.46, class: 'taken' }, svg);
    }
  }
  if (state.selected) {
    const [x, y] = centre(state.selected);
    el('rect', { x: x - SQUARE / 2, y: y - SQUARE / 2, width: SQUARE, height: SQUARE,
                 class: 'from' }, svg);
  }
  for (const [s, p] of Object.entries(pos.pieces)) {
    const [x, y] = centre(Number(s));
    const piece = el('circle', { cx: x, cy: y, r: SQUARE * 0.38, 'data-piece': p,
                                 'data-square': s,
                                 class: 'piece ' + (p.toLowerCase() === 'w' ? 'piece-white' : 'piece-black') }, svg);
    if (fromSquares.has(Number(s))) piece.classList.add('selectable');
    piece.addEventListener('click', () => clickSquare(Number(s)));
    if (p === 'W' || p === 'B') el('circle', { cx: x, cy: y, r: SQUARE * 0.2, class: 'crown' }, svg);
  }
  for (const m of targets) {
    const [x, y] = centre(m.to);
    el('circle', { cx: x, cy: y, r: SQUARE * 0.14, class: 'mark' }, svg);
  }
}

/** The legal-move object of the move that led to the current position (for highlighting). */
function lastMove() {
  if (state.game) {
    if (state.gamePly === 0) return null;
    return state.game.moveSquares ? state.game.moveSquares[state.gamePly - 1] : null;
  }
  return state.cursor > 0 ? state.line[state.cursor].squares : null;
}

// ---- playing on the board ----

function clickSquare(n) {
  if (state.game) return;
  const mine = state.legal.filter((m) => m.from === n);
  if (state.selected) {
    const routes = state.legal.filter((m) => m.from === state.selected && m.to === n);
    if (routes.length === 1) return playMove(routes[0]);
    if (routes.length > 1) return chooseRoute(routes);
  }
  state.selected = mine.length ? n : null;
  $('route-choice').hidden = true;
  drawBoard();
}

function chooseRoute(routes) {
  const box = $('route-choice');
  box.textContent = 'Several capture routes: ';
  for (const m of routes) {
    const b = document.createElement('button');
    b.textContent = m.move;
    b.addEventListener('mouseenter', () => { state.hover = m; drawBoard(); });
    b.addEventListener('mouseleave', () => { state.hover = null; drawBoard(); });
    b.addEventListener('click', () => playMove(m));
    box.appendChild(b);
  }
  box.hidden = false;
}

/** Plays `move` (a legal-move object or a PDN string) from the current position. */
async function playMove(move) {
  const text = typeof move === 'string' ? move : move.move;
  const squares = typeof move === 'string' ? state.legal.find((m) => m.move === text) : move;
  state.selected = null;
  state.hover = null;
  $('route-choice').hidden = true;
  const from = state.line[state.cursor].fen;
  const next = state.line[state.cursor + 1];
  if (next && next.move === text) return goTo(state.cursor + 1);
  const answer = await api('/api/explorer', { fen: from, play: text });
  state.line = state.line.slice(0, state.cursor + 1);
  state.line.push({ move: text, fen: answer.fen, squares });
  state.cursor++;
  await showPosition();
}

async function goTo(index) {
  if (index < 0 || index >= state.line.length) return;
  state.cursor = index;
  state.selected = null;
  state.hover = null;
  await showPosition();
}

// ---- the explorer and the games of a position ----

async function showPosition() {
  const fen = state.line[state.cursor].fen;
  $('fen-input').value = fen;
  $('fen-error').textContent = '';
  state.gamesOffset = 0;
  try {
    const [explorer, legal] = await Promise.all([
      api('/api/explorer', { fen, mirror: state.filters.mirror ? 1 : '', games: 0, ...filterParams() }),
      api('/api/moves', { fen }),
    ]);
    state.explorer = explorer;
    state.legal = legal;
    $('filter-error').textContent = '';
  } catch (e) {
    $('filter-error').textContent = e.message;
  }
  drawBoard();
  drawLine();
  drawExplorer();
  updateButtons();
  await loadGames();
}

function pct(n, known) { return known ? (100 * n / known) : 0; }
function fmt(x) { return x.toFixed(1).replace(/\.0$/, '') + '%'; }

function resultBar(m) {
  const known = m.white_wins + m.draws + m.black_wins;
  const bar = document.createElement('div');
  bar.className = 'bar';
  bar.title = `${m.white_wins} white wins, ${m.draws} draws, ${m.black_wins} black wins` +
              (m.unknown ? `, ${m.unknown} without result` : '');
  for (const [cls, n] of [['w', m.white_wins], ['d', m.draws], ['b', m.black_wins]]) {
    const p = pct(n, known);
    const part = document.createElement('div');
    part.className = cls;
    part.style.width = p + '%';
    if (p >= 12) part.textContent = Math.round(p) + '%';
    bar.appendChild(part);
  }
  return bar;
}

function gameLabel(g) {
  const bits = [g.event, g.date].filter((x) => x && x !== '?' && !x.startsWith('????'));
  return `${g.white || '?'} – ${g.black || '?'} ${g.result}` + (bits.length ? ` (${bits.join(', ')})` : '');
}

function cell(tr, text, cls) {
  const td = document.createElement('td');
  if (text instanceof Node) td.appendChild(text); else td.textContent = text;
  if (cls) td.className = cls;
  tr.appendChild(td);
  return td;
}

function drawExplorer() {
  const body = $('explorer-table').tBodies[0];
  const foot = $('explorer-table').tFoot;
  body.textContent = '';
  foot.textContent = '';
  const e = state.explorer;
  if (!e) return;
  const side = e.side_to_move === 'white' ? 'White' : 'Black';
  $('explorer-summary').textContent =
      `${e.games} game${e.games === 1 ? '' : 's'}, ${side} to move` +
      (e.ended_here ? `, ${e.ended_here} ended here` : '');
  for (const m of e.moves) {
    const tr = document.createElement('tr');
    tr.dataset.move = m.move;
    tr.dataset.games = m.games;
    cell(tr, m.move, 'move');
    cell(tr, String(m.games), 'num');
    cell(tr, resultBar(m));
    const known = m.white_wins + m.draws + m.black_wins;
    cell(tr, known ? fmt(m.score) : '–', 'num');
    const recent = cell(tr, m.recent ? gameLabel(m.recent) : '');
    if (m.recent) {
      recent.title = 'open game #' + m.recent.id;
      recent.addEventListener('click', (ev) => { ev.stopPropagation(); openGame(m.recent.id); });
    }
    tr.addEventListener('click', () => playMove(m.move));
    tr.addEventListener('mouseenter', () => {
      state.hover = state.legal.find((l) => l.move === m.move) || null;
      drawBoard();
    });
    tr.addEventListener('mouseleave', () => { state.hover = null; drawBoard(); });
    body.appendChild(tr);
  }
  if (e.moves.length === 0) {
    const tr = document.createElement('tr');
    cell(tr, 'No game in the database continued from this position.').colSpan = 5;
    body.appendChild(tr);
  } else {
    const total = { white_wins: 0, draws: 0, black_wins: 0, unknown: 0 };
    for (const m of e.moves) for (const k of Object.keys(total)) total[k] += m[k];
    const tr = document.createElement('tr');
    cell(tr, 'Σ');
    cell(tr, String(e.moves.reduce((s, m) => s + m.games, 0)), 'num');
    cell(tr, resultBar(total));
    cell(tr, '');
    cell(tr, '');
    foot.appendChild(tr);
  }
}

async function loadGames() {
  const body = $('games-list').tBodies[0];
  const fen = state.line[state.cursor].fen;
  let answer;
  try {
    answer = await api('/api/positions', { fen, limit: state.gamesPage, offset: state.gamesOffset,
                                           ...filterParams() });
  } catch (e) {
    $('filter-error').textContent = e.message;
    return;
  }
  body.textContent = '';
  for (const g of answer.results) {
    const tr = document.createElement('tr');
    tr.dataset.id = g.id;
    for (const [v, cls] of [[g.id, 'num'], [g.white], [g.black], [g.event], [g.date], [g.result],
                            [g.ply, 'num']])
      cell(tr, String(v), cls);
    tr.addEventListener('click', () => openGame(g.id, g.ply));
    body.appendChild(tr);
  }
  const first = answer.games ? state.gamesOffset + 1 : 0;
  const last = state.gamesOffset + answer.results.length;
  $('games-summary').textContent = `${answer.games} game${answer.games === 1 ? '' : 's'}`;
  $('games-page').textContent = answer.games ? `${first}–${last} of ${answer.games}` : '';
  $('games-prev').disabled = state.gamesOffset === 0;
  $('games-next').disabled = last >= answer.games;
}

function drawLine() {
  const box = $('line');
  box.textContent = '';
  const start = parseFen(state.line[0].fen || 'W:W:B');
  let number = 1;
  let white = start.side === 'W';
  const add = (text, cls, onclick) => {
    const s = document.createElement('span');
    s.textContent = text;
    if (cls) s.className = cls;
    if (onclick) s.addEventListener('click', onclick);
    box.appendChild(s);
  };
  for (let i = 1; i < state.line.length; i++) {
    if (white) add(number + '.', 'no');
    else if (i === 1) add(number + '...', 'no');
    add(state.line[i].move, i === state.cursor ? 'current' : '', () => goTo(i));
    if (!white) number++;
    white = !white;
  }
}

function updateButtons() {
  $('nav-start').disabled = $('nav-back').disabled = state.cursor === 0;
  $('nav-forward').disabled = $('nav-end').disabled = state.cursor >= state.line.length - 1;
}

// ---- the game viewer ----

async function openGame(id, ply) {
  let g;
  try {
    g = await api('/api/games/' + id);
  } catch (e) {
    $('filter-error').textContent = e.message;
    return;
  }
  state.game = g;
  state.gamePly = ply === undefined ? 0 : Math.min(ply, g.plies);
  g.moveSquares = g.moves.map(() => null);
  $('explorer-panel').hidden = true;
  $('game-panel').hidden = false;
  $('game-title').textContent = `#${g.id} ${gameLabel(g)}`;
  $('game-pdn').href = `/api/games/${g.id}.pdn`;
  $('game-pdn').setAttribute('download', `game-${g.id}.pdn`);
  const tags = $('game-tags');
  tags.textContent = '';
  for (const [name, value] of g.tags) {
    const tr = document.createElement('tr');
    cell(tr, name, 'muted');
    cell(tr, value);
    tags.appendChild(tr);
  }
  const diag = $('game-diagnostics');
  diag.textContent = '';
  const status = document.createElement('div');
  status.className = 'diag';
  status.textContent = 'status: ' + g.status + (g.status_message ? ' — ' + g.status_message : '');
  diag.appendChild(status);
  for (const [kind, list] of [['error', g.diagnostics.errors], ['warning', g.diagnostics.warnings],
                              ['note', g.diagnostics.notes]])
    for (const issue of list) {
      const d = document.createElement('div');
      d.className = 'diag ' + kind + '-kind';
      d.textContent = `${kind} ${issue.line}:${issue.column}` +
                      (issue.token ? ` "${issue.token}"` : '') + `: ${issue.message}`;
      diag.appendChild(d);
    }
  const sources = $('game-sources');
  sources.textContent = '';
  for (const s of g.sources) {
    const li = document.createElement('li');
    li.textContent = `${s.path}, game ${s.game}, lines ${s.first_line}–${s.last_line}, ${s.status}` +
      (s.stored ? ' (stored copy)' : '') +
      Object.entries(s.differing_tags).map(([k, v]) => `; ${k}: ${v === null ? '(none)' : v}`).join('');
    sources.appendChild(li);
  }
  if (!g.sources.length) sources.textContent = '(none recorded)';
  showGamePly();
  await loadGameSquares(g);
  if (state.game === g) drawBoard();
}

/** The from/to squares of every move of the open game, to highlight the last move. */
async function loadGameSquares(g) {
  try {
    const lists = await Promise.all(g.fens.slice(0, -1).map((fen) => api('/api/moves', { fen })));
    if (state.game !== g) return;
    g.moveSquares = lists.map((legal, i) => legal.find((m) => m.move === g.moves[i]) || null);
  } catch (e) { /* highlighting only */ }
}

function showGamePly() {
  const g = state.game;
  const box = $('game-moves');
  box.textContent = '';
  const start = parseFen(g.fens[0]);
  let white = start.side === 'W';
  let number = 1;
  g.moves.forEach((m, i) => {
    if (white || i === 0) {
      const no = document.createElement('span');
      no.className = 'no';
      no.textContent = number + (white ? '.' : '...');
      box.appendChild(no);
    }
    const s = document.createElement('span');
    s.textContent = m;
    if (i + 1 === state.gamePly) s.className = 'current';
    s.addEventListener('click', () => { state.gamePly = i + 1; showGamePly(); });
    box.appendChild(s);
    if (!white) number++;
    white = !white;
  });
  $('game-ply').textContent = `ply ${state.gamePly} of ${g.plies}`;
  $('fen-input').value = g.fens[state.gamePly];
  $('game-start').disabled = $('game-back').disabled = state.gamePly === 0;
  $('game-forward').disabled = $('game-end').disabled = state.gamePly >= g.plies;
  drawBoard();
}

function stepGame(delta) {
  const g = state.game;
  state.gamePly = Math.max(0, Math.min(g.plies, state.gamePly + delta));
  showGamePly();
}

function closeGame() {
  state.game = null;
  $('game-panel').hidden = true;
  $('explorer-panel').hidden = false;
  $('fen-input').value = state.line[state.cursor].fen;
  drawBoard();
}

async function exploreFromGame() {
  const fen = state.game.fens[state.gamePly];
  closeGame();
  await setStart(fen);
}

async function setStart(fen) {
  try {
    const answer = await api('/api/explorer', { fen, games: 0 });
    state.line = [{ move: null, fen: answer.fen }];
    state.cursor = 0;
    await showPosition();
  } catch (e) {
    $('fen-error').textContent = e.message;
  }
}

// ---- players ----

async function showPlayers() {
  try {
    state.players = await api('/api/stats/players', { top: 100, ...filterParams() });
  } catch (e) {
    $('filter-error').textContent = e.message;
    return;
  }
  const r = state.players;
  $('players-summary').textContent =
      `${r.players} players in ${r.games} games` + (r.rows.length < r.players ? `, top ${r.rows.length}` : '');
  const body = $('players-table').tBodies[0];
  body.textContent = '';
  const score = (t) => (t.score === null ? '–' : fmt(t.score));
  r.rows.forEach((p, i) => {
    const tr = document.createElement('tr');
    for (const [v, cls] of [[p.name], [p.games, 'num'], [p.wins, 'num'], [p.draws, 'num'],
                            [p.losses, 'num'], [score(p), 'num'], [score(p.white), 'num'],
                            [score(p.black), 'num'], [p.first_date], [p.last_date]])
      cell(tr, String(v), cls);
    tr.addEventListener('click', () => { state.chartPlayer = i; drawChart(); });
    body.appendChild(tr);
  });
  state.chartPlayer = 0;
  drawChart();
}

/** Results by colour of the chosen player: two stacked bars (as White, as Black). */
function drawChart() {
  const box = $('player-chart');
  box.textContent = '';
  const p = state.players && state.players.rows[state.chartPlayer];
  if (!p) return;
  const svg = el('svg', { width: 720, height: 110, viewBox: '0 0 720 110' }, box);
  const title = el('text', { x: 0, y: 14, 'font-weight': 600 }, svg);
  title.textContent = `${p.name}: results by colour (wins / draws / losses)`;
  const most = Math.max(p.white.games, p.black.games, 1);
  [['as White', p.white, 34], ['as Black', p.black, 70]].forEach(([label, t, y]) => {
    const l = el('text', { x: 0, y: y + 15 }, svg);
    l.textContent = label;
    let x = 70;
    for (const [n, fill] of [[t.wins, '#3d8b40'], [t.draws, '#a9b0b8'], [t.losses, '#c0392b']]) {
      const w = 380 * n / most;
      el('rect', { x, y, width: w, height: 22, fill }, svg);
      if (n && w > 18) {
        const v = el('text', { x: x + w / 2 - 4, y: y + 15, fill: '#fff' }, svg);
        v.textContent = n;
      }
      x += w;
    }
    const s = el('text', { x: x + 8, y: y + 15 }, svg);
    s.textContent = `${t.games} games, score ${t.score === null ? '–' : fmt(t.score)}`;
  });
}

// ---- wiring ----

function showView() {
  const players = location.hash === '#players', search = location.hash === '#search';
  $('view-players').hidden = !players;
  $('view-search').hidden = !search;
  $('view-explorer').hidden = players || search;
  $('nav-players').classList.toggle('active', players);
  $('nav-search').classList.toggle('active', search);
  $('nav-explorer').classList.toggle('active', !players && !search);
  if (players) showPlayers();
}

function readFilters() {
  const form = $('filters');
  state.filters = {
    player: form.player.value.trim(), event: form.event.value.trim(),
    since: form.since.value.trim(), until: form.until.value.trim(), mirror: form.mirror.checked,
  };
}

function wire() {
  $('nav-start').addEventListener('click', () => goTo(0));
  $('nav-back').addEventListener('click', () => goTo(state.cursor - 1));
  $('nav-forward').addEventListener('click', () => goTo(state.cursor + 1));
  $('nav-end').addEventListener('click', () => goTo(state.line.length - 1));
  $('numbers').addEventListener('change', (e) => { state.numbers = e.target.checked; drawBoard(); });
  $('fen-form').addEventListener('submit', (e) => { e.preventDefault(); closeGameIfOpen(); setStart($('fen-input').value); });
  $('filters').addEventListener('submit', (e) => {
    e.preventDefault();
    readFilters();
    if (location.hash === '#players') showPlayers(); else showPosition();
  });
  $('filters-clear').addEventListener('click', () => {
    $('filters').reset();
    readFilters();
    if (location.hash === '#players') showPlayers(); else showPosition();
  });
  $('games-prev').addEventListener('click', () => { state.gamesOffset = Math.max(0, state.gamesOffset - state.gamesPage); loadGames(); });
  $('games-next').addEventListener('click', () => { state.gamesOffset += state.gamesPage; loadGames(); });
  $('game-close').addEventListener('click', closeGame);
  $('game-start').addEventListener('click', () => stepGame(-1e9));
  $('game-back').addEventListener('click', () => stepGame(-1));
  $('game-forward').addEventListener('click', () => stepGame(1));
  $('game-end').addEventListener('click', () => stepGame(1e9));
  $('game-explore').addEventListener('click', exploreFromGame);
  document.addEventListener('keydown', (e) => {
    if (e.target.tagName === 'INPUT') return;
    const keys = { ArrowLeft: -1, ArrowRight: 1, Home: -1e9, End: 1e9 };
    if (!(e.key in keys)) return;
    e.preventDefault();
    if (state.game) stepGame(keys[e.key]);
    else goTo(Math.max(0, Math.min(state.line.length - 1, state.cursor + keys[e.key])));
  });
  window.addEventListener('hashchange', showView);
}

function closeGameIfOpen() { if (state.game) closeGame(); }

async function start() {
  wire();
  readFilters();
  try {
    const info = await api('/api/info');
    $('db-info').textContent = `${info.games} games, ${info.indexed_positions} positions indexed, ` +
                               `${info.sources} source file${info.sources === 1 ? '' : 's'}`;
  } catch (e) { /* the page works without the summary */ }
  await setStart('W:W31-50:B1-20');
  showView();
  document.body.dataset.ready = '1';
}

start();
