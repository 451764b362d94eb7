// damdb explorer page: the board editor (set up a position, start from it or search for it as a
// pattern). Loaded before app.js; uses its state and show(), and search.js's pattern.
'use strict';

function openEditor() {
  const pos = parseFen(state.node.fen);
  state.editor = { pieces: pos.pieces, side: pos.side, tool: 'w' };
  $('editor').hidden = false;
  $('editor-side').value = pos.side;
  drawBoard();
}

function drawEditor() {
  const fen = toFen({ side: state.editor.side, pieces: state.editor.pieces });
  drawPosition($('board'), { fen, flip: state.flip, numbers: state.numbers,
                             onSquare: editSquare });
  $('editor-fen').textContent = fen;
  for (const b of document.querySelectorAll('#editor [data-tool]'))
    b.classList.toggle('active', b.dataset.tool === state.editor.tool);
}

function editSquare(n) {
  const e = state.editor;
  if (e.tool === 'x' || e.pieces[n] === e.tool) delete e.pieces[n];
  else e.pieces[n] = e.tool;
  drawEditor();
}

function closeEditor() {
  state.editor = null;
  $('editor').hidden = true;
  drawBoard();
}

function editorDone() {
  const fen = toFen({ side: state.editor.side, pieces: state.editor.pieces });
  closeEditor();
  show({ ...currentTarget(), start: fen, line: [], ply: 0, game: null });
}

/** The edited position as a pattern: every piece must stand, the side to move given. */
function editorToSearch() {
  const e = state.editor;
  pattern.squares = {};
  const ids = { w: 'mw', W: 'mW', b: 'mb', B: 'mB' };
  for (const [s, p] of Object.entries(e.pieces))
    pattern.squares[s] = PATTERN_STATES.findIndex((x) => x.id === ids[p]);
  $('search-form').side.value = e.side;
  closeEditor();
  drawPatternBoard();
  go({ view: 'search' });
}


function wireEditor() {
  $('edit-open').addEventListener('click', openEditor);
  for (const b of document.querySelectorAll('#editor [data-tool]'))
    b.addEventListener('click', () => { state.editor.tool = b.dataset.tool; drawEditor(); });
  $('editor-side').addEventListener('change', (e) => { state.editor.side = e.target.value; drawEditor(); });
  $('editor-clear').addEventListener('click', () => { state.editor.pieces = {}; drawEditor(); });
  $('editor-initial').addEventListener('click', () => {
    Object.assign(state.editor, parseFen(INITIAL_FEN));
    $('editor-side').value = 'W';
    drawEditor();
  });
  $('editor-done').addEventListener('click', editorDone);
  $('editor-search').addEventListener('click', editorToSearch);
  $('editor-cancel').addEventListener('click', closeEditor);
}
