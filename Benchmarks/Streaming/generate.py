#!/usr/bin/env python3
"""Writes the orders series for the streaming benchmark: one file of about SIZE bytes holding
{"orders": [ … ], "total": N}, and a JSON Lines file of the same orders. Generated, never committed.

usage: generate.py SIZE_IN_MB OUTPUT_PREFIX     (writes OUTPUT_PREFIX.json and OUTPUT_PREFIX.jsonl)
"""
import json
import random
import sys

size = int(float(sys.argv[1]) * 1_000_000)
prefix = sys.argv[2]
rng = random.Random(42)
statuses = ["pending", "shipped", "delivered", "cancelled"]


def order(index):
    return {
        "id": 1_000_000_000_000 + index,
        "status": statuses[rng.randrange(4)],
        "created_at": "2024-0%d-1%dT10:%d:00Z" % (1 + index % 9, index % 10, 10 + index % 50),
        "customer_name": "Customer %d" % rng.randrange(100_000),
        "customer_email": None if index % 3 == 0 else "c%d@example.com" % index,
        "amount": rng.randrange(1_000_000) / 100,
        "paid": rng.randrange(2) == 0,
        "tags": ["tag%d" % t for t in range(rng.randrange(4))],
        "items": [{"sku": "SKU-%d-%d" % (index, i), "quantity": 1 + rng.randrange(9),
                   "unit_price": rng.randrange(10_000) / 100} for i in range(1 + rng.randrange(5))],
    }


with open(prefix + ".json", "w") as array, open(prefix + ".jsonl", "w") as lines:
    array.write('{"orders": [')
    written, index = 0, 0
    while written < size:
        text = json.dumps(order(index), separators=(",", ":"))
        array.write(("," if index else "") + text)
        lines.write(text + "\n")
        written += len(text) + 1
        index += 1
    array.write('], "total": %d}\n' % index)
print(index)
