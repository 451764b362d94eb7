#!/usr/bin/env python3
"""Attacks a live `damdb serve` the way a hostile client would, scaled down to seconds, and
checks that it holds. Run by ctest (tests/CMakeLists.txt); standard library only; traffic only to
127.0.0.1 (the clients also bind other loopback addresses, 127.0.0.2..4, to be other clients).

  python3 tests/server_attack.py --damdb build/cli/damdb --samples samples

Imports samples/wk2003.pdn into a temporary database, serves it on a free port with the default
limits (README, "The explorer page and the HTTP API": a request within 5 s of its first byte,
request line and headers at most 32 KB and 100 lines, 64 connections per client address) and:
  ranges      a Range header of 530 ranges (1.6 KB) on an API answer and on the page: the whole
              answer once, 200, as without the header (the server once multiplied it);
  slowloris   50 connections sending one byte a second: each is closed within the deadline, and
              meanwhile every normal request from another address is answered;
  headers     many header lines -> 431; three connections sending 48 MB of 8 KB headers each:
              cut off long before the end, and the server's memory (VmRSS) grows < 64 MB;
  per-client  64 connections of one address held open: the 65th is refused (429) at once while
              another address is served.
Exit status 0 when every check holds, 1 otherwise (each failure is printed).
"""
import argparse
import os
import re
import select
import socket
import subprocess
import sys
import tempfile
import threading
import time

FAILURES = []
DEADLINE = 5.0  # the server's default read timeout: a whole request within it
PER_CLIENT = 64  # the server's default connections per client address


def check(condition, message):
    print(("ok    " if condition else "FAIL  ") + message, flush=True)
    if not condition:
        FAILURES.append(message)


def connect(port, source="127.0.0.1", timeout=5.0):
    return socket.create_connection(("127.0.0.1", port), timeout=timeout,
                                    source_address=(source, 0))


def read_all(sock):
    """Everything the server sends until it closes (a reset ends it too)."""
    data = b""
    try:
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                break
            data += chunk
    except (ConnectionResetError, socket.timeout):
        pass
    return data


def get(port, target, headers=(), source="127.0.0.1", timeout=3.0):
    """(status, body) of GET target with Connection: close; (0, b"") when not answered."""
    try:
        with connect(port, source, timeout) as s:
            head = "GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n" % target
            head += "".join("%s: %s\r\n" % h for h in headers) + "\r\n"
            s.sendall(head.encode())
            answer = read_all(s)
    except OSError:
        return 0, b""
    m = re.match(rb"HTTP/1\.1 (\d+) [^\r]*\r\n(.*?)\r\n\r\n", answer, re.S)
    if not m:
        return 0, b""
    return int(m.group(1)), answer[m.end():]


def vm_rss_kb(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def start_server(damdb, folder, samples):
    db = os.path.join(folder, "db")
    subprocess.run([damdb, "import", "--db", db, os.path.join(samples, "wk2003.pdn")],
                   check=True, stdout=subprocess.DEVNULL)
    server = subprocess.Popen([damdb, "serve", "--db", db, "--host", "127.0.0.1", "--port", "0"],
                              stdout=subprocess.PIPE, text=True)
    ready, _, _ = select.select([server.stdout], [], [], 30)
    line = server.stdout.readline() if ready else ""
    m = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
    if not m:
        server.kill()
        sys.exit("server_attack: the server did not start: " + line)
    return server, int(m.group(1))


def attack_ranges(port):
    ranges = "bytes=" + ",".join(["0-"] * 530)
    for target in ("/api/info", "/"):
        status, plain = get(port, target)
        ranged_status, ranged = get(port, target, [("Range", ranges)])
        check(status == 200 and len(plain) > 0,
              "ranges: %s answered (%d bytes)" % (target, len(plain)))
        check(ranged_status == 200 and ranged == plain,
              "ranges: %s with %d bytes of Range: status %d, %d bytes (whole answer: %d)"
              % (target, len(ranges), ranged_status, len(ranged), len(plain)))


def attack_slowloris(port, count=50):
    slow = []
    for _ in range(count):
        s = connect(port, "127.0.0.2")
        s.sendall(b"GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        slow.append([s, time.monotonic(), None])
    normal_ok, normal_asked = 0, 0
    end = time.monotonic() + DEADLINE + 4
    while time.monotonic() < end and any(c[2] is None for c in slow):
        for c in slow:
            if c[2] is not None:
                continue
            try:
                c[0].send(b"x")  # one byte a second: the per-read timeout of 5 s never expires
                readable, _, _ = select.select([c[0]], [], [], 0)
                if readable and not c[0].recv(65536, socket.MSG_PEEK):
                    c[2] = time.monotonic() - c[1]
                elif readable:
                    c[2] = time.monotonic() - c[1]  # an answer (408): the server ends it
            except OSError:
                c[2] = time.monotonic() - c[1]
        normal_asked += 1
        normal_ok += get(port, "/api/info", timeout=4.0)[0] == 200
        time.sleep(1.0)
    closed = [c[2] for c in slow if c[2] is not None]
    check(len(closed) == count,
          "slowloris: %d of %d slow connections closed by the server (deadline %.0f s), the last "
          "after %.1f s" % (len(closed), count, DEADLINE, max(closed) if closed else -1))
    check(not closed or max(closed) < DEADLINE + 3,
          "slowloris: every slow connection closed within the deadline + 3 s")
    check(normal_asked > 0 and normal_ok == normal_asked,
          "slowloris: %d of %d normal requests answered meanwhile" % (normal_ok, normal_asked))
    for c in slow:
        c[0].close()


def send_headers(port, size, count, result, index):
    """Sends a request line then `count` headers of `size` bytes; records the bytes sent."""
    sent = 0
    try:
        with connect(port, "127.0.0.4", timeout=5.0) as s:
            s.sendall(b"GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            line = b"a" * (size - 2) + b"\r\n"
            for i in range(count):
                s.sendall(b"X-%06d: " % i + line[10:])
                sent += size
    except OSError:
        pass
    result[index] = sent


def attack_headers(pid, port):
    lines = "".join("X-%d: 1\r\n" % i for i in range(1000))
    with connect(port, "127.0.0.4") as s:
        s.sendall(("GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\n" + lines + "\r\n").encode())
        answer = read_all(s)
    check(answer.startswith(b"HTTP/1.1 431"),
          "headers: 1,000 header lines -> %r" % answer[:40])
    before = vm_rss_kb(pid)
    size, count = 8 * 1024, 6000  # 48 MB a connection
    sent = [0, 0, 0]
    threads = [threading.Thread(target=send_headers, args=(port, size, count, sent, i))
               for i in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    after = vm_rss_kb(pid)
    check(all(n < size * count for n in sent),
          "headers: 3 connections of %d headers of 8 KB cut off after %s bytes"
          % (count, ", ".join(str(n) for n in sent)))
    check(after - before < 64 * 1024,
          "headers: server VmRSS %d -> %d kB (growth bound 65536 kB)" % (before, after))


def attack_per_client(port):
    held = []
    for _ in range(PER_CLIENT):
        s = connect(port, "127.0.0.3")
        s.sendall(b"GET /api/info HTTP/1.1\r\n")  # unfinished: held until the deadline
        held.append(s)
    time.sleep(0.3)  # the server admits them
    with connect(port, "127.0.0.3") as extra:
        extra.settimeout(2.0)
        answer = read_all(extra)
    check(answer.startswith(b"HTTP/1.1 429"),
          "per-client: connection %d of one address -> %r" % (PER_CLIENT + 1, answer[:40]))
    status, _ = get(port, "/api/info", timeout=4.0)
    check(status == 200, "per-client: another address served meanwhile (status %d)" % status)
    for s in held:
        s.close()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--damdb", required=True)
    parser.add_argument("--samples", required=True)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="damdb-attack-") as folder:
        server, port = start_server(args.damdb, folder, args.samples)
        try:
            attack_ranges(port)
            attack_slowloris(port)
            attack_headers(server.pid, port)
            attack_per_client(port)
            check(get(port, "/api/info")[0] == 200 and server.poll() is None,
                  "the server still answers after the attacks")
        finally:
            server.terminate()
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                server.kill()
                FAILURES.append("the server did not stop within 20 s of SIGTERM")
    print("server_attack: %d failure(s)" % len(FAILURES))
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
