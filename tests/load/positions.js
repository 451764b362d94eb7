// Writes a wrk Lua script that asks /api/explorer at random positions of the served database:
// positions of randomly chosen stored games at a random ply of their first 40 (where an
// explorer is used; most have several games). Also measures how long a new client waits while
// 200 idle keep-alive connections are open. With --warm, asks each explorer path once (the
// server keeps the answers: the measurement is then of answers already computed).
// Usage: node positions.js ADDRESS COUNT OUT.lua [--warm]
'use strict';
const http = require('node:http');

const [address, countText, out, warmFlag] = process.argv.slice(2);
const warm = warmFlag === '--warm';
const count = Number(countText);

function get(path, agent) {
  return new Promise((resolve, reject) => {
    const req = http.get(address + path.replace(/^\//, ''), { agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => { body += c; });
      res.on('end', () => (res.statusCode === 200 ? resolve(body) : reject(new Error(path + ' ' + res.statusCode))));
    });
    req.on('error', reject);
    req.setTimeout(10000, () => req.destroy(new Error(path + ': timeout')));
  });
}

/** Deterministic random numbers (the same positions on every run). */
let seed = 20261201;
function random() {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
}

async function positions() {
  const total = JSON.parse(await get('/api/info')).games;
  const paths = [];
  while (paths.length < count) {
    const list = JSON.parse(await get(`/api/games?limit=1&offset=${Math.floor(random() * total)}`));
    const game = JSON.parse(await get('/api/games/' + list.results[0].id));
    const ply = Math.floor(random() * Math.min(game.fens.length, 40));
    const path = '/api/explorer?fen=' + encodeURIComponent(game.fens[ply]);
    if (warm) await get(path);
    paths.push(path);
  }
  return paths;
}

async function idleClients() {
  const agents = [];
  for (let i = 0; i < 200; i++) {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    await get('/api/info', agent);
    agents.push(agent);
  }
  const t0 = process.hrtime.bigint();
  await get('/api/explorer', new http.Agent({ keepAlive: false }));
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  for (const a of agents) a.destroy();
  return ms;
}

async function main() {
  const paths = await positions();
  const lua = 'local paths = {\n' + paths.map((p) => `  "${p}",`).join('\n') + '\n}\n' +
      'math.randomseed(os.time())\n' +
      'request = function()\n  return wrk.format("GET", paths[math.random(#paths)])\nend\n';
  require('node:fs').writeFileSync(out, lua);
  console.log(`${paths.length} random positions written to ${out}`);
  const ms = await idleClients();
  console.log(`new client with 200 idle keep-alive connections open: answered in ${ms.toFixed(1)} ms` +
              ` (goal < 100 ms)`);
}

main().catch((e) => { console.error(e.message); process.exit(1); });
