#!/usr/bin/env python3
"""A loopback HTTP server for ReflectMapClient's tests (Python standard library only).

Listens on 127.0.0.1 on a free port, prints the port on the first line of stdout, and exits when its
stdin closes (that is, when the test process that started it goes away).
"""
import json
import os
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit, parse_qs

lock = threading.Lock()
counts = {}
active = {}
peak = {}


def bump(key):
    with lock:
        counts[key] = counts.get(key, 0) + 1
        return counts[key]


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

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
        elif name == "slow":
            key = parts[1]
            with lock:
                active[key] = active.get(key, 0) + 1
                peak[key] = max(peak.get(key, 0), active[key])
            time.sleep(float(parts[2]) / 1000)
            with lock:
                active[key] -= 1
            self.send(200, {"ok": True})
        elif name == "peak":
            with lock:
                self.send(200, {"count": peak.get(parts[1], 0)})
        else:
            self.send(404, {"error": "not found"})

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = handle_any


class Server(ThreadingHTTPServer):
    # The default listen backlog of 5 resets connections when 200 calls arrive at once.
    request_queue_size = 1024
    daemon_threads = True


def main():
    server = Server(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    sys.stdin.read()
    os._exit(0)


if __name__ == "__main__":
    main()
