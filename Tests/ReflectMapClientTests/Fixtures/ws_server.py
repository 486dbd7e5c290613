#!/usr/bin/env python3
"""A loopback WebSocket server for ReflectMapClient's WebSocket tests (PyPI's `websockets`).

Listens on 127.0.0.1 on a free port, prints the port on the first line of stdout, and exits when its
stdin closes (that is, when the test process that started it goes away). When `websockets` cannot be
imported it prints `unavailable: <reason>` instead and exits.

Paths:
  /echo               sends every message back as it came (text or binary)
  /headers            sends the handshake's Authorization, User-Agent and X-Custom headers, then echoes
  /push/N             sends N messages {"index": i, "text": "message i"}, then closes with 1000
  /mixed              sends mappable and unmappable messages (text and binary), then closes with 1000
  /close/CODE         sends one message, then closes with CODE and the reason "bye"
  /flaky?id=X&drops=N answers each subscription with {"index": connection, "text": subscription};
                      the first N connections of id X are then closed with 1012, later ones echo
  /once?id=X          the first connection of id X sends one message and closes with 1012; later
                      handshakes for X are refused with 503
  /silent             stops reading (so pings go unanswered) and waits
  /reject             refuses the handshake with 403
"""
import asyncio
import json
import os
import sys
import threading
from http import HTTPStatus
from urllib.parse import urlsplit, parse_qs

try:
    from websockets.asyncio.server import serve
except Exception as error:  # noqa: BLE001 - any import failure means the tests must skip
    print(f"unavailable: {error}", flush=True)
    sys.exit(0)

connections = {}


def route(path):
    parts = urlsplit(path)
    query = {key: values[0] for key, values in parse_qs(parts.query).items()}
    return parts.path, query


def count(key):
    connections[key] = connections.get(key, 0) + 1
    return connections[key]


def message(index, text):
    return json.dumps({"index": index, "text": text})


def process_request(connection, request):
    path, query = route(request.path)
    if path == "/reject":
        return connection.respond(HTTPStatus.FORBIDDEN, "forbidden: no token\n")
    if path == "/once" and connections.get(("once", query.get("id")), 0) > 0:
        return connection.respond(HTTPStatus.SERVICE_UNAVAILABLE, "down for maintenance\n")
    return None


async def echo(ws):
    async for received in ws:
        await ws.send(received)


async def handler(ws):
    path, query = route(ws.request.path)
    if path == "/echo":
        await echo(ws)
    elif path == "/headers":
        headers = ws.request.headers
        await ws.send(json.dumps({
            "authorization": headers.get("Authorization", ""),
            "userAgent": headers.get("User-Agent", ""),
            "custom": headers.get("X-Custom", ""),
        }))
        await echo(ws)
    elif path.startswith("/push/"):
        for index in range(int(path.rsplit("/", 1)[1])):
            await ws.send(message(index, f"message {index}"))
        await ws.close(1000, "done")
    elif path == "/mixed":
        await ws.send(message(0, "first"))
        await ws.send("this is not JSON")
        await ws.send(b"\x00\x01\x02")
        await ws.send("[1, 2, 3]")
        await ws.send(message(1, "binary JSON").encode())
        await ws.send(message(2, "last"))
        await ws.close(1000, "done")
    elif path.startswith("/close/"):
        await ws.send(message(0, "before close"))
        await ws.close(int(path.rsplit("/", 1)[1]), "bye")
    elif path == "/flaky":
        number = count(("flaky", query.get("id")))
        subscription = await ws.recv()
        await ws.send(message(number, subscription))
        if number <= int(query.get("drops", "0")):
            await ws.close(1012, "restarting")
        else:
            await echo(ws)
    elif path == "/once":
        count(("once", query.get("id")))
        await ws.send(message(1, "only once"))
        await ws.close(1012, "restarting")
    elif path == "/silent":
        ws.transport.pause_reading()
        await asyncio.sleep(120)
    else:
        await ws.close(1008, f"unknown path {path}")


def exit_when_stdin_closes():
    sys.stdin.read()
    os._exit(0)


async def main():
    async with serve(handler, "127.0.0.1", 0, process_request=process_request, max_size=1 << 24) as server:
        port = server.sockets[0].getsockname()[1]
        print(port, flush=True)
        await asyncio.Future()


if __name__ == "__main__":
    threading.Thread(target=exit_when_stdin_closes, daemon=True).start()
    asyncio.run(main())
