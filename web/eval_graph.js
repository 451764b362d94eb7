// The stored evaluations of the open game (GET /api/games/ID/evaluations): a graph under the
// board of the score from White's side before each ply (beyond +-EVAL_CLIP men, and wins, drawn
// at the edge; a click on it goes to that ply of the game), the marks (?!, ?, ??, !) after the
// moves of the move list, and the engine's best move in the position shown as an arrow on the
// board. When the server has an engine (GET /api/analysis), a button has it analyse the game
// (POST /api/games/ID/analysis; the page polls GET /api/games/ID/analysis until it is done).
// Uses app.js (state, api, $, openGame, pathOf, plyOf) and board.js (svgNode, centre);
// app.js calls drawEvaluations(game) after drawing the board and the game panel.
'use strict';

const EVAL_CLIP = 4;             // men: the graph's top and bottom
const evalCache = new Map();     // game id -> answer, or null while asked
let analysisEngine = null;       // GET /api/analysis: {engine, limit} when the server has one
const MARK_COLOURS = { '!': '#2a8a2a', '?!': '#c9a400', '?': '#d07000', '??': '#c0282d' };

fetch('/api/analysis').then((r) => (r.ok ? r.json() : null)).then((a) => {
  analysisEngine = a && a.engine ? a : null;
  if (state.game) drawEvaluations(state.game);
}).catch(() => {});

/** The box under the board, made on first use. */
function evalBox() {
  let box = $('eval-box');
  if (!box) {
    box = document.createElement('div');
    box.id = 'eval-box';
    box.className = 'eval-box';
    $('board-wrap').after(box);
  }
  return box;
}

/** The game's ply shown on the board, or -1 when the line shown is not the game's. */
function gamePly(g) {
  const path = pathOf(state.node);
  const onGame = path.every((m, i) => g.moves[i] === m) &&
                 parseFenKey(state.start) === parseFenKey(g.fens[0]);
  return onGame ? path.length : -1;
}

/** A score in men from White's side as the graph draws it: clipped, wins at the edge. */
function graphScore(p) {
  if (p.win) return p.score > 0 ? EVAL_CLIP : -EVAL_CLIP;
  return Math.max(-EVAL_CLIP, Math.min(EVAL_CLIP, p.score));
}

function scoreText(p) {
  if (p.terminal) return p.score > 0 ? 'White has won' : 'Black has won';
  const s = (p.score > 0 ? '+' : '') + p.score.toFixed(2);
  return (p.win ? 'win ' : '') + s + ` (depth ${p.depth})` + (p.best ? `, best ${p.best}` : '');
}

/** The graph: one point per position with a stored evaluation, x = ply. */
function drawGraph(box, g, e, ply) {
  const W = 400, H = 100, n = Math.max(1, e.plies);
  const x = (k) => (W * k) / n, y = (p) => H / 2 - (H / 2 - 4) * graphScore(p) / EVAL_CLIP;
  const svg = svgNode('svg', { id: 'eval-graph', viewBox: `0 0 ${W} ${H}`, role: 'img',
                               'aria-label': 'evaluation graph', preserveAspectRatio: 'none',
                               style: 'width:100%;height:110px;background:#f4f1ea;cursor:pointer;display:block' });
  svgNode('line', { x1: 0, y1: H / 2, x2: W, y2: H / 2, stroke: '#999', 'stroke-width': 0.5 }, svg);
  const points = [];
  e.positions.forEach((p, k) => { if (p) points.push(`${x(k)},${y(p)}`); });
  svgNode('polyline', { points: points.join(' '), fill: 'none', stroke: '#335', 'stroke-width': 1.2,
                        'vector-effect': 'non-scaling-stroke' }, svg);
  if (ply >= 0)
    svgNode('line', { x1: x(ply), y1: 0, x2: x(ply), y2: H, stroke: '#d07000', 'stroke-width': 1,
                      'vector-effect': 'non-scaling-stroke', class: 'eval-current' }, svg);
  const marks = markOfPly(e);
  e.positions.forEach((p, k) => {
    if (!p) return;
    const mark = marks[k] || '';
    const dot = svgNode('circle', { cx: x(k), cy: y(p), r: mark ? 3 : 1.6, 'data-ply': k,
                                    fill: mark ? MARK_COLOURS[mark] : '#335' }, svg);
    svgNode('title', {}, dot).textContent = `ply ${k}: ${scoreText(p)}` + (mark ? ` — move ${mark}` : '');
  });
  svg.addEventListener('click', (ev) => {
    const r = svg.getBoundingClientRect();
    const k = Math.max(0, Math.min(e.plies, Math.round(((ev.clientX - r.left) / r.width) * n)));
    openGame(g.id, k);
  });
  box.appendChild(svg);
}

/** The mark of the move that led to each position (index = ply after the move). */
function markOfPly(e) {
  const marks = [];
  if (e.analysis.analysed) for (const p of e.analysis.plies) marks[p.ply] = p.mark;
  return marks;
}

/** Adds each move's mark after its span of the main line when the line shown is the game's. */
function markMoves(g, e) {
  if (gamePly(g) < 0 || !e.analysis.analysed) return;
  const spans = [...$('line').children].filter((s) => s.classList.contains('mv'));
  for (const p of e.analysis.plies) {
    const span = spans[p.ply - 1];
    if (!p.mark || !span || span.querySelector('.eval-mark')) continue;
    const m = document.createElement('span');
    m.className = 'eval-mark';
    m.textContent = p.mark;
    m.style.cssText = `font-weight:bold;margin-left:1px;color:${MARK_COLOURS[p.mark]}`;
    m.title = `loss ${p.loss.toFixed(2)} men; best was ${p.before.best || '?'}`;
    span.appendChild(m);
  }
}

/** The squares a move in PDN notation goes through ("32-28", "27x18x9"). */
function moveSquares(text) {
  return String(text || '').split(/[-x]/).map(Number).filter((s) => s >= 1 && s <= 50);
}

/** The best move of the position shown as an arrow on the board. */
function drawBestArrow(p) {
  const squares = moveSquares(p && p.best);
  if (squares.length < 2) return;
  const svg = $('board');
  if (!svg.querySelector('#best-arrow-head')) {
    const defs = svgNode('defs', {}, svg);
    const marker = svgNode('marker', { id: 'best-arrow-head', viewBox: '0 0 10 10', refX: 5, refY: 5,
                                       markerWidth: 4, markerHeight: 4, orient: 'auto-start-reverse' }, defs);
    svgNode('path', { d: 'M0,0 L10,5 L0,10 z', fill: '#1f7a3a' }, marker);
  }
  const points = squares.map((s) => centre(s, state.flip).join(',')).join(' ');
  const arrow = svgNode('polyline', { points, class: 'best-arrow', 'data-move': p.best, fill: 'none',
                                      stroke: '#1f7a3a', 'stroke-width': 6, 'stroke-opacity': 0.75,
                                      'stroke-linecap': 'round', 'marker-end': 'url(#best-arrow-head)',
                                      'pointer-events': 'none' }, svg);
  svgNode('title', {}, arrow).textContent = 'engine: ' + p.best;
}

function summaryText(e) {
  const a = e.analysis;
  if (!a.analysed) return `Stored evaluations: ${e.stored} of ${e.plies + 1} positions.`;
  const side = (s) => `average loss ${s.average_loss.toFixed(2)}, ${s.inaccuracies} ?!, ` +
                      `${s.mistakes} ?, ${s.blunders} ??, ${s.good} !`;
  return `White: ${side(a.summary.white)}. Black: ${side(a.summary.black)}. ` +
         (a.decided_ply ? `Decided at ply ${a.decided_ply}.` : 'Not decided.');
}

function drawEvaluations(g) {
  const box = evalBox();
  box.hidden = !g;
  if (!g) return;
  const e = evalCache.get(g.id);
  if (e === undefined) {
    evalCache.set(g.id, null);
    api('/api/games/' + g.id + '/evaluations').then((answer) => {
      evalCache.set(g.id, answer);
      if (state.game && state.game.id === g.id) drawEvaluations(state.game);
    }).catch((err) => { evalCache.delete(g.id); box.textContent = 'Evaluations: ' + err.message; });
  }
  box.textContent = '';
  if (e && e.stored > 0) {
    const ply = gamePly(g);
    drawGraph(box, g, e, ply);
    markMoves(g, e);
    if (ply >= 0) drawBestArrow(e.positions[ply]);
  }
  const line = document.createElement('div');
  line.className = 'muted eval-summary';
  line.textContent = !e ? '' : e.stored > 0 ? summaryText(e) : 'No stored evaluation of this game.';
  box.appendChild(line);
  if (analysisEngine && e && !e.complete) drawAnalyseButton(box, g);
}

// ---- "Analyse this game" (servers started with --engine) ----

const analysisRuns = new Map();  // game id -> last status text

function drawAnalyseButton(box, g) {
  const b = document.createElement('button');
  b.id = 'analyse-game';
  b.type = 'button';
  b.textContent = 'Analyse this game';
  b.title = `with ${analysisEngine.engine} (${analysisEngine.limit})`;
  const status = document.createElement('span');
  status.id = 'analyse-status';
  status.className = 'muted';
  status.textContent = analysisRuns.get(g.id) || '';
  b.addEventListener('click', () => startAnalysis(g.id, b, status));
  box.append(b, ' ', status);
}

async function startAnalysis(id, button, status) {
  button.disabled = true;
  try {
    const r = await fetch(`/api/games/${id}/analysis`, { method: 'POST' });
    const body = await r.json();
    if (!r.ok) throw new Error(body.error || r.statusText);
    pollAnalysis(id, status);
  } catch (err) {
    button.disabled = false;
    status.textContent = err.message;
    analysisRuns.set(id, err.message);
  }
}

function statusText(s) {
  if (s.state === 'queued') return `waiting for the engine (analysing game #${s.busy_with})…`;
  if (s.state === 'running') return `analysing: ${s.searched} of ${s.positions} positions…`;
  if (s.state === 'failed') return 'failed: ' + s.error;
  return s.state;
}

function pollAnalysis(id, status) {
  fetch(`/api/games/${id}/analysis`).then((r) => r.json()).then((s) => {
    const text = statusText(s);
    analysisRuns.set(id, s.state === 'done' ? '' : text);
    const live = $('analyse-status');
    if (live && state.game && state.game.id === id) live.textContent = text;
    if (s.state === 'queued' || s.state === 'running') return setTimeout(() => pollAnalysis(id, status), 500);
    if (s.state === 'done') {
      evalCache.delete(id);
      if (state.game && state.game.id === id) drawEvaluations(state.game);
    } else if (live) {
      $('analyse-game').disabled = false;
    }
  }).catch((err) => { if (status) status.textContent = err.message; });
}
