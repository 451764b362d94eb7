// damdb explorer page: editing the line shown (promote, delete), copying it as PDN or FEN and
// pasting a FEN, PDN game or line. Loaded before app.js; uses its state and show().
'use strict';

function promote() {
  const n = state.node;
  if (!n.parent) return;
  const siblings = n.parent.children;
  siblings.splice(siblings.indexOf(n), 1);
  siblings.unshift(n);
  go({}, false);
}

function deleteNode() {
  const n = state.node;
  if (!n.parent) return;
  const parent = n.parent;
  parent.children.splice(parent.children.indexOf(n), 1);
  goToNode(parent);
}

/** The path to the node shown as PDN movetext ("1. 32-28 18-23 2. 37-32"). */
function linePdn() {
  const moves = pathOf(state.node);
  const white = parseFen(state.start).side === 'W';
  const out = [];
  moves.forEach((m, i) => {
    const p = i + (white ? 0 : 1);
    if (p % 2 === 0) out.push(`${p / 2 + 1}. ${m}`);
    else out.push(i === 0 ? `${(p + 1) / 2}... ${m}` : m);
  });
  const tags = state.start === INITIAL_FEN ? '' : `[FEN "${state.start}"]\n`;
  return tags + out.join(' ');
}

function copyText(text, what) {
  const out = $('copy-out');
  out.value = text;
  out.hidden = false;
  out.select();
  const done = () => { $('copy-note').textContent = `${what} copied.`; };
  if (navigator.clipboard && window.isSecureContext)
    navigator.clipboard.writeText(text).then(done, () => { $('copy-note').textContent = `${what}: select and copy it.`; });
  else $('copy-note').textContent = `${what}: selected above, copy it (Ctrl+C).`;
}

/** A pasted FEN (PDN's or lidraughts') or PDN game or line: {start, moves}. */
function readPasted(text) {
  const t = text.trim();
  const fenTag = /\[FEN\s+"([^"]*)"\]/i.exec(t);
  if (/^[WB]:[WBH]/i.test(t) || /^[WB]:$/i.test(t)) return { start: t, moves: [] };
  let body = t.replace(/\[[^\]]*\]/g, ' ')          // tags
    .replace(/\{[^}]*\}/g, ' ').replace(/;[^\n]*/g, ' ');  // comments
  for (let before = ''; before !== body;) { before = body; body = body.replace(/\([^()]*\)/g, ' '); }
  const moves = body.split(/\s+/).map((w) => w.replace(/^\d+\.+/, '').replace(/[!?]+$/, ''))
    .filter((w) => w && !/^(1-0|0-1|2-0|0-2|1-1|0-0|\*|1\/2-1\/2)$/.test(w) && /\d/.test(w));
  return { start: fenTag ? fenTag[1] : INITIAL_FEN, moves };
}

async function paste() {
  const { start, moves } = readPasted($('paste-input').value);
  if (!moves.length && start === INITIAL_FEN) return;
  try {  // the start position as the server writes it (it checks it, and the moves)
    const a = await api('/api/explorer', { fen: start, games: 0, top: 0, moves: 1 });
    if (moves.length) await api('/api/moves', { fen: a.fen, play: moves.join(' ') });
    $('paste-error').textContent = '';
    $('paste-box').hidden = true;
    const from = canonicalStart(a.fen);  // a new tree: the pasted game or line alone
    await show({ ...currentTarget(), view: 'explorer', start: from, line: moves,
                 ply: moves.length, game: null },
               true, { start: from, root: { m: null, f: a.fen, l: null, c: [] } });
  } catch (e) {
    if (e instanceof ApiError) $('paste-error').textContent = e.message;
    else showFailure(e, paste);
  }
}
