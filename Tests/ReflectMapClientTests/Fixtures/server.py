#!/usr/bin/env python3
"""A loopback HTTP server for ReflectMapClient's tests (Python standard library only).

Listens on 127.0.0.1 on a free port, prints the port on the first line of stdout, and exits when its
stdin closes (that is, when the test process that started it goes away).
"""
import zlib
import json
import os
import re
import select
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit, parse_qs

lock = threading.Lock()
changed = threading.Condition(lock)
counts = {}
active = {}
peak = {}

# The longest any request waits on the server: a test's wait for a condition ends within it.
LONGEST_WAIT = 25.0


def bump(key):
    with lock:
        counts[key] = counts.get(key, 0) + 1
        changed.notify_all()
        return counts[key]


def wait_for_count(key, target):
    """Waits until counts[key] reaches target, or LONGEST_WAIT passes; returns the count then."""
    deadline = time.monotonic() + LONGEST_WAIT
    with lock:
        while counts.get(key, 0) < target:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                break
            changed.wait(remaining)
        return counts.get(key, 0)


def pattern(size):
    """The download fixture's bytes: byte i is i % 251."""
    block = bytes(i % 251 for i in range(251 * 261))
    return (block * (size // len(block) + 1))[:size]


def parse_multipart(body, content_type):
    """A small multipart/form-data parser (the cgi module is gone from newer Pythons)."""
    match = re.search(r'boundary=("?)([^";]+)\1', content_type or "")
    if not match:
        return None
    delimiter = b"--" + match.group(2).encode()
    parts = []
    sections = body.split(delimiter)
    for section in sections[1:]:
        if section.startswith(b"--"):
            break
        section = section[2:] if section.startswith(b"\r\n") else section
        head, _, content = section.partition(b"\r\n\r\n")
        if content.endswith(b"\r\n"):
            content = content[:-2]
        headers = {}
        for line in head.decode("utf-8", "replace").split("\r\n"):
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
        disposition = headers.get("content-disposition", "")
        name = re.search(r'(?:^|;)\s*name="([^"]*)"', disposition)
        filename = re.search(r'filename="([^"]*)"', disposition)
        parts.append({
            "name": name.group(1) if name else "",
            "fileName": filename.group(1) if filename else None,
            "contentType": headers.get("content-type"),
            "size": len(content),
            "crc32": zlib.crc32(content),
            "text": content.decode("utf-8", "replace") if len(content) <= 256 else "",
        })
    return parts


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def start_chunked(self, content_type, status=200):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()

    def chunk(self, data):
        self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
        self.wfile.flush()

    def end_chunks(self):
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()

    def drop_connection(self):
        """Stops midway: closes the socket without ending the chunked body."""
        self.close_connection = True
        self.wfile.flush()
        self.connection.shutdown(socket.SHUT_RDWR)

    def client_gone(self, timeout):
        """Waits up to timeout seconds; True once the client has closed its end of the connection."""
        readable, _, _ = select.select([self.connection], [], [], timeout)
        if not readable:
            return False
        try:
            return self.connection.recv(1, socket.MSG_PEEK) == b""
        except OSError:
            return True

    def handle_stream(self, name, parts):
        if name == "ndjson":
            count, delay = int(parts[1]), float(parts[2]) / 1000
            self.start_chunked("application/x-ndjson")
            for i in range(count):
                line = json.dumps({"index": i, "text": "line %d" % i}) + ("\r\n" if i % 2 else "\n")
                self.chunk(line.encode())
                time.sleep(delay)
            self.end_chunks()
        elif name == "ndjson-lockstep":
            # /ndjson-lockstep/<key>/<count>: line i+1 is sent only once the client has acknowledged line i
            # with /ack/<key>/<i>, so the lines can only all arrive if each is delivered as it is sent. An
            # acknowledgement that does not come within 60 s ends the stream with index -1.
            key, count = parts[1], int(parts[2])
            self.start_chunked("application/x-ndjson")
            for i in range(count):
                self.chunk((json.dumps({"index": i, "text": "line %d" % i}) + "\n").encode())
                if i == count - 1:
                    break
                deadline = time.time() + 60
                while counts.get("ack-%s-%d" % (key, i), 0) == 0 and time.time() < deadline:
                    time.sleep(0.005)
                if counts.get("ack-%s-%d" % (key, i), 0) == 0:
                    self.chunk((json.dumps({"index": -1, "text": "no acknowledgement of %d" % i}) + "\n").encode())
                    break
            self.end_chunks()
        elif name == "array-lockstep":
            # /array-lockstep/<key>/<count>[/envelope]: a JSON array (in {"data": {"items": …}} with
            # /envelope) whose element i+1 is sent only once /ack/<key>/<i> has come, as ndjson-lockstep.
            key, count = parts[1], int(parts[2])
            envelope = len(parts) > 3 and parts[3] == "envelope"
            self.start_chunked("application/json")
            self.chunk(b'{"meta": {"n": [1, "]"]}, "data": {"items": [' if envelope else b"[")
            for i in range(count):
                self.chunk(((", " if i else "") + json.dumps({"index": i, "text": "element %d" % i})).encode())
                if i == count - 1:
                    break
                deadline = time.time() + 60
                while counts.get("ack-%s-%d" % (key, i), 0) == 0 and time.time() < deadline:
                    time.sleep(0.005)
                if counts.get("ack-%s-%d" % (key, i), 0) == 0:
                    self.chunk((", " + json.dumps({"index": -1, "text": "no acknowledgement of %d" % i})).encode())
                    break
            self.chunk(b"]}, \"total\": %d}" % count if envelope else b"]")
            self.end_chunks()
        elif name == "array-bad":
            # An array whose third element does not map, then malformed JSON.
            self.start_chunked("application/json")
            self.chunk(b'[{"index": 0, "text": "a"}, {"index": 1, "text": "b"}, {"index": "two"}, {"index": 3,,}]')
            self.end_chunks()
        elif name == "ack":
            bump("ack-%s-%s" % (parts[1], parts[2]))
            self.send(200, {"ok": True})
        elif name == "ndjson-split":
            # One message split across chunks, then two in one chunk, the last without a newline.
            self.start_chunked("application/x-ndjson")
            self.chunk(b'{"index": 0, "te')
            time.sleep(0.05)
            self.chunk(b'xt": "split"}\n\n{"index": 1, "text": "a"}\n{"index": 2, "text": "b"}')
            self.end_chunks()
        elif name == "ndjson-malformed":
            self.start_chunked("application/x-ndjson")
            self.chunk(b'{"index": 0, "text": "ok"}\n')
            self.chunk(b'{"index": "not a number", "text": "bad"}\n')
            self.chunk(b'{"index": 2, "text": "never seen"}\n')
            self.end_chunks()
        elif name == "ndjson-wrong-kind":
            self.start_chunked("application/x-ndjson")
            self.chunk(b'{"index": 0, "text": "ok"}\n"a line that is no object"\n{"index": 2, "text": "after"}\n')
            self.end_chunks()
        elif name == "ndjson-broken":
            self.start_chunked("application/x-ndjson")
            for i in range(int(parts[1])):
                self.chunk((json.dumps({"index": i, "text": "x"}) + "\n").encode())
            time.sleep(0.05)
            self.drop_connection()
        elif name == "ndjson-forever":
            key = parts[1]
            bump("opened-" + key)
            self.start_chunked("application/x-ndjson")
            i = 0
            try:
                while i < 2000:
                    self.chunk((json.dumps({"index": i, "text": "tick"}) + "\n").encode())
                    i += 1
                    time.sleep(0.02)
                self.end_chunks()
            except OSError:
                bump("closed-" + key)
                self.close_connection = True
        elif name == "ndjson-big":
            # /ndjson-big/<key>/<count>: <count> lines of about 1 KiB, as fast as the client reads them;
            # sent-<key> counts the lines written so far, so a test can tell how far the client has read,
            # and held-<key> becomes 1 once a write has waited half a second for the client to read.
            key, count = parts[1], int(parts[2])
            self.start_chunked("application/x-ndjson")
            padding = "x" * 1000
            held = False
            try:
                for i in range(count):
                    started = time.monotonic()
                    self.chunk((json.dumps({"index": i, "text": padding}) + "\n").encode())
                    if not held and time.monotonic() - started > 0.5:
                        held = True
                        bump("held-" + key)
                    bump("sent-" + key)
                self.end_chunks()
            except OSError:
                self.close_connection = True
        elif name == "sse":
            count = int(parts[1])
            self.start_chunked("text/event-stream")
            self.chunk(b": a comment the client ignores\n\n")
            for i in range(count):
                if i % 2:
                    event = 'event: update\r\nid: %d\r\ndata: {"index": %d,\r\ndata: "text": "two lines"}\r\n\r\n' % (i, i)
                else:
                    event = 'id: %d\ndata: {"index": %d, "text": "one line"}\n\n' % (i, i)
                self.chunk(event.encode())
                time.sleep(0.01)
            self.chunk(b"data: {\"index\": 99, \"text\": \"unterminated, dropped\"}\n")
            self.end_chunks()
        elif name == "sse-malformed":
            self.start_chunked("text/event-stream")
            self.chunk(b'data: {"index": 0, "text": "ok"}\n\n')
            self.chunk(b"data: [DONE]\n\n")
            self.end_chunks()
        elif name == "sse-broken":
            self.start_chunked("text/event-stream")
            self.chunk(b'data: {"index": 0, "text": "ok"}\n\n')
            time.sleep(0.05)
            self.drop_connection()
        else:
            return False
        return True

    def send(self, code, body=b"", content_type="application/json", headers=None):
        if isinstance(body, (dict, list)):
            body = json.dumps(body).encode()
        self.send_response(code)
        if body or code != 204:
            self.send_header("Content-Type", content_type)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def handle_any(self):
        url = urlsplit(self.path)
        parts = [p for p in url.path.split("/") if p]
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        name = parts[0] if parts else ""
        if self.handle_stream(name, parts):
            return
        if name == "echo":
            self.send(200, {
                "method": self.command,
                "path": url.path,
                "query": url.query,
                "queryItems": {k: v for k, v in parse_qs(url.query, keep_blank_values=True).items()},
                "headers": {k.lower(): v for k, v in self.headers.items()},
                "body": body.decode("utf-8", "replace"),
            })
        elif name == "books":
            self.send(200, [{"id": 1, "title": "Dune"}, {"id": 2, "title": "Emma"}])
        elif name == "envelope":
            self.send(200, {"data": {"id": 7, "title": "Wrapped"}, "error": None})
        elif name == "dotted":
            self.send(200, {"data": {"org.example.book": {"id": 8, "title": "Dotted"}}})
        elif name == "truncated":
            self.send(200, b'{"id": 1, "title": "Du')
        elif name == "auth":
            bump(parts[1])
            if self.headers.get("Authorization") == "Bearer new":
                self.send(200, {"ok": True})
            else:
                self.send(401, {"error": "expired"}, headers={"WWW-Authenticate": "Bearer"})
        elif name == "bad":
            self.send(200, {"books": [{"id": 1, "title": "ok"}, {"id": "seven", "title": "bad"}]})
        elif name == "big-error":
            # /big-error/<bytes>: a 500 whose body is that many bytes of "x", in pieces of 50,000 bytes (a size
            # that does not divide 1 MiB).
            size = int(parts[1])
            self.start_chunked("text/plain", status=500)
            for start in range(0, size, 50000):
                self.chunk(b"x" * min(50000, size - start))
            self.end_chunks()
        elif name == "status":
            code = int(parts[1])
            if code == 404:
                self.send(404, {"statusCode": 404, "message": ["no such book"], "error": "Not Found"})
            elif code == 403:
                self.send(403, {"statusCode": 403, "message": ["forbidden", "no access"], "error": "Forbidden"})
            elif code == 502:
                self.send(502, b"<html><body>Bad gateway</body></html>", "text/html")
            elif code == 204:
                self.send(204)
            else:
                self.send(code, {"code": code})
        elif name == "flaky":
            key, failures = parts[1], int(parts[2])
            seen = bump(key)
            if seen <= failures:
                self.send(503, {"attempt": seen})
            else:
                self.send(200, {"attempts": seen})
        elif name == "count":
            with lock:
                self.send(200, {"count": counts.get(parts[1], 0)})
        elif name == "unauthorized":
            bump(parts[1])
            if self.headers.get("Authorization") == "Bearer fresh":
                self.send(200, {"ok": True})
            else:
                self.send(401, {"error": "expired"})
        elif name == "retry-after":
            seen = bump(parts[1])
            if seen == 1:
                self.send(503, {"attempt": seen}, headers={"Retry-After": "1"})
            else:
                self.send(200, {"attempts": seen})
        elif name == "await":
            # /await/<key>/<n>: answers once count <key> reaches n (or after LONGEST_WAIT) with the count,
            # so a test waits for what the server observes rather than for a length of time.
            self.send(200, {"count": wait_for_count(parts[1], int(parts[2]))})
        elif name == "slow":
            # /slow/<key>/<ms>: answers after ms; arrived-<key> counts requests that reached the server, and
            # aborted-<key> those whose client closed the connection before the answer.
            key = parts[1]
            bump("arrived-" + key)
            with lock:
                active[key] = active.get(key, 0) + 1
                peak[key] = max(peak.get(key, 0), active[key])
            end = time.monotonic() + float(parts[2]) / 1000
            gone = False
            while not gone and time.monotonic() < end:
                gone = self.client_gone(min(0.01, max(0.0, end - time.monotonic())))
            with lock:
                active[key] -= 1
            if gone:
                bump("aborted-" + key)
                self.close_connection = True
            else:
                self.send(200, {"ok": True})
        elif name == "peak":
            with lock:
                self.send(200, {"count": peak.get(parts[1], 0)})
        elif name == "multipart":
            content_type = self.headers.get("Content-Type")
            self.send(200, {
                "contentType": content_type,
                "contentLength": length,
                "parts": parse_multipart(body, content_type),
            })
        elif name == "download":
            # /download/<size>/<ms>[/<key>]: sent-<key> counts the 64 KiB blocks written so far.
            size, delay = int(parts[1]), float(parts[2]) / 1000
            key = parts[3] if len(parts) > 3 else None
            data = pattern(size)
            self.send_response(200)
            self.send_header("Content-Type", "application/octet-stream")
            self.send_header("Content-Length", str(size))
            self.send_header("X-CRC32", str(zlib.crc32(data)))
            self.end_headers()
            for start in range(0, size, 65536):
                self.wfile.write(data[start:start + 65536])
                if key:
                    bump("sent-" + key)
                time.sleep(delay)
        elif name == "basic":
            if self.headers.get("Authorization") == "Basic dXNlcjpwYXNz":
                self.send(200, {"ok": True})
            else:
                bump("basic-" + (parts[1] if len(parts) > 1 else ""))
                self.send(401, {"statusCode": 401, "message": ["sign in"], "error": "Unauthorized"},
                          headers={"WWW-Authenticate": 'Basic realm="tests"'})
        elif name == "redirect":
            # /redirect/<code>/<target path...>; "abs" as the code's suffix sends an absolute Location.
            code, target = parts[1], "/" + "/".join(parts[2:])
            if url.query:
                target += "?" + url.query
            if code.endswith("abs"):
                code = code[:-3]
                target = "http://127.0.0.1:%d%s" % (self.server.server_address[1], target)
            self.send(int(code), {"redirect": target}, headers={"Location": target})
        elif name == "cookies":
            # /cookies/set/<name>/<value>, /cookies/delete/<name>/<maxage|expires>, and the same behind a
            # 302 to /echo: /cookies/redirect-set/<name>/<value>, /cookies/redirect-delete/<name>/<style>.
            action, cookie = parts[1], parts[2]
            if action.endswith("set"):
                header = "%s=%s; Path=/" % (cookie, parts[3])
            elif parts[3] == "maxage":
                header = "%s=; Max-Age=0; Path=/" % cookie
            else:
                header = "%s=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/" % cookie
            if action.startswith("redirect-"):
                self.send(302, {}, headers={"Set-Cookie": header, "Location": "/echo"})
            else:
                self.send(200, {"ok": True}, headers={"Set-Cookie": header})
        elif name == "redirect-loop":
            self.send(302, {}, headers={"Location": "/redirect-loop"})
        elif name == "redirect-chain":
            # /redirect-chain/<n>: n redirects, then /echo.
            left = int(parts[1])
            self.send(302, {}, headers={"Location": "/redirect-chain/%d" % (left - 1) if left > 1 else "/echo"})
        elif name == "text":
            self.send(200, "caf\u00e9 \u2713".encode("latin-1", "replace") if parts[1:] == ["latin1"]
                      else "caf\u00e9 \u2713".encode(), "text/plain; charset=" + ("iso-8859-1" if parts[1:] == ["latin1"] else "utf-8"),
                      headers={"ETag": '"v1"', "X-RateLimit-Remaining": "41",
                               "Link": '</text?page=2>; rel="next"'})
        else:
            self.send(404, {"error": "not found"})

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = do_OPTIONS = handle_any


class Server(ThreadingHTTPServer):
    # The default listen backlog of 5 resets connections when 200 calls arrive at once.
    request_queue_size = 1024
    daemon_threads = True

    def handle_error(self, request, client_address):
        # Clients that cancel (the stress test does thousands of times) break pipes; that is expected.
        pass


def main():
    server = Server(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    sys.stdin.read()
    os._exit(0)


if __name__ == "__main__":
    main()
