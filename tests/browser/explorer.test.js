// Browser test of the page: starts `damdb serve` on a loopback port over a database and drives
// Debian's chromium headless (playwright-core) at 1280x800 and at 390x844. At each size: the
// board and the explorer table show the API's position after a move played from the table; the
// URL holds the state, and Back, Forward and reload restore it; opening a game from the list is
// one request; the longest game opened at its last ply leaves no horizontal overflow; the
// same piece chosen twice is put down; square numbers are drawn over the pieces; games without
// a result are their own segment; the colour-reversed switch applies at once; a pasted PDN game
// and a lidraughts FEN open; the pattern board shows its squares; a king's two capture routes are
// offered; a pattern search opens its first hit; the players view lists the API's players and
// draws the clicked one's chart; and a server stopped mid-session gives a
// visible message with a retry, the board and the line left as they were (the retry works once
// the server is back). Screenshots of each state go to SCREENSHOT_FOLDER.
// Usage: node explorer.test.js DAMDB_BINARY DATABASE SCREENSHOT_FOLDER
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { chromium } = require('playwright-core');

const [damdb, database, shots] = process.argv.slice(2);
if (!shots) {
  console.error('usage: node explorer.test.js DAMDB_BINARY DATABASE SCREENSHOT_FOLDER');
  process.exit(2);
}
fs.mkdirSync(shots, { recursive: true });

let server = null;
let browser = null;
const deadline = setTimeout(() => fail(new Error('browser test took longer than 240 s')), 240000);

async function stopServer() {
  if (!server || server.exitCode !== null) return;
  // A clean stop closes the open connections first; SIGKILL if it takes over 10 s.
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  const forced = setTimeout(() => server.kill('SIGKILL'), 10000);
  await exited;
  clearTimeout(forced);
}

async function cleanUp() {
  clearTimeout(deadline);
  if (browser) await browser.close().catch(() => {});
  await stopServer();
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

/** Starts the server on `port` (0: any free one); resolves with its address. */
function startServer(port = 0) {
  return new Promise((resolve, reject) => {
    server = spawn(damdb, ['serve', '--db', database, '--host', '127.0.0.1', '--port', String(port)],
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
    if (colour !== 'W' && colour !== 'B') continue;
    for (let item of part.slice(1).split(',').filter(Boolean)) {
      const king = item[0] === 'K';
      if (king) item = item.slice(1);
      const [a, b] = item.split('-').map(Number);
      for (let s = a; s <= (b || a); s++) out.push(s + ':' + (king ? colour : colour.toLowerCase()));
    }
  }
  return out.sort().join();
}

async function boardPieces(page) {
  return (await page.$$eval('#board [data-piece]',
      (nodes) => nodes.map((n) => n.dataset.square + ':' + n.dataset.piece))).sort().join();
}

/** Waits until the board shows the pieces of `fen`; true when it does. */
async function boardShows(page, fen) {
  const want = fenPieces(fen);
  await page.waitForFunction((w) => [...document.querySelectorAll('#board [data-piece]')]
      .map((n) => n.dataset.square + ':' + n.dataset.piece).sort().join() === w, want)
    .catch(() => {});
  return (await boardPieces(page)) === want;
}

let address = '';
async function getJson(p) {
  const response = await fetch(address + p.replace(/^\//, ''));
  if (!response.ok) throw new Error(p + ': HTTP ' + response.status);
  return response.json();
}

const lineText = (page) => page.$$eval('#line .mv', (s) => s.map((x) => x.textContent).join(' '));
const hashOf = (page) => page.evaluate(() => location.hash);
const ready = (page) => page.waitForFunction(() => document.body.dataset.ready === '1' &&
                                                   !document.body.dataset.busy);

async function noOverflow(page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

async function playFirstRow(page) {
  const row = page.locator('#explorer-table tbody tr[data-move]').first();
  const move = await row.getAttribute('data-move');
  const before = await page.getAttribute('#board', 'data-fen');
  await row.click();
  await page.waitForFunction((b) => document.getElementById('board').dataset.fen !== b, before);
  await ready(page);
  return move;
}

async function explorerAndHistory(page, tag) {
  const start = await getJson('/api/explorer');
  check(await boardShows(page, start.fen), `${tag}: board shows the start position`);
  const rows = await page.$$eval('#explorer-table tbody tr[data-move]',
      (trs) => trs.map((tr) => tr.dataset.move + '=' + tr.dataset.games));
  check(rows.join() === start.moves.map((m) => m.move + '=' + m.games).join(),
        `${tag}: explorer table lists the API's ${rows.length} moves with their counts`);
  const played = [];
  const fens = [start.fen];
  const hashes = [await hashOf(page)];
  for (let i = 0; i < 3; i++) {
    played.push(await playFirstRow(page));
    const a = await getJson('/api/explorer?play=' + encodeURIComponent(played.join(',')));
    check(await boardShows(page, a.fen), `${tag}: board shows the position after ${played.join(' ')}`);
    await page.waitForFunction((n) => document.getElementById('explorer-summary').textContent
                                   .startsWith(n + ' game'), a.games);
    fens.push(a.fen);
    hashes.push(await hashOf(page));
  }
  check(hashes[3].includes('line=' + played.map(encodeURIComponent).join('+')),
        `${tag}: the URL holds the line (${hashes[3]})`);
  await page.screenshot({ path: path.join(shots, `${tag}-1-three-moves.png`), fullPage: true });
  await page.goBack();
  check(await boardShows(page, fens[2]) && (await hashOf(page)) === hashes[2],
        `${tag}: Back shows the position before the last move`);
  await page.goBack();
  check(await boardShows(page, fens[1]), `${tag}: Back again shows the position after one move`);
  await page.goForward();
  check(await boardShows(page, fens[2]) && (await hashOf(page)) === hashes[2],
        `${tag}: Forward shows the position after two moves`);
  const line = await lineText(page);
  await page.reload();
  await ready(page);
  check(await boardShows(page, fens[2]) && (await lineText(page)) === line &&
        (await hashOf(page)) === hashes[2],
        `${tag}: reload restores the board, the line (${line}) and the URL`);
  return { played, fens };
}

async function oneRequestGame(page, tag) {
  const gameRow = page.locator('#games-list tbody tr[data-id]').first();
  const id = await gameRow.getAttribute('data-id');
  const ply = Number((await gameRow.locator('td').last().textContent()).replace(/\D/g, ''));
  const requests = [];
  const listen = (r) => { if (r.url().includes('/api/')) requests.push(r.url()); };
  page.on('request', listen);
  await gameRow.locator('td').first().click();  // not a player's name, which opens the player's record
  await page.waitForSelector('#game-panel:not([hidden])');
  await ready(page);
  await page.waitForTimeout(300);  // a late request would be counted
  page.off('request', listen);
  // The game is one request; its novelty mark (web/novelty.js) asks once more, for the novelty only.
  const novelty = requests.filter((u) => u.includes('/api/games/' + id + '/novelty'));
  const gameRequests = requests.filter((u) => !novelty.includes(u));
  check(gameRequests.length === 1 && gameRequests[0].endsWith('/api/games/' + id) && novelty.length <= 1,
        `${tag}: opening game #${id} is one request and at most one for its novelty (${requests.map((u) => u.replace(address, '/')).join(' ')})`);
  const game = await getJson('/api/games/' + id);
  check(await boardShows(page, game.fens[ply]), `${tag}: game #${id} opens at ply ${ply}`);
  check((await page.textContent('#game-ply')).startsWith(`ply ${ply} of ${game.plies}`),
        `${tag}: the game panel says ply ${ply} of ${game.plies}`);
  await page.keyboard.press('ArrowRight');
  await ready(page);
  check(await boardShows(page, game.fens[ply + 1]), `${tag}: the right arrow steps through the game`);
  check((await page.getAttribute('#board', 'data-fen')) ===
        (await getJson('/api/explorer?fen=' + encodeURIComponent(game.fens[ply + 1]))).fen,
        `${tag}: the explorer beside the game is at its ply`);
  await page.screenshot({ path: path.join(shots, `${tag}-2-game-open.png`), fullPage: true });
}

async function longestGame(page, tag) {
  const longest = (await getJson('/api/stats/results?longest=1')).longest[0];
  await page.goto(address + `#explorer?game=${longest.id}&ply=${longest.plies}`);
  await ready(page);
  const game = await getJson('/api/games/' + longest.id);
  check(await boardShows(page, game.fens[longest.plies]),
        `${tag}: a link opens the longest game #${longest.id} at its last ply ${longest.plies}`);
  check(await noOverflow(page), `${tag}: no horizontal overflow with ${longest.plies} plies shown`);
  await page.screenshot({ path: path.join(shots, `${tag}-3-longest-game.png`), fullPage: true });
}

/** The event table of an open game (web/event.js): the NK 2003 round robin of 14 players; a
 *  crosstable cell opens its game in the viewer. */
async function eventTable(page, tag) {
  const first = (await getJson('/api/games?event=' + encodeURIComponent('NK 2003') + '&limit=1')).results[0];
  await page.goto(address + `#explorer?game=${first.id}`);
  await ready(page);
  await page.click('#game-event');
  await page.waitForSelector('#event-dialog[open] .event-game');
  const rows = await page.$$eval('#event-dialog table:first-of-type tbody tr', (r) => r.length);
  const link = page.locator('#event-dialog .event-cross .event-game').last();
  const id = await link.getAttribute('data-id');
  await page.screenshot({ path: path.join(shots, `${tag}-3b-event-table.png`), fullPage: true });
  await link.click();
  await page.waitForFunction((i) => document.getElementById('game-title').textContent.startsWith(`#${i} `), id);
  check(rows === 14 && !(await page.isVisible('#event-dialog')),
        `${tag}: the event table lists 14 players and its cell opens game #${id}`);
}

/** The players view (web/players_chart.js): its table lists the API's players in order, and a
 *  click on a row draws that player's results by colour. */
async function playersView(page, tag) {
  const answer = await getJson('/api/stats/players?top=100');
  await page.goto(address + '#players');
  await ready(page);
  await page.waitForSelector('#players-table tbody tr');
  const names = await page.$$eval('#players-table tbody tr', (r) => r.map((tr) => tr.cells[0].textContent));
  check(names.join('|') === answer.rows.map((p) => p.name).join('|'),
        `${tag}: the players view lists the ${answer.rows.length} players of the API in order`);
  const chosen = answer.rows[1];
  await page.locator('#players-table tbody tr').nth(1).locator('td').nth(1).click();
  const title = await page.textContent('#player-chart svg text');
  check(title.startsWith(chosen.name + ':') &&
        (await page.textContent('#player-chart')).includes(`${chosen.white.games} games`),
        `${tag}: a click on a row draws ${chosen.name}'s results by colour`);
}

async function boardDetails(page, tag) {
  await page.goto(address + '#explorer');
  await ready(page);
  const requests = [];
  const listen = (r) => { if (r.url().includes('/api/')) requests.push(r.url()); };
  page.on('request', listen);
  const line = await lineText(page);
  await page.click('#board circle[data-square="32"]');
  check(await page.locator('#board .mark').count() === 2, `${tag}: choosing 32 shows its 2 targets`);
  await page.click('#board circle[data-square="32"]');
  page.off('request', listen);
  check(await page.locator('#board .mark').count() === 0 && requests.length === 0 &&
        (await lineText(page)) === line && await boardShows(page, 'W:W31-50:B1-20'), `${tag}: choosing 32 again puts it down, nothing played`);
  await page.check('#numbers');
  const order = await page.evaluate(() => {
    const svg = document.getElementById('board');
    const kids = [...svg.children];
    const piece = kids.indexOf(svg.querySelector('circle[data-square="31"]'));
    const num = kids.findIndex((k) => k.tagName === 'text' && k.textContent === '31');
    return { piece, num, fill: num >= 0 ? getComputedStyle(kids[num]).fill : '' };
  });
  check(order.num > order.piece && order.fill === 'rgb(255, 255, 255)',
        `${tag}: square numbers are drawn over the pieces (31: piece ${order.piece}, number ${order.num})`);
  const start = await getJson('/api/explorer');
  const withUnknown = start.moves.findIndex((m) => m.unknown > 0);
  if (withUnknown >= 0) {
    const seg = await page.$$eval('#explorer-table tbody tr[data-move]',
        (trs, i) => { const u = trs[i].querySelector('.bar .u'); return u ? Number(u.dataset.count) : 0; },
        withUnknown);
    check(seg === start.moves[withUnknown].unknown,
          `${tag}: ${seg} games without a result are their own segment of ${start.moves[withUnknown].move}'s bar`);
  }
  await page.screenshot({ path: path.join(shots, `${tag}-4-numbers.png`), fullPage: true });
  await page.uncheck('#numbers');
  await page.check('#filters input[name="mirror"]');
  await page.waitForFunction(() => location.hash.includes('mirror=1'));
  await ready(page);
  check(await page.isVisible('#mirror-note') &&
        /counted in this position's colours/.test(await page.textContent('#mirror-note')),
        `${tag}: the colour-reversed switch applies at once and says whose colours count`);
  await page.uncheck('#filters input[name="mirror"]');
  await page.waitForFunction(() => !location.hash.includes('mirror=1'));
  await ready(page);
}

async function pasteAndRoutes(page, tag) {
  const pdn = await (await fetch(address + 'api/games/1.pdn')).text();
  const game = await getJson('/api/games/1');
  await page.click('#paste-open');
  await page.fill('#paste-input', pdn);
  await page.click('#paste-go');
  await ready(page);
  check(await boardShows(page, game.fens[game.plies]) &&
        (await page.$$eval('#line .mv', (s) => s.length)) === game.plies,
        `${tag}: a pasted PDN game opens at its end (${game.plies} plies in the line)`);
  await page.screenshot({ path: path.join(shots, `${tag}-5-pasted-pdn.png`), fullPage: true });
  const kingFen = 'W:WK39:B14,24,34,42,43:H0:F12';
  await page.click('#paste-open');
  await page.fill('#paste-input', kingFen);
  await page.click('#paste-go');
  await ready(page);
  check(await boardShows(page, 'W:WK39:B14,24,34,42,43'), `${tag}: a lidraughts FEN (${kingFen}) opens`);
  await page.click('#board circle[data-square="39"]');
  await page.click('#board rect[data-square="5"]');
  const routes = await page.$$eval('#route-choice:not([hidden]) button', (bs) => bs.map((b) => b.textContent));
  check(routes.join() === '39x30x19x5,39x48x37x5', `${tag}: two capture routes offered (${routes.join(' ')})`);
  await page.click('#route-choice button:nth-of-type(2)');
  await ready(page);
  const routed = await getJson('/api/explorer?fen=W:WK39:B14,24,34,42,43&play=39x48x37x5');
  check(await boardShows(page, routed.fen), `${tag}: the chosen route 39x48x37x5 is played`);
  check(await page.locator('#board polyline.route').count() === 1 &&
        await page.locator('#board .was-taken').count() === 3,
        `${tag}: the last move's route and its 3 captures (43, 42, 14) are drawn`);
  await page.screenshot({ path: path.join(shots, `${tag}-6-capture-route.png`), fullPage: true });
}

async function patternSearch(page, tag) {
  await page.click('#nav-search');
  await page.waitForSelector('#view-search:not([hidden])');
  const fills = await page.evaluate(() => {
    const f = (sel) => getComputedStyle(document.querySelector(sel)).fill;
    return [f('#pattern-board rect.sq-light'), f('#pattern-board [data-square="28"] rect'),
            f('#pattern-board [data-square="1"] rect')];
  });
  check(fills.join(' ') === 'rgb(240, 220, 180) rgb(168, 117, 74) rgb(168, 117, 74)',
        `${tag}: the pattern board shows light and dark squares (${fills.join(' ')})`);
  await page.click('#pattern-board [data-square="28"]');
  for (let i = 0; i < 3; i++) await page.click('#pattern-board [data-square="23"]');
  await page.selectOption('#search-form select[name="side"]', 'W');
  const q = await page.inputValue('#search-query');
  check(q === 'must W:W28:B23', `${tag}: the pattern board builds the query (${q})`);
  await page.screenshot({ path: path.join(shots, `${tag}-7-pattern-board.png`), fullPage: true });
  const hits = await getJson('/api/search?q=' + encodeURIComponent(q) + '&limit=20');
  await page.click('#search-run');
  await page.waitForSelector('#search-results tbody tr[data-id]');
  const ids = await page.$$eval('#search-results tbody tr[data-id]', (trs) => trs.map((tr) => tr.dataset.id));
  check(ids.join() === hits.results.map((r) => r.id).join(), `${tag}: search lists the API's ${ids.length} hits`);
  await page.click('#search-results tbody tr[data-id] td:first-child');  // not a player's name
  await page.waitForSelector('#game-panel:not([hidden])');
  await ready(page);
  const hitGame = await getJson('/api/games/' + hits.results[0].id);
  check(await boardShows(page, hitGame.fens[hits.results[0].ply]),
        `${tag}: game #${hits.results[0].id} opens at the pattern's first ply ${hits.results[0].ply}`);
}

async function analysisBoard(page, tag) {
  await page.goto(address + '#explorer');
  await ready(page);
  await page.click('#paste-open');
  await page.fill('#paste-input', '1. 32-28 17-22');  // a new tree
  await page.click('#paste-go');
  await ready(page);
  await page.waitForFunction(() => document.querySelectorAll('#line .mv').length === 2);
  await page.click('#line .mv:nth-of-type(1)');  // 18-23: the position after it
  await ready(page);
  await page.locator('#explorer-table tbody tr[data-move]', { hasNotText: '17-22' }).first().click();
  await ready(page);
  check(await page.locator('#line .variation').count() === 1,
        `${tag}: a move where another was played starts a variation (${await lineText(page)})`);
  const branch = await hashOf(page);
  await page.click('#line-promote');
  await ready(page);
  const promoted = await page.$$eval('#line > .mv', (s) => s.map((x) => x.textContent));
  check(promoted.length === 2 && !promoted[1].includes('17-22') && (await hashOf(page)) === branch,
        `${tag}: Promote makes the variation the main line (${promoted.join(' ')})`);
  await page.click('#line-delete');
  await ready(page);
  check(await page.locator('#line .mv').count() === 2 && await page.locator('#line .variation').count() === 0,
        `${tag}: Delete removes the move (line ${await lineText(page)})`);
  await page.keyboard.press('Home');
  await ready(page);
  check(await boardShows(page, 'W:W31-50:B1-20'), `${tag}: Home goes to the start`);
  await page.keyboard.press('End');
  await ready(page);
  const end = await getJson('/api/explorer?play=32-28,17-22');
  check(await boardShows(page, end.fen), `${tag}: End goes to the end of the line`);
  await page.keyboard.press('ArrowDown');
  const first = await page.locator('#explorer-table tbody tr.focus').getAttribute('data-move');
  await page.keyboard.press('Enter');
  await ready(page);
  check((await hashOf(page)).includes('17-22+' + first), `${tag}: Down and Enter play ${first}`);
  await page.click('#copy-pdn');
  check((await page.inputValue('#copy-out')) === `1. 32-28 17-22 2. ${first}`,
        `${tag}: Copy PDN gives the line (${await page.inputValue('#copy-out')})`);
  await page.click('#copy-fen');
  check((await page.inputValue('#copy-out')) === await page.getAttribute('#board', 'data-fen'),
        `${tag}: Copy FEN gives the position`);
  await page.click('#edit-open');
  await page.click('#editor-clear');
  await page.click('#editor [data-tool="W"]');
  await page.click('#board rect[data-square="28"]');
  await page.click('#editor [data-tool="b"]');
  await page.click('#board rect[data-square="19"]');
  await page.selectOption('#editor-side', 'B');
  check((await page.textContent('#editor-fen')) === 'B:WK28:B19', `${tag}: the editor sets up B:WK28:B19`);
  await page.screenshot({ path: path.join(shots, `${tag}-9-editor.png`), fullPage: true });
  await page.click('#editor-done');
  await ready(page);
  check(await boardShows(page, 'B:WK28:B19') && (await hashOf(page)).includes('fen=B%3AWK28%3AB19'),
        `${tag}: the edited position goes to the explorer and the URL`);
  await page.click('#edit-open');
  await page.click('#editor-search');
  await page.waitForSelector('#view-search:not([hidden])');
  check((await page.inputValue('#search-query')) === 'must B:WK28:B19',
        `${tag}: the edited position goes to the pattern search`);
}

async function serverStops(page, tag, port) {
  await page.goto(address + '#explorer?line=32-28');
  await ready(page);
  const fen = await page.getAttribute('#board', 'data-fen');
  const line = await lineText(page);
  const hash = await hashOf(page);
  const move = await page.locator('#explorer-table tbody tr[data-move]').first().getAttribute('data-move');
  const after = await getJson('/api/explorer?play=32-28,' + move);
  await stopServer();
  await page.locator('#explorer-table tbody tr[data-move]').first().click();
  await page.waitForSelector('#failure:not([hidden])');
  check(/not reachable/.test(await page.textContent('#failure-text')) &&
        await page.isVisible('#failure-retry'),
        `${tag}: with the server stopped a move says so, with a retry`);
  check((await page.getAttribute('#board', 'data-fen')) === fen && await boardShows(page, fen) &&
        (await lineText(page)) === line && (await hashOf(page)) === hash,
        `${tag}: the board, the line and the URL are as they were`);
  await page.screenshot({ path: path.join(shots, `${tag}-8-server-stopped.png`), fullPage: true });
  await startServer(port);
  await page.click('#failure-retry');
  await page.waitForSelector('#failure', { state: 'hidden' });
  await ready(page);
  check(await boardShows(page, after.fen) && (await hashOf(page)).includes('32-28+' + move),
        `${tag}: Retry plays ${move} once the server is back`);
}

async function session(viewport, tag) {
  address = await startServer();
  const port = Number(address.match(/:(\d+)\//)[1]);
  console.log(`${tag}: server at ${address}`);
  const page = await browser.newPage({ viewport });
  page.setDefaultTimeout(15000);
  page.on('pageerror', (e) => fail(new Error(`${tag}: page error: ${e.message}`)));
  await page.goto(address);
  await ready(page);
  await page.waitForSelector('#explorer-table tbody tr[data-move]');
  check(await noOverflow(page), `${tag}: no horizontal overflow at the start`);
  await page.screenshot({ path: path.join(shots, `${tag}-0-start.png`), fullPage: true });
  await explorerAndHistory(page, tag);
  await oneRequestGame(page, tag);
  await longestGame(page, tag);
  await eventTable(page, tag);
  await boardDetails(page, tag);
  await pasteAndRoutes(page, tag);
  await patternSearch(page, tag);
  await analysisBoard(page, tag);
  await playersView(page, tag);
  await serverStops(page, tag, port);
  await page.close();
  await stopServer();
}

async function main() {
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true,
                                    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  await session({ width: 1280, height: 800 }, 'wide');
  await session({ width: 390, height: 844 }, 'phone');
  console.log('screenshots in', shots);
  await cleanUp();
  console.log('browser test passed');
}

main().catch(fail);
