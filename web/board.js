// damdb page: the 10x10 board as SVG (square 1 top left, White at the bottom unless flipped),
// PDN FEN reading and writing, and the squares a move went through. No requests, no state.
'use strict';

const SVG_NS = 'http://www.w3.org/2000/svg';
const SQUARE = 40;
const INITIAL_FEN = 'W:W31-50:B1-20';

/** Board coordinates (column, row, 0..9) of square n (1..50), turned round when `flip`. */
function squareXY(n, flip) {
  const row = Math.floor((n - 1) / 5);
  const col = 2 * ((n - 1) % 5) + (row % 2 === 0 ? 1 : 0);
  return flip ? [9 - col, 9 - row] : [col, row];
}

function centre(n, flip) {
  const [c, r] = squareXY(n, flip);
  return [c * SQUARE + SQUARE / 2, r * SQUARE + SQUARE / 2];
}

/** {side: 'W'|'B', pieces: {square: 'w'|'b'|'W'|'B'}} of a PDN FEN ("W:W31-50:B1-20"); other
 *  fields (lidraughts' ":H0:F1") are ignored. */
function parseFen(fen) {
  const parts = String(fen || '').trim().replace(/^\[FEN\s+"|"\]$/g, '').replace(/\.$/, '')
    .split(':');
  const pos = { side: parts[0].trim().toUpperCase() === 'B' ? 'B' : 'W', pieces: {} };
  for (const raw of parts.slice(1)) {
    const part = raw.trim();
    const colour = part[0] && part[0].toUpperCase();
    if (colour !== 'W' && colour !== 'B') continue;
    for (let item of part.slice(1).split(',')) {
      item = item.trim();
      if (!item) continue;
      const king = item[0] === 'K' || item[0] === 'k';
      if (king) item = item.slice(1);
      const [a, b] = item.split('-').map(Number);
      for (let s = a; s >= 1 && s <= (b || a) && s <= 50; s++)
        pos.pieces[s] = king ? colour : colour.toLowerCase();
    }
  }
  return pos;
}

/** The PDN FEN of {side, pieces}. */
function toFen(pos) {
  const list = (colour) => Object.keys(pos.pieces).map(Number).sort((a, b) => a - b)
    .filter((s) => pos.pieces[s].toUpperCase() === colour)
    .map((s) => (pos.pieces[s] === colour ? 'K' : '') + s).join(',');
  return `${pos.side}:W${list('W')}:B${list('B')}`;
}

/** What a move did, from the positions before and after it: {from, to, captures}; null when
 *  they are not one move apart (a king that went round to its own square keeps from = to). */
function moveBetween(beforeFen, afterFen) {
  if (!beforeFen || !afterFen) return null;
  const a = parseFen(beforeFen), b = parseFen(afterFen);
  const mover = a.side.toLowerCase();
  const mine = (p) => p && p.toLowerCase() === mover;
  let from = null, to = null;
  const captures = [];
  for (let n = 1; n <= 50; n++) {
    if (mine(a.pieces[n]) && !mine(b.pieces[n])) from = n;
    if (!mine(a.pieces[n]) && mine(b.pieces[n])) to = n;
    if (a.pieces[n] && !mine(a.pieces[n]) && !b.pieces[n]) captures.push(n);
  }
  if (from === null && to === null) return null;
  return { from: from || to, to: to || from, captures, path: [from || to, to || from] };
}

function svgNode(name, attrs, parent) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

function drawSquares(svg, flip, onSquare, selectable) {
  for (let r = 0; r < 10; r++)
    for (let c = 0; c < 10; c++)
      if ((r + c) % 2 === 0)
        svgNode('rect', { x: c * SQUARE, y: r * SQUARE, width: SQUARE, height: SQUARE,
                          class: 'sq-light' }, svg);
  for (let n = 1; n <= 50; n++) {
    const [c, r] = squareXY(n, flip);
    const sq = svgNode('rect', { x: c * SQUARE, y: r * SQUARE, width: SQUARE, height: SQUARE,
                                 class: 'sq-dark', 'data-square': n }, svg);
    if (selectable.has(n)) sq.classList.add('selectable');
    if (onSquare) sq.addEventListener('click', () => onSquare(n));
  }
}

function highlight(svg, squares, cls, flip) {
  for (const s of squares) {
    const [c, r] = squareXY(s, flip);
    svgNode('rect', { x: c * SQUARE, y: r * SQUARE, width: SQUARE, height: SQUARE, class: cls },
            svg);
  }
}

/** The route of a move as a line through the centres of its squares. */
function drawPath(svg, move, flip, cls) {
  const path = move.path && move.path.length > 1 ? move.path : [move.from, move.to];
  if (path[0] === path[path.length - 1] && path.length < 3) return;
  const points = path.map((s) => centre(s, flip).join(',')).join(' ');
  svgNode('polyline', { points, class: cls }, svg);
}

function drawPieces(svg, pieces, flip, selectable, onSquare) {
  for (const [s, p] of Object.entries(pieces)) {
    const [x, y] = centre(Number(s), flip);
    const white = p.toLowerCase() === 'w';
    const piece = svgNode('circle', { cx: x, cy: y, r: SQUARE * 0.38, 'data-piece': p,
                                      'data-square': s,
                                      class: 'piece ' + (white ? 'piece-white' : 'piece-black') },
                          svg);
    if (selectable.has(Number(s))) piece.classList.add('selectable');
    if (onSquare) piece.addEventListener('click', () => onSquare(Number(s)));
    if (p === 'W' || p === 'B')
      svgNode('circle', { cx: x, cy: y, r: SQUARE * 0.2,
                          class: 'crown ' + (white ? 'crown-white' : 'crown-black') }, svg);
  }
}

/** Square numbers in the top left corner of each dark square, drawn over the pieces. */
function drawNumbers(svg, flip) {
  for (let n = 1; n <= 50; n++) {
    const [c, r] = squareXY(n, flip);
    const t = svgNode('text', { x: c * SQUARE + 2, y: r * SQUARE + 10, class: 'num' }, svg);
    t.textContent = n;
  }
}

/**
 * Draws a position into `svg` (viewBox 0 0 400 400). opts: fen, flip, numbers, last (the move
 * that led here: {from, to, path, captures}), hover (a move to preview), selected (a square),
 * legal (moves that may be played: {from, to}), onSquare(n) for clicks.
 */
function drawPosition(svg, opts) {
  svg.textContent = '';
  const pos = parseFen(opts.fen);
  const legal = opts.legal || [];
  const targets = opts.selected ? legal.filter((m) => m.from === opts.selected) : [];
  const selectable = new Set(legal.map((m) => m.from).concat(targets.map((m) => m.to)));
  drawSquares(svg, opts.flip, opts.onSquare, selectable);
  const shown = opts.hover || (targets.length ? null : opts.last);
  if (shown) {
    highlight(svg, [shown.from, shown.to], 'from', opts.flip);
    if (!opts.hover) for (const s of shown.captures || []) {
      const [x, y] = centre(s, opts.flip);
      svgNode('circle', { cx: x, cy: y, r: SQUARE * 0.16, class: 'was-taken' }, svg);
    }
  }
  if (opts.selected) highlight(svg, [opts.selected], 'from', opts.flip);
  drawPieces(svg, pos.pieces, opts.flip, new Set(legal.map((m) => m.from)), opts.onSquare);
  if (opts.hover) for (const s of opts.hover.captures || []) {
    const [x, y] = centre(s, opts.flip);
    svgNode('circle', { cx: x, cy: y, r: SQUARE * 0.42, class: 'taken' }, svg);
  }
  if (shown) drawPath(svg, shown, opts.flip, opts.hover ? 'route hover' : 'route');
  for (const m of targets) {
    const [x, y] = centre(m.to, opts.flip);
    svgNode('circle', { cx: x, cy: y, r: SQUARE * 0.14, class: 'mark' }, svg);
  }
  if (opts.numbers) drawNumbers(svg, opts.flip);
  svg.dataset.fen = opts.fen;
}
