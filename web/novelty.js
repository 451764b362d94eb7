// The novelty of the open game (GET /api/games/ID/novelty): its move marked in the move list
// and a line in the game panel naming the ply, the earlier games that reached the position
// before it (the newest ones clickable) and games of unknown order. Uses app.js (state, api,
// $, openGame); app.js calls drawNovelty(game) after drawing the game panel.
'use strict';

const noveltyCache = new Map();  // game id -> answer, or null while asked

/** The box under the game's title, made on first use. */
function noveltyBox() {
  let box = $('game-novelty');
  if (!box) {
    box = document.createElement('div');
    box.id = 'game-novelty';
    box.className = 'novelty';
    $('game-ply').parentNode.after(box);
  }
  return box;
}

/** Marks the move span of ply `ply` of the main line when the line shown is the game's. */
function markNoveltyMove(g, ply) {
  let node = state.root;
  for (let i = 0; i < ply; i++) {
    if (!node.children.length || node.children[0].move !== g.moves[i]) return;
    node = node.children[0];
  }
  const spans = [...$('line').children].filter((s) => s.classList.contains('mv'));
  const span = spans[ply - 1];
  if (!span) return;
  span.classList.add('novelty');
  span.style.outline = '2px solid #d07000';
  span.title = 'novelty: no earlier game reached the position after this move';
}

function noveltyText(n) {
  if (!n.novelty) return 'No novelty: every position of this game was reached by an earlier game.';
  if (n.novelty.ply === 0) return 'Novelty: the start position (no earlier game reached it).';
  let text = `Novelty: ply ${n.novelty.ply}, ${n.novelty.move}.`;
  if (n.novelty.unknown_order)
    text += ` ${n.novelty.unknown_order} game(s) of unknown date reached it too.`;
  if (n.novelty.same_day) text += ` ${n.novelty.same_day} game(s) of the same day reached it.`;
  return text;
}

function drawNovelty(g) {
  const box = noveltyBox();
  box.hidden = !g;
  if (!g) return;
  const n = noveltyCache.get(g.id);
  if (!n) {
    box.textContent = 'Novelty: …';
    if (n === undefined) {
      noveltyCache.set(g.id, null);
      api('/api/games/' + g.id + '/novelty', { limit: 5 }).then((answer) => {
        noveltyCache.set(g.id, answer);
        if (state.game && state.game.id === g.id) drawNovelty(state.game);
      }).catch((e) => {
        noveltyCache.delete(g.id);
        box.textContent = 'Novelty: ' + e.message;
      });
    }
    return;
  }
  box.textContent = noveltyText(n);
  if (n.novelty && n.novelty.ply > 0) markNoveltyMove(g, n.novelty.ply);
  if (!n.known || !n.known.predecessors) return;
  const list = document.createElement('div');
  list.className = 'muted';
  list.append(`Before it: ${n.known.predecessors} earlier game(s) reached ply ${n.known.ply}; newest: `);
  n.known.games.forEach((p, i) => {
    const a = document.createElement('a');
    a.href = '#';
    a.textContent = `#${p.id} ${p.white} – ${p.black} ${p.date}` + (p.mirrored ? ' (colour-reversed)' : '');
    a.addEventListener('click', (ev) => { ev.preventDefault(); openGame(p.id, p.ply); });
    list.append(i ? ', ' : '', a);
  });
  box.appendChild(list);
}
