#!/usr/bin/env python3
"""A fake Hub engine for damdb's tests (protocol.txt of Scan 3.1): it plays the protocol with
deterministic answers computed from the position, and can be told to misbehave.

Answers, for a position P with side to move S:
  legal moves   its own International draughts move generator (FMJD: men step forward, capture
                forward and backward, flying kings, the majority capture rule, a piece jumped
                once), sorted by (start square, end square, captured squares ascending);
  score         (men + 3 kings of S) - (men + 3 kings of the other side) + the pieces S's
                captures take (0 without capture) + 0.01 x legal moves, printed with two
                decimals, from S's view as the protocol says;
  best move     the first legal move in that order;
  PV            the best move, then the first legal move of each following position (3 plies
                at most, fewer when a position has no move).
  depth         `level depth=N`: N info lines, depth 1..N; nodes or move-time: depth 5.

--modes (comma list): quoted (every value quoted, an id name with spaces), chatter (extra lines
before `wait` and `ready` and during searches), reorder (info fields pv first), missing (info
lines without score, depth or pv but the last), unordered (captured squares descending),
fromto (a capture written start-end when that names one move), bare-done (`done` without a
move), slow-stop (ignores the budget, answers 0.2 s after `stop`), crlf (CRLF line ends),
win (material ahead by 2+: 99.xx, by 1: 89.xx, xx = legal moves, capped at 99).
--on POS --do hang|exit|garbage|refuse|badmove|flood: misbehaves on the position POS (51
characters); flood writes info lines without end and never `done`, whatever it is sent.
--log FILE: appends one JSON line per search: pos, moves, score (as printed), depth, best, pv.
"""
import json
import sys
import time

ARGS = sys.argv[1:]


def option(name, default=""):
    return ARGS[ARGS.index(name) + 1] if name in ARGS else default


MODES = set(filter(None, option("--modes").split(",")))
TRIGGER, ACTION, LOG = option("--on"), option("--do"), option("--log")
END = "\r\n" if "crlf" in MODES else "\n"


def say(line):
    sys.stdout.write(line + END)
    sys.stdout.flush()


def rc(square):
    row = (square - 1) // 5
    return row, 2 * ((square - 1) % 5) + (1 if row % 2 == 0 else 0)


def square_at(row, col):
    if not (0 <= row < 10 and 0 <= col < 10) or (row + col) % 2 == 0:
        return 0
    return row * 5 + col // 2 + 1


DIRECTIONS = [(-1, -1), (-1, 1), (1, -1), (1, 1)]


def parse_pos(text):
    board = {}
    for i, c in enumerate(text[1:51], start=1):
        if c != "e":
            board[i] = c
    return board, "w" if text[0] == "W" else "b"


def own(piece, side):
    return piece is not None and piece.lower() == side


def captures_from(board, side, start, square, king, taken, found):
    """Depth-first capture search; appends (start, end, frozenset taken)."""
    row, col = rc(square)
    extended = False
    for dr, dc in DIRECTIONS:
        r, c = row + dr, col + dc
        if king:
            while square_at(r, c) and square_at(r, c) not in board:
                r, c = r + dr, c + dc
        victim = square_at(r, c)
        if not victim or victim in taken or own(board.get(victim), side) or victim not in board:
            continue
        r, c = r + dr, c + dc
        while square_at(r, c) and square_at(r, c) not in board:
            extended = True
            captures_from(board, side, start, square_at(r, c), king, taken | {victim}, found)
            if not king:
                break
            r, c = r + dr, c + dc
    if not extended and taken:
        found.append((start, square, frozenset(taken)))


def legal_moves(board, side):
    found = []
    for square, piece in list(board.items()):
        if own(piece, side):
            del board[square]
            captures_from(board, side, square, square, piece.isupper(), frozenset(), found)
            board[square] = piece
    if found:
        most = max(len(t) for _, _, t in found)
        moves = {(f, t, tuple(sorted(c))) for f, t, c in found if len(c) == most}
        return sorted(moves)
    moves = []
    forward = -1 if side == "w" else 1
    for square, piece in board.items():
        if not own(piece, side):
            continue
        row, col = rc(square)
        for dr, dc in DIRECTIONS:
            if not piece.isupper() and dr != forward:
                continue
            r, c = row + dr, col + dc
            while square_at(r, c) and square_at(r, c) not in board:
                moves.append((square, square_at(r, c), ()))
                if not piece.isupper():
                    break
                r, c = r + dr, c + dc
    return sorted(moves)


def play(board, side, move):
    board = dict(board)
    start, end, taken = move
    piece = board.pop(start)
    for t in taken:
        del board[t]
    row = rc(end)[0]
    if (side == "w" and row == 0) or (side == "b" and row == 9):
        piece = piece.upper()
    board[end] = piece
    return board, "b" if side == "w" else "w"


def write_move(move, legal):
    start, end, taken = move
    if not taken:
        return "%d-%d" % (start, end)
    if "fromto" in MODES and sum(1 for m in legal if m[0] == start and m[1] == end) == 1:
        return "%d-%d" % (start, end)
    order = sorted(taken, reverse="unordered" in MODES)
    return "x".join(str(s) for s in [start, end] + order)


def material(board, side):
    value = 0
    for piece in board.values():
        worth = 3 if piece.isupper() else 1
        value += worth if own(piece, side) else -worth
    return value


def score_text(board, side, legal):
    diff = material(board, side)
    if "win" in MODES and abs(diff) >= 1:
        whole = 99 if abs(diff) >= 2 else 89
        return "%s%d.%02d" % ("-" if diff < 0 else "", whole, min(99, len(legal)))
    return "%.2f" % (diff + len(legal[0][2]) + 0.01 * len(legal))


def pv_of(board, side):
    pv = []
    for _ in range(3):
        legal = legal_moves(board, side)
        if not legal:
            break
        pv.append(write_move(legal[0], legal))
        board, side = play(board, side, legal[0])
    return pv


def value(v):
    return '"%s"' % v if "quoted" in MODES or " " in v or v == "" else v


def info_line(depth, score, pv, last):
    fields = [("depth", str(depth)), ("mean-depth", "%.1f" % depth), ("score", score),
              ("nodes", str(1000 * depth)), ("time", "0.001"), ("nps", "1.0"), ("pv", " ".join(pv))]
    if "reorder" in MODES:
        fields.reverse()
    if "missing" in MODES and not last:
        fields = [f for f in fields if f[0] not in ("score", "pv")] if depth % 2 else fields[2:3]
    return "info " + " ".join("%s=%s" % (k, value(v) if k != "pv" else '"%s"' % v) for k, v in fields)


def wait_for_stop():
    for line in sys.stdin:
        if line.split() and line.split()[0] == "stop":
            return
        if line.split() and line.split()[0] == "quit":
            sys.exit(0)


def misbehave(legal):
    if ACTION == "hang":
        time.sleep(3600)
    if ACTION == "exit":
        say("info depth=1 score=0.00")
        sys.exit(3)
    if ACTION == "garbage":
        say("info depth=1 score=abc")
        say("done move=%s" % write_move(legal[0], legal))
    if ACTION == "refuse":
        say('error message="position refused"')
    if ACTION == "flood":
        while True:
            say("info depth=1 score=0.00")
    if ACTION == "badmove":
        say("info depth=1 score=0.00")
        say("done move=1-2")


def search(state):
    board, side, level = state["board"], state["side"], state["level"]
    legal = legal_moves(board, side)
    if state["pos"] == TRIGGER:
        return misbehave(legal)
    depth = int(level.get("depth", 5))
    score, pv = score_text(board, side, legal), pv_of(board, side)
    if "slow-stop" in MODES:
        wait_for_stop()
        time.sleep(0.2)
    for d in range(1, depth + 1):
        if "chatter" in MODES:
            say("info string searching depth %d" % d)
        say(info_line(d, score, pv, d == depth))
    best = write_move(legal[0], legal)
    if LOG:  # before `done`: damdb may end the engine as soon as it has the answer
        with open(LOG, "a") as log:
            log.write(json.dumps({"pos": state["pos"], "moves": state["moves"], "score": score,
                                  "depth": depth, "best": best, "pv": pv}) + "\n")
    say("done" if "bare-done" in MODES else "done move=%s ponder=%s" % (best, pv[1] if len(pv) > 1 else ""))


def pairs(line):
    """name=value pairs of a Hub line (quoted values may hold spaces)."""
    result, i, words = {}, 0, line.strip()
    while i < len(words):
        while i < len(words) and words[i] == " ":
            i += 1
        j = i
        while j < len(words) and words[j] not in " =":
            j += 1
        name, v = words[i:j], ""
        if j < len(words) and words[j] == "=":
            if words[j + 1:j + 2] == '"':
                k = words.index('"', j + 2)
                v, j = words[j + 2:k], k + 1
            else:
                k = j + 1
                while k < len(words) and words[k] != " ":
                    k += 1
                v, j = words[j + 1:k], k
        result[name] = v
        i = j
    return result


def set_position(state, args):
    board, side = parse_pos(args["pos"])
    for text in args.get("moves", "").split():
        start, end = (int(s) for s in text.split("-"))
        move = next(m for m in legal_moves(board, side) if m[0] == start and m[1] == end)
        board, side = play(board, side, move)
    state.update(board=board, side=side, moves=args.get("moves", ""),
                 pos=("W" if side == "w" else "B") + "".join(board.get(s, "e") for s in range(1, 51)))


def main():
    state = {"level": {}}
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        command, args = words[0], pairs(line[len(words[0]):].strip())
        if command == "hub":
            if "chatter" in MODES:
                say("this engine talks before it waits")
            say("id name=%s version=%s" % (value("Fake Hub Engine" if "quoted" in MODES else "fake"), value("1.0")))
            say("param name=variant value=normal type=enum values=\"normal\"")
            say("wait")
        elif command == "init":
            if "chatter" in MODES:
                say("loading nothing")
                say("info string ready soon")
            say("ready")
        elif command == "pos":
            set_position(state, args)
        elif command == "level":
            state["level"] = args
        elif command == "go":
            search(state)
        elif command == "ping":
            say("pong")
        elif command == "quit":
            return


if __name__ == "__main__":
    main()
