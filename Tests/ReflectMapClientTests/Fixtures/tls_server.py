"""A loopback HTTPS server for the public-key pinning tests.

    tls_server.py CERT KEY LOG

Serves on 127.0.0.1 with the certificate chain CERT and key KEY. Every request that arrives is
appended to LOG as "METHOD PATH", so a test can tell that a refused connection sent nothing. Answers
every request with {"ok": true, "path": PATH}. Prints its port on the first line, and exits when its
stdin closes.
"""
import json
import os
import ssl
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def handle_any(self):
        with open(self.server.log_path, "a") as log:
            log.write("%s %s\n" % (self.command, self.path))
        length = int(self.headers.get("Content-Length") or 0)
        if length:
            self.rfile.read(length)
        body = json.dumps({"ok": True, "path": self.path}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_GET = do_POST = do_PUT = handle_any


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # A client that refuses the certificate closes the connection without a request.
        pass


def main():
    cert, key, log = sys.argv[1:4]
    open(log, "w").close()
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    server = Server(("127.0.0.1", 0), Handler)
    server.log_path = log
    server.socket = context.wrap_socket(server.socket, server_side=True)
    print(server.server_address[1], flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    sys.stdin.read()
    os._exit(0)


if __name__ == "__main__":
    main()
