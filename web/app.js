// damdb explorer page: an analysis board over the database. One state, kept in the URL (after
// '#'): the view, the start position, the line and the ply shown, the open game, the filters,
// the colour-reversed switch and the board's orientation. Every change is a history entry; a
// change is shown only when all its answers have arrived (one request per explorer step, one to
// open a game), so that the board, the line, the tables and the game never disagree; a failed
// request leaves everything as it was and says so, with a retry. Uses board.js; search.js adds
// the pattern search view; move_tree.js, line_edit.js, editor.js and players_chart.js hold the
// move tree, the line's editing, the board editor and the players view. Talks to the JSON API only.
'use strict';

const $ = (id) => document.getElementById(id);
const el = svgNode;  // search.js draws with it

// ---- state ----

const state = {
  view: 'explorer',
  start: INITIAL_FEN,   // the root's position
  root: null,
  node: null,           // the node shown
  game: null,           // /api/games/ID answer of the open game
  filters: { player: '', event: '', since: '', until: '' },
  mirror: false,
  flip: false,
  explorer: null,       // /api/explorer answer of the node's position (with legal moves)
  numbers: localStorage.getItem('damdb-numbers') === '1',
  selected: null,       // square of the piece picked on the board
  hover: null,          // legal move shown while hovering a row or a route
  rowFocus: -1,         // explorer row chosen with the keyboard
  gamesOffset: 0,
  gamesPage: 10,
  players: null,
  chartPlayer: 0,
  editor: null,         // {pieces, side, tool} while the board editor is open
  applied: '',          // the URL hash last shown
};
state.root = newNode(null, null);
state.root.fen = INITIAL_FEN;
state.node = state.root;

// ---- API ----

function query(params) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params))
    if (v !== undefined && v !== '' && v !== null && v !== false) q.set(k, v === true ? 1 : v);
  const s = q.toString();
  return s ? '?' + s : '';
}

/** An error the server answered (bad input): shown, not retried. */
class ApiError extends Error {}

async function api(path, params = {}) {
  let response;
  try {
    response = await fetch(path + query(params));
  } catch (e) {
    throw new Error('The server is not reachable (' + e.message + ').');
  }
  let body;
  try {
    body = await response.json();
  } catch (e) {
    throw new Error(`The server answered ${response.status} without JSON.`);
  }
  if (!response.ok) {
    const error = new ApiError(body.error || response.statusText);
    error.parameter = body.parameter;
    throw error;
  }
  return body;
}

function filterParams() {
  const f = state.filters;
  return { player: f.player, event: f.event, since: f.since, until: f.until };
}

const explorerCache = new Map();  // request -> answer, for Back and Forward without requests

/** The explorer answer (with legal moves and 10 recent games) of `node`'s position: from its FEN
 *  when known, else from the root's position and the moves leading to it. */
async function explorerOf(node, filters, mirror) {
  let root = node;
  while (root.parent) root = root.parent;  // the tree being shown, not necessarily state.root
  const where = node.fen ? { fen: node.fen } : { fen: root.fen, play: pathOf(node).join(',') };
  const params = { ...where, legal: 1, games: state.gamesPage, top: 5, mirror,
                   player: filters.player, event: filters.event, since: filters.since,
                   until: filters.until };
  const key = query(params);
  if (!explorerCache.has(key)) {
    explorerCache.set(key, await api('/api/explorer', params));
    if (explorerCache.size > 300) explorerCache.delete(explorerCache.keys().next().value);
  }
  return explorerCache.get(key);
}

const gameCache = new Map();

async function gameOf(id) {
  if (!gameCache.has(id)) gameCache.set(id, await api('/api/games/' + id));
  return gameCache.get(id);
}

// ---- the failure message ----

function showFailure(error, retry) {
  const box = $('failure');
  $('failure-text').textContent = error.message;
  $('failure-retry').hidden = !retry || error instanceof ApiError;
  box.onretry = retry;
  box.hidden = false;
}

function clearFailure() { $('failure').hidden = true; }

// ---- the URL ----

/** The URL hash of a target state: {view, start, line, ply, game, filters, mirror, flip}. */
function hashOf(t) {
  const p = { fen: t.start === INITIAL_FEN ? '' : t.start, line: t.line.join(' '),
              ply: t.ply === t.line.length ? '' : t.ply, game: t.game || '', ...t.filters,
              mirror: t.mirror, flip: t.flip };
  return '#' + t.view + query(p);
}

function targetOfHash(hash) {
  const m = /^#?([a-z]*)\??(.*)$/.exec(hash || '');
  const p = new URLSearchParams(m[2]);
  const line = (p.get('line') || '').split(/[\s,]+/).filter(Boolean);
  const ply = p.has('ply') ? Math.max(0, Number(p.get('ply')) || 0) : Infinity;
  return {
    view: ['players', 'search'].includes(m[1]) ? m[1] : 'explorer',
    start: p.get('fen') || INITIAL_FEN, line, ply,
    game: Number(p.get('game')) || null,
    filters: { player: p.get('player') || '', event: p.get('event') || '',
               since: p.get('since') || '', until: p.get('until') || '' },
    mirror: p.get('mirror') === '1', flip: p.get('flip') === '1',
  };
}

function currentTarget() {
  return { view: state.view, start: state.start, line: lineThrough(state.node),
           ply: plyOf(state.node), game: state.game ? state.game.id : null,
           filters: { ...state.filters }, mirror: state.mirror, flip: state.flip };
}

// ---- navigation: every change of what is shown goes through show() ----

let showing = 0;  // the latest show(): an older one that answers late is dropped

/**
 * Shows `target` (as currentTarget() returns): fetches what it needs (the open game, the
 * explorer answer of its position), then changes the state and draws everything at once. With
 * `push` true, adds a history entry; with 'keep' leaves the URL (Back, Forward), else writes
 * it in place. On a failure nothing changes and the failure is shown with a
 * retry.
 */
async function show(target, push = true, tree = null) {
  const ticket = ++showing;
  document.body.dataset.busy = '1';
  try {
    const game = target.game ? await gameOf(target.game) : null;
    const sameRoot = parseFenKey(target.start) === parseFenKey(state.start);
    let root = sameRoot ? state.root : Object.assign(newNode(null, null), { fen: target.start });
    if (tree && tree.start === target.start) root = treeFrom(tree.root, null);
    if (game) fillFromGame(root, game, target.start);
    if (game && !target.line.length && parseFenKey(target.start) === parseFenKey(game.fens[0]))
      target = { ...target, line: game.moves };  // a link to a game and a ply
    const ply = Math.min(target.ply, target.line.length);
    const node = nodeAt(root, target.line.slice(0, ply));
    nodeAt(root, target.line);
    let explorer = null;
    if (target.view === 'explorer') explorer = await explorerOf(node, target.filters, target.mirror);
    if (ticket !== showing) return;
    if (explorer) learnFen(node, explorer.fen);
    Object.assign(state, { view: target.view, start: target.start, root, node, game,
                           filters: target.filters, mirror: target.mirror, flip: target.flip,
                           explorer: explorer || state.explorer, selected: null, hover: null,
                           rowFocus: -1, gamesOffset: 0 });
    const hash = hashOf(currentTarget());  // push: a new entry; 'keep': Back or Forward's
    const entry = { start: state.start, root: treeData(root) };
    if (push === true && hash !== location.hash) history.pushState(entry, '', hash);
    else if (push !== 'keep') history.replaceState(entry, '', hash);
    state.applied = location.hash;
    clearFailure();
    $('route-choice').hidden = true;
    render();
  } catch (e) {
    if (ticket === showing) showFailure(e, () => show(target, push, tree));
  } finally {
    if (ticket === showing) delete document.body.dataset.busy;
  }
}

/** Gives the game's moves and positions to the tree under `root` (when the game starts there). */
function fillFromGame(root, game, start) {
  if (game.fens[0] !== start && parseFenKey(game.fens[0]) !== parseFenKey(start)) return;
  root.fen = game.fens[0];
  let node = root;
  game.moves.forEach((move, i) => {
    node = nodeAt(node, [move]);
    const siblings = node.parent.children;  // the game is the main line
    siblings.splice(siblings.indexOf(node), 1);
    siblings.unshift(node);
    node.fen = game.fens[i + 1];
    node.last = node.last || moveBetween(game.fens[i], game.fens[i + 1]);
  });
}

function parseFenKey(fen) { return toFen(parseFen(fen)); }

/** The start position as the URL writes it: the initial position short, others as given. */
function canonicalStart(fen) {
  return parseFenKey(fen) === parseFenKey(INITIAL_FEN) ? INITIAL_FEN : fen;
}

function learnFen(node, fen) {
  node.fen = fen;
  if (!node.last && node.parent && node.parent.fen) node.last = moveBetween(node.parent.fen, fen);
}

function go(changes, push = true) { return show({ ...currentTarget(), ...changes }, push); }

/** Shows `node` of the tree (a jump through the line). */
function goToNode(node) {
  if (!node) return;
  return go({ line: lineThrough(node), ply: plyOf(node) });
}

/** Plays `move` (a legal-move object or a PDN string) from the node shown. */
function playMove(move) {
  const text = typeof move === 'string' ? move : move.move;
  const legal = state.explorer && state.explorer.legal.find((m) => m.move === text);
  let child = state.node.children.find((c) => c.move === text);
  if (!child) {
    child = newNode(text, state.node);
    state.node.children.push(child);
  }
  if (legal) child.last = { from: legal.from, to: legal.to, path: legal.path,
                            captures: legal.captures };
  return goToNode(child);
}

// ---- drawing ----

function render() {
  document.body.dataset.view = state.view;
  for (const v of ['explorer', 'players', 'search']) {
    $('view-' + v).hidden = state.view !== v;
    $('nav-' + v).classList.toggle('active', state.view === v);
    $('nav-' + v).href = hashOf({ ...currentTarget(), view: v });
  }
  writeFilters();
  if (state.view === 'players') return showPlayers();
  if (state.view !== 'explorer') return;
  drawBoard();
  drawLine();
  drawExplorer();
  drawGames(state.explorer.recent_games, state.explorer.games + (state.explorer.mirrored_games || 0));
  drawTopGames();
  drawGame();
  if (typeof drawNovelty === 'function') drawNovelty(state.game);  // web/novelty.js
  updateButtons();
  $('fen-input').value = state.node.fen || '';
}

function drawBoard() {
  if (state.editor) return drawEditor();
  const legal = state.explorer ? state.explorer.legal : [];
  drawPosition($('board'), {
    fen: state.node.fen, flip: state.flip, numbers: state.numbers, last: state.node.last,
    hover: state.hover, selected: state.selected, legal, onSquare: clickSquare,
  });
}

function clickSquare(n) {
  if (state.editor) return editSquare(n);
  const legal = state.explorer.legal;
  $('route-choice').hidden = true;
  if (state.selected === n) {  // the same piece again: put it down
    state.selected = null;
    return drawBoard();
  }
  if (state.selected) {
    const routes = legal.filter((m) => m.from === state.selected && m.to === n);
    if (routes.length === 1) return playMove(routes[0]);
    if (routes.length > 1) return chooseRoute(routes);
  }
  const mine = legal.filter((m) => m.from === n);
  state.selected = mine.length ? n : null;
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

/** Move numbers and moves of the tree from the root, variations in parentheses. */
function drawLine() {
  const box = $('line');
  box.textContent = '';
  const white = parseFen(state.root.fen || state.start).side === 'W';
  drawBranch(box, state.root, 0, white, true);
  if (!state.root.children.length) box.textContent = 'Play a move on the board or in the table.';
  const current = box.querySelector('.current');
  if (current) box.scrollTop = current.offsetTop - box.offsetTop - box.clientHeight / 2;
}

function moveSpan(box, node, label) {
  const s = document.createElement('span');
  s.className = 'mv' + (node === state.node ? ' current' : '');
  s.textContent = label;
  s.addEventListener('click', () => goToNode(node));
  box.appendChild(s);
  return s;
}

/** The main line from `node` on, each move's other children as variations after it. */
function drawBranch(box, node, ply, whiteFirst, numberFirst) {
  let n = node, p = ply, numbered = numberFirst;
  while (n.children.length) {
    const [main, ...others] = n.children;
    const white = (p % 2 === 0) === whiteFirst;
    const no = Math.floor(p / 2) + 1 - (whiteFirst ? 0 : (p % 2 === 0 ? 1 : 0));
    const label = white ? `${no}. ${main.move}` : (numbered ? `${no}... ${main.move}` : main.move);
    moveSpan(box, main, label);
    for (const v of others) {
      const var_ = document.createElement('span');
      var_.className = 'variation';
      var_.append('(');
      const first = (p % 2 === 0) === whiteFirst;
      moveSpan(var_, v, first ? `${no}. ${v.move}` : `${no}... ${v.move}`);
      drawBranch(var_, v, p + 1, whiteFirst, false);
      var_.append(')');
      box.appendChild(var_);
    }
    numbered = others.length > 0;
    n = main;
    p++;
  }
}

function updateButtons() {
  const n = state.node;
  $('nav-start').disabled = $('nav-back').disabled = !n.parent;
  $('nav-forward').disabled = $('nav-end').disabled = !n.children.length;
  $('line-promote').disabled = !n.parent || n.parent.children[0] === n;
  $('line-delete').disabled = !n.parent;
}

function pct(n, all) { return all ? (100 * n / all) : 0; }
function fmt(x) { return x.toFixed(1).replace(/\.0$/, '') + '%'; }

/** White wins / draws / black wins / no result, each its own segment of all the games. */
function resultBar(m) {
  const all = m.white_wins + m.draws + m.black_wins + (m.unknown || 0);
  const bar = document.createElement('div');
  bar.className = 'bar';
  bar.title = `${m.white_wins} white wins, ${m.draws} draws, ${m.black_wins} black wins, ` +
              `${m.unknown || 0} without result`;
  for (const [cls, n] of [['w', m.white_wins], ['d', m.draws], ['b', m.black_wins],
                          ['u', m.unknown || 0]]) {
    if (!n) continue;
    const p = pct(n, all);
    const part = document.createElement('div');
    part.className = cls;
    part.dataset.count = n;
    part.style.width = p + '%';
    if (p >= 14) part.textContent = Math.round(p) + '%';
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
  const side = e.side_to_move === 'white' ? 'White' : 'Black';
  const total = { white_wins: 0, draws: 0, black_wins: 0, unknown: 0 };
  for (const m of e.moves) for (const k of Object.keys(total)) total[k] += m[k];
  $('explorer-summary').textContent =
      `${e.games} game${e.games === 1 ? '' : 's'}, ${side} to move` +
      (e.ended_here ? `, ${e.ended_here} ended here` : '') +
      (total.unknown ? `, ${total.unknown} without result` : '');
  $('mirror-note').hidden = !state.mirror;
  $('mirror-note').textContent = state.mirror ?
    `Colour-reversed games included (${e.mirrored_games || 0}): results are counted in this ` +
    `position's colours, a reversed game's Black counting as White.` : '';
  e.moves.forEach((m, i) => body.appendChild(explorerRow(m, i)));
  if (e.moves.length === 0) {
    const tr = document.createElement('tr');
    cell(tr, 'No game in the database continued from this position.').colSpan = 5;
    body.appendChild(tr);
    return;
  }
  const tr = document.createElement('tr');
  cell(tr, 'Σ');
  cell(tr, String(e.moves.reduce((s, m) => s + m.games, 0)), 'num');
  cell(tr, resultBar(total));
  cell(tr, '');
  cell(tr, '');
  foot.appendChild(tr);
}

function explorerRow(m, i) {
  const tr = document.createElement('tr');
  tr.dataset.move = m.move;
  tr.dataset.games = m.games;
  if (i === state.rowFocus) tr.classList.add('focus');
  cell(tr, m.move, 'move');
  cell(tr, String(m.games) + (m.mirrored_games ? ` (${m.mirrored_games} ⇄)` : ''), 'num');
  cell(tr, resultBar(m));
  const known = m.white_wins + m.draws + m.black_wins;
  cell(tr, known ? fmt(m.score) : '–', 'num');
  const recent = cell(tr, m.recent ? gameLabel(m.recent) : '', 'recent');
  if (m.recent) {
    recent.title = 'open game #' + m.recent.id;
    recent.addEventListener('click', (ev) => { ev.stopPropagation(); openGame(m.recent.id); });
  }
  tr.addEventListener('click', () => playMove(m.move));
  tr.addEventListener('mouseenter', () => {
    state.hover = state.explorer.legal.find((l) => l.move === m.move) || null;
    drawBoard();
  });
  tr.addEventListener('mouseleave', () => { state.hover = null; drawBoard(); });
  return tr;
}

function gameRow(g, withPly) {
  const tr = document.createElement('tr');
  tr.dataset.id = g.id;
  if (g.mirrored) { tr.classList.add('reversed'); tr.title = 'colour-reversed'; }
  for (const [v, cls] of [[g.id, 'num'], [g.white], [g.black], [g.event], [g.date], [g.result]])
    cell(tr, String(v), cls);
  if (withPly) cell(tr, (g.mirrored ? '⇄ ' : '') + g.ply, 'num');
  tr.addEventListener('click', () => openGame(g.id, g.ply));
  return tr;
}

function drawGames(rows, total) {
  const body = $('games-list').tBodies[0];
  body.textContent = '';
  for (const g of rows) body.appendChild(gameRow(g, true));
  const first = rows.length ? state.gamesOffset + 1 : 0;
  const last = state.gamesOffset + rows.filter((g) => !g.mirrored).length;
  $('games-summary').textContent = `${total} game${total === 1 ? '' : 's'}`;
  $('games-page').textContent = rows.length ? `${first}–${last} of ${state.explorer.games}` : '';
  $('games-prev').disabled = state.gamesOffset === 0;
  $('games-next').disabled = last >= state.explorer.games;
}

async function pageGames(offset) {
  try {
    const a = await api('/api/positions', { fen: state.node.fen, limit: state.gamesPage, offset,
                                            ...filterParams() });
    state.gamesOffset = offset;
    drawGames(a.results, a.games);
    clearFailure();
  } catch (e) {
    showFailure(e, () => pageGames(offset));
  }
}

function drawTopGames() {
  const body = $('top-games').tBodies[0];
  body.textContent = '';
  for (const g of state.explorer.top_games) body.appendChild(gameRow(g, true));
  $('top-games-wrap').hidden = !state.explorer.top_games.length;
}

// ---- the open game (its moves are the tree's main line) ----

function openGame(id, ply) {
  return gameOf(id).then((g) => {
    const at = ply === undefined ? 0 : Math.min(ply, g.plies);
    return show({ ...currentTarget(), view: 'explorer', start: canonicalStart(g.fens[0]), line: g.moves,
                  ply: at, game: id });
  }).catch((e) => showFailure(e, () => openGame(id, ply)));
}

function drawGame() {
  const g = state.game;
  $('game-panel').hidden = !g;
  if (!g) return;
  if (typeof drawEventLink === 'function') drawEventLink(g);  // web/event.js
  const onGame = pathOf(state.node).every((m, i) => g.moves[i] === m) &&
                 parseFenKey(state.start) === parseFenKey(g.fens[0]);
  const ply = plyOf(state.node);
  $('game-title').textContent = `#${g.id} ${gameLabel(g)}`;
  $('game-ply').textContent = onGame ? `ply ${ply} of ${g.plies}` : `off the game (ply ${ply})`;
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
  drawDiagnostics(g);
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
}

function drawDiagnostics(g) {
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
}

// ---- wiring ----

function readFilters() {
  const form = $('filters');
  return { player: form.player.value.trim(), event: form.event.value.trim(),
           since: form.since.value.trim(), until: form.until.value.trim() };
}

function writeFilters() {
  const form = $('filters');
  for (const k of Object.keys(state.filters))
    if (document.activeElement !== form[k]) form[k].value = state.filters[k];
  form.mirror.checked = state.mirror;
  $('flip').checked = state.flip;
}

function step(delta) {
  let n = state.node;
  for (let i = 0; i < Math.abs(delta); i++) {
    const next = delta < 0 ? n.parent : n.children[0];
    if (!next) break;
    n = next;
  }
  if (n !== state.node) goToNode(n);
}

function onKey(e) {
  if (['INPUT', 'TEXTAREA', 'SELECT'].includes(e.target.tagName)) {
    if (e.key === 'Escape') e.target.blur();
    return;
  }
  if (state.view !== 'explorer') return;
  const moves = { ArrowLeft: -1, ArrowRight: 1, Home: -1e9, End: 1e9 };
  if (e.key in moves) { e.preventDefault(); return step(moves[e.key]); }
  const rows = state.explorer ? state.explorer.moves.length : 0;
  if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && rows) {
    e.preventDefault();
    const down = e.key === 'ArrowDown';
    if (state.rowFocus < 0) state.rowFocus = down ? 0 : rows - 1;
    else state.rowFocus = (state.rowFocus + (down ? 1 : rows - 1)) % rows;
    state.hover = state.explorer.legal.find((l) => l.move === state.explorer.moves[state.rowFocus].move) || null;
    drawExplorer();
    drawBoard();
  } else if (e.key === 'Enter' && state.rowFocus >= 0 && rows) {
    e.preventDefault();
    playMove(state.explorer.moves[state.rowFocus].move);
  } else if (e.key === 'Escape') {
    if (state.editor) closeEditor();
    state.selected = null; state.hover = null; state.rowFocus = -1;
    $('route-choice').hidden = true;
    $('paste-box').hidden = true;
    drawExplorer();
    drawBoard();
  } else if (e.key === 'f') {
    go({ flip: !state.flip }, false);
  }
}

function onUrl() {
  if (location.hash === state.applied) return;
  show(targetOfHash(location.hash), 'keep', history.state);
}

function wireLine() {
  $('nav-start').addEventListener('click', () => step(-1e9));
  $('nav-back').addEventListener('click', () => step(-1));
  $('nav-forward').addEventListener('click', () => step(1));
  $('nav-end').addEventListener('click', () => step(1e9));
  $('line-promote').addEventListener('click', promote);
  $('line-delete').addEventListener('click', deleteNode);
  $('copy-pdn').addEventListener('click', () => copyText(linePdn(), 'Line as PDN'));
  $('copy-fen').addEventListener('click', () => copyText(state.node.fen, 'FEN'));
  $('paste-open').addEventListener('click', () => { $('paste-box').hidden = false; $('paste-input').focus(); });
  $('paste-form').addEventListener('submit', (e) => { e.preventDefault(); paste(); });
  $('paste-cancel').addEventListener('click', () => { $('paste-box').hidden = true; });
  $('numbers').checked = state.numbers;
  $('numbers').addEventListener('change', (e) => {
    state.numbers = e.target.checked;
    localStorage.setItem('damdb-numbers', state.numbers ? '1' : '0');
    drawBoard();
  });
  $('flip').addEventListener('change', (e) => go({ flip: e.target.checked }, false));
  $('fen-form').addEventListener('submit', (e) => {
    e.preventDefault();
    $('paste-input').value = $('fen-input').value;
    paste();
  });
}

function wire() {
  wireLine();
  wireEditor();
  $('filters').addEventListener('submit', (e) => { e.preventDefault(); go({ filters: readFilters() }); });
  $('filters').mirror.addEventListener('change', (e) => go({ mirror: e.target.checked }));
  $('filters-clear').addEventListener('click', () => {
    $('filters').reset();
    go({ filters: readFilters(), mirror: false });
  });
  $('games-prev').addEventListener('click', () => pageGames(Math.max(0, state.gamesOffset - state.gamesPage)));
  $('games-next').addEventListener('click', () => pageGames(state.gamesOffset + state.gamesPage));
  $('game-close').addEventListener('click', () => go({ game: null }));
  $('failure-retry').addEventListener('click', () => { const r = $('failure').onretry; if (r) r(); });
  $('failure-close').addEventListener('click', clearFailure);
  document.addEventListener('keydown', onKey);
  window.addEventListener('popstate', onUrl);
  window.addEventListener('hashchange', onUrl);
  window.addEventListener('unhandledrejection', (e) => showFailure(e.reason || new Error('failed'), null));
}

async function start() {
  wire();
  api('/api/info').then((info) => {
    $('db-info').textContent = `${info.games} games, ${info.indexed_positions} positions indexed, ` +
                               `${info.sources} source file${info.sources === 1 ? '' : 's'}`;
  }, () => {});
  const target = targetOfHash(location.hash);
  if (target.view !== 'explorer') {  // the explorer is drawn once, to be there behind the view
    await show({ ...target, view: 'explorer' }, false);
  }
  await show(target, false, history.state);  // a reload keeps the entry's tree
  if (!state.explorer) $('board').dataset.fen = '';
  document.body.dataset.ready = '1';
}

start();
