// damdb player record panel: every player name the page shows in a table (the White, Black,
// Player and Opponent columns, the White and Black tags of an open game) becomes a link that
// opens the player's record from /api/player over the current view: score overall, by colour,
// by year, head to head, by event with the place in the event's table, the repertoire of the
// first two moves as a tree whose nodes open the explorer with the player filter, the longest
// and shortest games and the spellings merged into the player. Uses app.js (api, $).
'use strict';

const recordPanel = { name: '', ticket: 0 };

/** The panel, made once: a fixed box over the page with a close button. */
function playerPanel() {
  let panel = $('player-record');
  if (panel) return panel;
  const style = document.createElement('style');
  style.textContent =
    '.player-link{color:inherit;text-decoration:underline dotted;cursor:pointer}' +
    '#player-record{position:fixed;inset:3em 5% 2em 5%;overflow:auto;background:#fff;' +
    'border:1px solid #888;box-shadow:0 4px 24px #0004;padding:1em 1.5em;z-index:20}' +
    '#player-record ul.tree{list-style:none;padding-left:1.2em}' +
    '#player-record table{margin-bottom:1em}';
  document.head.appendChild(style);
  panel = document.createElement('section');
  panel.id = 'player-record';
  panel.hidden = true;
  panel.setAttribute('role', 'dialog');
  document.body.appendChild(panel);
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && !panel.hidden) panel.hidden = true;
  });
  return panel;
}

/** An element with text (escaped by the DOM) and optional class. */
function node(tag, text, cls, parent) {
  const e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = String(text);
  if (cls) e.className = cls;
  if (parent) parent.appendChild(e);
  return e;
}

/** A link that opens the record of `name`. */
function playerLink(name) {
  const a = node('a', name, 'player-link');
  a.href = '#';
  a.title = 'record of ' + name;
  a.addEventListener('click', (ev) => {
    ev.preventDefault();
    ev.stopPropagation();
    openPlayer(name);
  });
  return a;
}

function scoreText(t) { return t.score === null ? '–' : t.score.toFixed(1).replace(/\.0$/, '') + '%'; }

/** A table: `head` and rows of cells (text, or a Node). */
function recordTable(parent, head, rows) {
  const table = node('table', null, 'data', parent);
  const tr = node('tr', null, null, node('thead', null, null, table));
  for (const h of head) node('th', h, null, tr);
  const body = node('tbody', null, null, table);
  for (const cells of rows) {
    const row = node('tr', null, null, body);
    for (const c of cells) {
      const td = node('td', null, typeof c === 'number' ? 'num' : null, row);
      if (c instanceof Node) td.appendChild(c); else td.textContent = String(c);
    }
  }
}

const TALLY_HEAD = ['games', '+', '=', '−', 'no result', 'points', 'score'];
function tallyCells(t) { return [t.games, t.wins, t.draws, t.losses, t.unknown, t.points, scoreText(t)]; }

/** The repertoire tree under `n`: each move with its games and a link to the explorer. */
function openingTree(parent, n) {
  if (!n.children.length) return;
  const ul = node('ul', null, 'tree', parent);
  for (const c of n.children) {
    const li = node('li', null, null, ul);
    node('b', c.move, null, li);
    li.appendChild(document.createTextNode(
      ` ${c.games} games, +${c.wins} =${c.draws} −${c.losses}, score ${scoreText(c)} `));
    const a = node('a', 'explore', null, li);
    a.href = '#explorer?line=' + encodeURIComponent(c.explorer.line) +
             '&player=' + encodeURIComponent(c.explorer.player);
    a.addEventListener('click', () => { playerPanel().hidden = true; });
    openingTree(li, c);
  }
}

function gameLink(id) {
  const a = node('a', '#' + id);
  a.href = '#explorer?game=' + id;
  a.addEventListener('click', () => { playerPanel().hidden = true; });
  return a;
}

function drawRecord(panel, r) {
  panel.textContent = '';
  const close = node('button', '×', null, panel);
  close.style.float = 'right';
  close.setAttribute('aria-label', 'close');
  close.addEventListener('click', () => { panel.hidden = true; });
  node('h2', r.name, null, panel);
  node('p', (r.first_date ? `${r.first_date} to ${r.last_date}. ` : '') + r.scoring + '.', 'muted', panel);
  recordTable(panel, [''].concat(TALLY_HEAD), [['overall'].concat(tallyCells(r)),
    ['as White'].concat(tallyCells(r.white)), ['as Black'].concat(tallyCells(r.black))]);
  node('h3', 'By year', null, panel);
  recordTable(panel, ['year'].concat(TALLY_HEAD), r.by_year.map((y) => [y.year].concat(tallyCells(y))));
  node('h3', 'Head to head', null, panel);
  recordTable(panel, ['opponent'].concat(TALLY_HEAD),
              r.opponents.map((o) => [playerLink(o.name)].concat(tallyCells(o))));
  node('h3', 'By event', null, panel);
  recordTable(panel, ['event', 'first', 'last'].concat(TALLY_HEAD, ['place']), r.events.map((e) =>
    [e.name || '?', e.first_date, e.last_date].concat(tallyCells(e),
      [e.place === null ? '–' : `${e.place} of ${e.players}`])));
  for (const [label, tree] of [['White', r.openings.white], ['Black', r.openings.black]]) {
    node('h3', `Repertoire as ${label}: the first two moves (${tree.games} games)`, null, panel);
    openingTree(panel, tree);
  }
  for (const [label, rows] of [['Longest games', r.longest], ['Shortest games', r.shortest]]) {
    node('h3', label, null, panel);
    recordTable(panel, ['game', 'plies', 'White', 'Black', 'event', 'date', 'result'], rows.map((g) =>
      [gameLink(g.id), g.plies, g.white, g.black, g.event, g.date, g.result]));
  }
  node('h3', 'Spellings merged into this player', null, panel);
  const ul = node('ul', null, null, panel);
  for (const s of r.spellings) node('li', `${s.name} (${s.games} games)`, null, ul);
}

/** Opens the record of `name` (the candidates when the name fits several players). */
async function openPlayer(name) {
  const panel = playerPanel();
  const ticket = ++recordPanel.ticket;
  recordPanel.name = name;
  panel.hidden = false;
  panel.textContent = 'Loading the record of ' + name + '…';
  try {
    const r = await api('/api/player', { name });
    if (ticket === recordPanel.ticket) drawRecord(panel, r);
  } catch (e) {
    if (ticket !== recordPanel.ticket) return;
    panel.textContent = e.message;
  }
}

const NAME_COLUMNS = ['White', 'Black', 'Player', 'Opponent'];

/** Turns the name cells of the page's tables into links (once per cell). */
function linkNames() {
  for (const table of document.querySelectorAll('main table')) {
    const heads = table.tHead ? [...table.tHead.rows[0].cells].map((c) => c.textContent.trim()) : [];
    const columns = heads.map((h, i) => (NAME_COLUMNS.includes(h) ? i : -1)).filter((i) => i >= 0);
    for (const row of table.tBodies.length ? table.tBodies[0].rows : [])
      for (const i of columns) linkCell(row.cells[i]);
  }
  for (const row of ($('game-tags') ? $('game-tags').rows : []))
    if (['White', 'Black'].includes(row.cells[0] && row.cells[0].textContent)) linkCell(row.cells[1]);
}

function linkCell(td) {
  if (!td || td.querySelector('a') || td.colSpan > 1) return;
  const name = td.textContent.trim();
  if (!name || name === '?') return;
  td.textContent = '';
  td.appendChild(playerLink(name));
}

new MutationObserver(linkNames).observe(document.body, { childList: true, subtree: true });
