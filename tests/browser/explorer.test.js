// Browser test of the explorer page: starts `damdb serve` on a loopback port over a database,
// drives Debian's chromium headless (playwright-core), plays a move from the explorer table,
// checks that the board and the table show the new position's numbers (as the API gives them),
// opens a game from the list, steps forward twice, and saves a screenshot; then builds a pattern
// on the search board, runs it, and opens the first hit at its first ply.
// Usage: node explorer.test.js DAMDB_BINARY DATABASE SCREENSHOT.png
'use strict';
const { spawn } = require('node:child_process');
const { chromium } = require('playwright-core');

const [damdb, database, screenshot] = process.argv.slice(2);
if (!screenshot) {
  console.error('usage: node explorer.test.js DAMDB_BINARY DATABASE SCREENSHOT.png');
  process.exit(2);
}

let server = null;
let browser = null;
const deadline = setTimeout(() => fail(new Error('browser test took longer than 120 s')), 120000);

async function cleanUp() {
  clearTimeout(deadline);
  if (browser) await browser.close().catch(() => {});
  if (server && server.exitCode === null) {
    // A clean stop closes the open connections first; SIGKILL if it takes over 10 s.
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    const forced = setTimeout(() => server.kill('SIGKILL'), 10000);
    await exited;
    clearTimeout(forced);
  }
}

async function fail(error) {
  console.error('browser test FAILED:', error.message);
  await cleanUp();
  process.exit(1);
}

function check(condition, what) {
  if (!condition) throw new Error(what);
  console.log('  ok:', what);
}

/** Starts the server on any free loopback port; resolves with its address. */
function startServer() {
  return new Promise((resolve, reject) => {
    server = spawn(damdb, ['serve', '--db', database, '--host', '127.0.0.1', '--port', '0'],
                   { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    server.stdout.on('data', (chunk) => {
      out += chunk;
      const m = out.match(/(http:\/\/127\.0\.0\.1:\d+\/)/);
      if (m) resolve(m[1]);
    });
    server.once('exit', (code) => reject(new Error('damdb serve exited with ' + code)));
  });
}

/** Occupied squares of a PDN FEN as "square:piece" strings, sorted (w, b men; W, B kings). */
function fenPieces(fen) {
  const out = [];
  for (const part of fen.split(':').slice(1)) {
    const colour = part[0];
    for (let item of part.slice(1).split(',').filter(Boolean)) {
      const king = item[0] === 'K';
      if (king) item = item.slice(1);
      const [a, b] = item.split('-').map(Number);
      for (let s = a; s <= (b || a); s++) out.push(s + ':' + (king ? colour : colour.toLowerCase()));
    }
  }
  return out.sort();
}

async function boardPieces(page) {
  const pieces = await page.$$eval('#board [data-piece]',
      (nodes) => nodes.map((n) => n.dataset.square + ':' + n.dataset.piece));
  return pieces.sort();
}

/** Waits (up to the page's default timeout) until the board shows the pieces of `fen`, then
 *  returns the board's pieces: the page fills its FEN field at once but draws the board when
 *  the position's answers have arrived. */
async function boardPiecesOf(page, fen) {
  const expected = fenPieces(fen).join();
  await page.waitForFunction((want) => [...document.querySelectorAll('#board [data-piece]')]
      .map((n) => n.dataset.square + ':' + n.dataset.piece).sort().join() === want, expected)
    .catch(() => {});
  return boardPieces(page);
}

async function getJson(address, path) {
  const response = await fetch(address + path.replace(/^\//, ''));
  if (!response.ok) throw new Error(path + ': HTTP ' + response.status);
  return response.json();
}

async function main() {
  const address = await startServer();
  console.log('server at', address);
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true,
                                    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  const page = await browser.newPage({ viewport: { width: 1400, height: 950 } });
  page.setDefaultTimeout(15000);
  page.on('pageerror', (e) => fail(new Error('page error: ' + e.message)));
  await page.goto(address);
  await page.waitForSelector('body[data-ready="1"]');
  await page.waitForSelector('#explorer-table tbody tr[data-move]');

  const startFen = await page.inputValue('#fen-input');
  const start = await getJson(address, '/api/explorer?fen=' + encodeURIComponent(startFen));
  check((await boardPiecesOf(page, start.fen)).join() === fenPieces(start.fen).join(),
        'board shows the start position');
  const firstRow = page.locator('#explorer-table tbody tr[data-move]').first();
  const move = await firstRow.getAttribute('data-move');
  const games = Number(await firstRow.getAttribute('data-games'));
  check(move === start.moves[0].move && games === start.moves[0].games,
        `first explorer row is the API's first move (${move}, ${games} games)`);

  await firstRow.click();
  await page.waitForFunction((old) => document.getElementById('fen-input').value !== old, startFen);
  const fen = await page.inputValue('#fen-input');
  const after = await getJson(address, '/api/explorer?fen=' + encodeURIComponent(fen));
  const played = await getJson(address, '/api/explorer?fen=' + encodeURIComponent(startFen) +
                                        '&play=' + encodeURIComponent(move));
  check(after.fen === played.fen, `page FEN is the position after ${move}`);
  await page.waitForFunction((n) => document.getElementById('explorer-summary').textContent
                                 .startsWith(n + ' game'), after.games);
  check(after.games >= games, `table header shows the new position's ${after.games} games`);
  check((await boardPiecesOf(page, after.fen)).join() === fenPieces(after.fen).join(),
        'board shows the new position');
  const rows = await page.$$eval('#explorer-table tbody tr[data-move]',
      (trs) => trs.map((tr) => tr.dataset.move + '=' + tr.dataset.games));
  check(rows.join() === after.moves.map((m) => m.move + '=' + m.games).join(),
        `explorer table lists the new position's ${rows.length} moves with their counts`);

  const gameRow = page.locator('#games-list tbody tr[data-id]').first();
  await gameRow.waitFor();
  const id = await gameRow.getAttribute('data-id');
  await gameRow.click();
  await page.waitForSelector('#game-panel:not([hidden])');
  const game = await getJson(address, '/api/games/' + id);
  await page.waitForFunction(() => /^ply \d+ of/.test(document.getElementById('game-ply').textContent));
  const plyText = () => page.textContent('#game-ply');
  const firstPly = Number((await plyText()).match(/ply (\d+)/)[1]);
  check(firstPly === 1, `game #${id} opens at the ply where it reached the position (${firstPly})`);
  await page.click('#game-forward');
  await page.click('#game-forward');
  check((await plyText()).startsWith(`ply ${firstPly + 2} `), 'two steps forward');
  check((await boardPiecesOf(page, game.fens[firstPly + 2])).join() === fenPieces(game.fens[firstPly + 2]).join(),
        `board shows the game after ply ${firstPly + 2}`);
  await page.screenshot({ path: screenshot });

  // Playing on the board: a king with two capture routes to square 5 gets a choice of routes.
  await page.click('#game-close');
  const kingFen = 'W:WK39:B14,24,34,42,43';
  await page.fill('#fen-input', kingFen);
  await page.click('#fen-form button');
  await page.waitForSelector('#board circle[data-square="39"][data-piece="W"]');
  await page.waitForFunction(() => document.querySelector('#board circle.selectable'));
  await page.click('#board circle[data-square="39"]');
  await page.click('#board rect[data-square="5"]');
  const routes = await page.$$eval('#route-choice:not([hidden]) button', (bs) => bs.map((b) => b.textContent));
  check(routes.join() === '39x30x19x5,39x48x37x5', `two capture routes offered (${routes.join(' ')})`);
  await page.click('#route-choice button:nth-of-type(2)');
  const routed = await getJson(address, '/api/explorer?fen=' + encodeURIComponent(kingFen) +
                                        '&play=39x48x37x5');
  await page.waitForFunction((f) => document.getElementById('fen-input').value === f, routed.fen);
  check((await boardPiecesOf(page, routed.fen)).join() === fenPieces(routed.fen).join(),
        'board shows the position after the chosen route 39x48x37x5');

  // Pattern search: White man on 28 (one click), Black man on 23 (three clicks), White to move.
  await page.click('#nav-search');
  await page.waitForSelector('#view-search:not([hidden])');
  await page.click('#pattern-board [data-square="28"]');
  for (let i = 0; i < 3; i++) await page.click('#pattern-board [data-square="23"]');
  await page.selectOption('#search-form select[name="side"]', 'W');
  const q = await page.inputValue('#search-query');
  check(q === 'must W:W28:B23', `pattern board builds the query (${q})`);
  const hits = await getJson(address, '/api/search?q=' + encodeURIComponent(q) + '&limit=20');
  check(hits.games > 0, `the samples have games with ${q}`);
  await page.click('#search-run');
  await page.waitForSelector('#search-results tbody tr[data-id]');
  const ids = await page.$$eval('#search-results tbody tr[data-id]', (trs) => trs.map((tr) => tr.dataset.id));
  check(ids.join() === hits.results.map((r) => r.id).join(),
        `search lists the API's ${ids.length} hits newest first`);
  await page.click('#search-results tbody tr[data-id]');
  await page.waitForSelector('#game-panel:not([hidden])');
  await page.waitForFunction((p) => document.getElementById('game-ply').textContent.startsWith(`ply ${p} `),
                             hits.results[0].ply);
  const hitGame = await getJson(address, '/api/games/' + hits.results[0].id);
  check((await boardPiecesOf(page, hitGame.fens[hits.results[0].ply])).join() ===
        fenPieces(hitGame.fens[hits.results[0].ply]).join(),
        `game #${hits.results[0].id} opens at the pattern's first ply ${hits.results[0].ply}`);
  console.log('screenshot', screenshot);
  await cleanUp();
  console.log('browser test passed');
}

main().catch(fail);
