# Sourced by the benchmarks' run.sh scripts: serves the folder `$1` over HTTP on 127.0.0.1 with Python's
# http.server, sets `server` (its process) and `port`, and fails when it does not start within five
# seconds. The caller's EXIT trap stops it (`kill "$server"`).
start_loopback_server() {
    python3 -m http.server 0 --bind 127.0.0.1 --directory "$1" > "$1/server.log" 2>&1 &
    server=$!
    port=""
    for _ in $(seq 50); do
        port=$(grep -o 'port [0-9]*' "$1/server.log" | head -1 | cut -d' ' -f2 || true)
        [ -n "$port" ] && return 0
        sleep 0.1
    done
    echo "the loopback server did not start"
    return 1
}
