// damdb explorer page: the players view (the table of /api/stats/players and the results by
// colour of the chosen player). Loaded before app.js; uses its state and api().
'use strict';

async function showPlayers() {
  try {
    state.players = await api('/api/stats/players', { top: 100, ...filterParams() });
  } catch (e) {
    return showFailure(e, showPlayers);
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
  const svg = el('svg', { viewBox: '0 0 720 110', class: 'chart-svg' }, box);
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
