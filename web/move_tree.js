// damdb explorer page: the move tree of the analysis board. A node is {move, fen, last, parent,
// children}; children[0] is the main line. Loaded before app.js, which keeps the tree in its state.
'use strict';

function newNode(move, parent) { return { move, fen: null, last: null, parent, children: [] }; }

function pathOf(node) {
  const moves = [];
  for (let n = node; n.parent; n = n.parent) moves.unshift(n.move);
  return moves;
}

function plyOf(node) { return pathOf(node).length; }

/** The node reached by `moves` from the root, adding the missing ones (as the last branch). */
function nodeAt(root, moves) {
  let node = root;
  for (const move of moves) {
    let child = node.children.find((c) => c.move === move);
    if (!child) { child = newNode(move, node); node.children.push(child); }
    node = child;
  }
  return node;
}

/** The tree under `node` as plain data, for a history entry (its variations come back with
 *  Back, Forward and reload; a bookmark keeps the line only). */
function treeData(node) {
  return { m: node.move, f: node.fen, l: node.last, c: node.children.map(treeData) };
}

function treeFrom(data, parent) {
  const node = newNode(data.m, parent);
  node.fen = data.f;
  node.last = data.l;
  node.children = data.c.map((d) => treeFrom(d, node));
  return node;
}

/** The line through `node`: its path, then the main continuation after it. */
function lineThrough(node) {
  const moves = pathOf(node);
  for (let n = node.children[0]; n; n = n.children[0]) moves.push(n.move);
  return moves;
}
