// damdb event table (a dialog over the page): the table of the event of the open game, from
// /api/event (`damdb event --json`): standings with points and tie-breaks, a match's running
// score, the crosstable whose every game opens in the game viewer, the rounds when the games name
// them, and the checks an arbiter reads before trusting the table. Reached from the "Event
// table" link beside an open game. Uses app.js ($, api, openGame, showFailure, state).
'use strict';

const eventView = { name: '' };

/** The dialog, made once: a title, a close button and the body the table is drawn into. */
function eventDialog() {
  let dialog = $('event-dialog');
  if (dialog) return dialog;
  const style = document.createElement('style');  // the dialog's own rules, beside style.css
  style.textContent =
      '.event-dialog { max-width: min(96vw, 1200px); max-height: 90vh; overflow: auto; }\n' +
      '.event-dialog table.event-cross td { white-space: nowrap; }\n' +
      '.event-dialog td.self { background: var(--muted, #999); opacity: .25; }\n' +
      '.event-game { text-decoration: none; }\n';
  document.head.appendChild(style);
  dialog = document.createElement('dialog');
  dialog.id = 'event-dialog';
  dialog.className = 'event-dialog';
  dialog.innerHTML = '<div class="game-head"><h2 id="event-title"></h2>' +
                     '<button type="button" id="event-close">Close</button></div>' +
                     '<div id="event-body"></div>';
  document.body.appendChild(dialog);
  $('event-close').addEventListener('click', () => dialog.close());
  return dialog;
}

/** A table element with a header row `heads` and one row per entry of `rows` (cells: text or
 *  nodes; a cell given as [value, 'num'] gets that class). */
function eventTable(heads, rows, cls) {
  const table = document.createElement('table');
  table.className = 'data compact ' + (cls || '');
  const head = table.createTHead().insertRow();
  for (const h of heads) {
    const th = document.createElement('th');
    th.textContent = h;
    head.appendChild(th);
  }
  const body = table.createTBody();
  for (const row of rows) {
    const tr = body.insertRow();
    for (const c of row) {
      const [value, kind] = Array.isArray(c) ? c : [c, ''];
      cell(tr, value instanceof Node ? value : String(value), kind);
    }
  }
  return table;
}

/** A link showing `text` that opens game `id` in the game viewer (the dialog closes). */
function eventGameLink(id, text, title) {
  const a = document.createElement('a');
  a.href = '#';
  a.className = 'event-game';
  a.dataset.id = id;
  a.title = title || `game ${id}`;
  a.textContent = text;
  a.addEventListener('click', (e) => {
    e.preventDefault();
    eventDialog().close();
    openGame(id);
  });
  return a;
}

/** The games of one crosstable cell: "2 #17" each, a link opening game 17 in the viewer. */
function eventGames(games, prefix) {
  const span = document.createElement('span');
  games.forEach((g, i) => {
    if (i) span.appendChild(document.createElement('br'));
    span.appendChild(eventGameLink(g.id, `${prefix || ''}${g.points === null ? '*' : g.points} #${g.id}`,
                                   `game ${g.id}` + (g.round ? `, round ${g.round}` : '') +
                                   (g.white ? ', White' : ', Black')));
  });
  return span;
}

function eventStandings(t) {
  return eventTable(['Place', 'Player', 'Games', '+', '=', '−', 'No result', 'Points', 'SB',
                     'Resistance'],
                    t.standings.map((s) => [s.place, s.name, [s.games, 'num'], [s.wins, 'num'],
                                            [s.draws, 'num'], [s.losses, 'num'],
                                            [s.unknown, 'num'], [s.points, 'num'],
                                            [s.sonneborn_berger, 'num'], [s.resistance, 'num']]));
}

/** Player against player, in the order of the standings. */
function eventCrosstable(t) {
  const order = t.standings.map((s) => s.player);
  return eventTable(['#', 'Player', ...order.map((_, j) => String(j + 1))],
                    order.map((row, i) => [i + 1, t.players[row].name, ...order.map((col) =>
                      (col === row ? ['', 'self'] : eventGames(t.crosstable[row][col])))]),
                    'event-cross');
}

/** Round by round: the opponent's line in the standings, w or b, the points and the game. */
function eventRounds(t) {
  const order = t.standings.map((s) => s.player);
  const line = {};
  order.forEach((p, i) => { line[p] = i + 1; });
  return eventTable(['#', 'Player', ...t.rounds], order.map((row, i) => [i + 1,
    t.players[row].name, ...t.rounds.map((round) => {
      const games = [];
      t.crosstable[row].forEach((cellGames, o) => {
        for (const g of cellGames) if (g.round === round) games.push([g, o]);
      });
      if (!games.length) return '-';
      const span = document.createElement('span');
      games.forEach(([g, o], k) => {
        if (k) span.appendChild(document.createElement('br'));
        span.appendChild(eventGames([g], `${line[o]}${g.white ? 'w' : 'b'} `));
      });
      return span;
    })]), 'event-cross');
}

function eventRunning(t) {
  return eventTable(['Game', 'Round', 'White', 'Result', 'Score'],
                    t.running.map((s) => [eventGameLink(s.id, `#${s.id}`), s.round,
                                          t.players[s.white].name, s.result,
                                          `${s.score[0]}-${s.score[1]}`]));
}

/** The checks, each a line (the same as `damdb event` prints). */
function eventChecks(t) {
  const ids = (list) => list.join(', ');
  const name = (p) => t.players[p].name;
  const lines = [];
  if (t.without_result.length) lines.push('games without a result (not counted): ' + ids(t.without_result));
  if (t.contradicted.length) lines.push('results the final position contradicts: ' + ids(t.contradicted));
  if (t.result_mismatch.length)
    lines.push('Result tag and movetext result disagree (the movetext\'s counted): ' + ids(t.result_mismatch));
  if (t.left_out.length)
    lines.push('games left out, one player on both sides (unnamed players are one): ' + ids(t.left_out));
  for (const p of t.repeated_pairs)
    lines.push(`met more often than most pairs: ${name(p.players[0])} - ${name(p.players[1])}: games ${ids(p.games)}`);
  for (const m of t.missing) lines.push(`no game in round ${m.round}: ${name(m.player)}`);
  for (const p of t.players)
    if (p.spellings.length > 1)
      lines.push(`spellings merged into ${p.name}: ` + p.spellings.map((s) => `"${s}"`).join(', '));
  const ul = document.createElement('ul');
  ul.id = 'event-checks';
  for (const l of lines.length ? lines : ['none']) {
    const li = document.createElement('li');
    li.textContent = l;
    ul.appendChild(li);
  }
  return ul;
}

function heading(text) {
  const h = document.createElement('h3');
  h.textContent = text;
  return h;
}

function drawEventTable(t) {
  $('event-title').textContent = t.event.join(' / ');
  const body = $('event-body');
  body.textContent = '';
  const p = document.createElement('p');
  p.className = 'muted';
  p.textContent = `${t.games} games, ${t.players.length} players, ${t.points} points ` +
                  `(${t.scoring}); places by points, then wins, then Sonneborn-Berger (SB); ` +
                  'resistance: the opponents\' points.';
  body.append(p, heading('Standings'), eventStandings(t));
  if (t.match) body.append(heading('Running score'), eventRunning(t));
  body.append(heading('Crosstable'), eventCrosstable(t));
  if (t.rounds.length) body.append(heading('Rounds'), eventRounds(t));
  body.append(heading('Checks'), eventChecks(t));
}

/** The events a name matches when it matches several: each a button showing its table. */
function drawEventChoice(error) {
  $('event-title').textContent = 'Which event?';
  const body = $('event-body');
  body.textContent = error.message;
  for (const spellings of error.candidates || []) {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = spellings[0];
    b.addEventListener('click', () => showEvent(spellings[0]));
    body.appendChild(document.createElement('br'));
    body.appendChild(b);
  }
}

/** Opens the dialog on the table of the event `name` names. */
async function showEvent(name) {
  eventView.name = name;
  const dialog = eventDialog();
  let t;
  try {
    const response = await fetch('/api/event' + query({ name }));
    t = await response.json();
    if (!response.ok) {
      const error = new Error(t.error || response.statusText);
      error.candidates = t.candidates;
      if (!t.candidates) throw error;
      drawEventChoice(error);
      if (!dialog.open) dialog.showModal();
      return;
    }
  } catch (e) {
    return showFailure(e, () => showEvent(name));
  }
  if (name !== eventView.name) return;  // a later request is on its way
  drawEventTable(t);
  if (!dialog.open) dialog.showModal();
}

/** The "Event table" link beside the open game: shown when the game names its event. */
function drawEventLink(game) {
  let a = $('game-event');
  if (!a) {
    a = document.createElement('a');
    a.id = 'game-event';
    a.className = 'button';
    a.href = '#';
    a.textContent = 'Event table';
    a.addEventListener('click', (e) => {
      e.preventDefault();
      if (state.game) showEvent(state.game.event);
    });
    $('game-pdn').after(a);
  }
  a.hidden = !game || !game.event || game.event === '?';
}
