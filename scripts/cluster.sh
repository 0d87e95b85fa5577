#!/usr/bin/env bash
# The production shape on one machine (README, "Production shape", "Past one machine"):
# HAProxy in front of two web nodes (granian, WSGI) and the stream nodes (gunicorn + uvicorn,
# ASGI, for the /api/*/stream/ paths), two Celery workers and one beat (and the outbox relay
# where this tree has it), PostgreSQL on localhost:5432 with a streaming replica
# (scripts/replica.sh) that the lag-tolerant reads go to, Redis.
#
#   bash scripts/cluster.sh start|stop|status
#
# One run directory holds everything: pid files, logs, the proxy's configuration and admin
# socket, the secret key, the replica's data. stop ends all of it. Every wait is bounded
# (NIGHTDUEL_CLUSTER_WAIT, 60 s). The processes' own settings pass through from the
# environment (THROTTLE_COMMANDS, CELERY_TASK_DEFAULT_QUEUE, NIGHTDUEL_EXTRA_SYSTEMS, ...).
# Settings (defaults):
#   NIGHTDUEL_CLUSTER_PORT           8300   the proxy; web nodes on PORT+1, PORT+2; stream nodes after them
#   NIGHTDUEL_CLUSTER_DIR            /var/tmp/nd-cluster-$PORT
#   NIGHTDUEL_CLUSTER_OWNER_URL      postgresql://nightduel_owner@localhost:5432/nightduel_cluster (migrates)
#   NIGHTDUEL_CLUSTER_SERVICE_URL    postgresql://nightduel_app@localhost:5432/nightduel_cluster (serves)
#   NIGHTDUEL_CLUSTER_MIGRATE        1      0: the database is migrated and granted already
#   NIGHTDUEL_CLUSTER_REPLICA_PORT   5434   0: no replica (every read on the primary)
#   NIGHTDUEL_CLUSTER_STREAM_NODES   2
#   NIGHTDUEL_CLUSTER_WEB_WORKERS    2      granian workers per web node
#   REDIS_URL                        redis://localhost:6379/5
# The owner and service roles and the database are created (as the superuser postgres) when
# missing; the database is never dropped here.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)

PORT=${NIGHTDUEL_CLUSTER_PORT:-8300}
RUN=${NIGHTDUEL_CLUSTER_DIR:-/var/tmp/nd-cluster-$PORT}
OWNER_URL=${NIGHTDUEL_CLUSTER_OWNER_URL:-postgresql://nightduel_owner@localhost:5432/nightduel_cluster}
SERVICE_URL=${NIGHTDUEL_CLUSTER_SERVICE_URL:-postgresql://nightduel_app@localhost:5432/nightduel_cluster}
MIGRATE=${NIGHTDUEL_CLUSTER_MIGRATE:-1}
REPLICA_PORT=${NIGHTDUEL_CLUSTER_REPLICA_PORT:-5434}
STREAM_NODES=${NIGHTDUEL_CLUSTER_STREAM_NODES:-2}
WEB_WORKERS=${NIGHTDUEL_CLUSTER_WEB_WORKERS:-2}
WAIT=${NIGHTDUEL_CLUSTER_WAIT:-60}
export REDIS_URL=${REDIS_URL:-redis://localhost:6379/5}
HAPROXY=${HAPROXY:-/usr/sbin/haproxy}
PY="$ROOT/.venv/bin/python"
VENV="$ROOT/.venv/bin"
WEB_PORTS=("$((PORT + 1))" "$((PORT + 2))")
STREAM_PORTS=()
for ((i = 0; i < STREAM_NODES; i++)); do STREAM_PORTS+=("$((PORT + 3 + i))"); done

die() { echo "cluster.sh: $*" >&2; exit 1; }
say() { echo "cluster.sh: $*"; }

# A URL's part, by Python's urllib (the URLs may carry passwords and odd characters).
url_part() { "$PY" -c 'import sys; from urllib.parse import urlsplit; u = urlsplit(sys.argv[1]); print(getattr(u, sys.argv[2]) if sys.argv[2] != "path" else u.path.lstrip("/"))' "$1" "$2"; }
with_port() { "$PY" -c 'import sys; from urllib.parse import urlsplit; u = urlsplit(sys.argv[1]); print(u._replace(netloc=u.netloc.rsplit(":", 1)[0] + ":" + sys.argv[2] if u.port else u.netloc + ":" + sys.argv[2]).geturl())' "$1" "$2"; }

pid_alive() { [ -f "$RUN/pids/$1.pid" ] && kill -0 "$(cat "$RUN/pids/$1.pid")" 2>/dev/null; }

listening() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# Start a process in a session of its own (so that stop and a node kill reach its children)
# with its output in logs/NAME.log and its process group's id in pids/NAME.pid.
launch() {
  local name=$1; shift
  setsid "$@" >>"$RUN/logs/$name.log" 2>&1 </dev/null &
  echo $! >"$RUN/pids/$name.pid"
}

# Wait until "$@" succeeds, at most WAIT seconds, while process NAME lives.
wait_for() {
  local name=$1 what=$2; shift 2
  local deadline=$((SECONDS + WAIT))
  until "$@"; do
    pid_alive "$name" || { tail -15 "$RUN/logs/$name.log" >&2; die "$name exited before $what (log: $RUN/logs/$name.log; bash scripts/cluster.sh stop ends the rest)"; }
    [ "$SECONDS" -lt "$deadline" ] || { tail -15 "$RUN/logs/$name.log" >&2; die "$name: no $what within ${WAIT}s (log: $RUN/logs/$name.log; bash scripts/cluster.sh stop ends the rest)"; }
    sleep 0.2
  done
}

log_says() { grep -q "$2" "$RUN/logs/$1.log" 2>/dev/null; }

node_names() {
  echo proxy web1 web2
  for ((i = 1; i <= STREAM_NODES; i++)); do echo "stream$i"; done
  echo worker1 worker2 beat relay
}

# A command to the proxy's admin socket, its answer.
proxy_command() {
  "$PY" -c 'import socket, sys
with socket.socket(socket.AF_UNIX) as s:
    s.settimeout(2); s.connect(sys.argv[1]); s.sendall(sys.argv[2].encode() + b"\n")
    while chunk := s.recv(65536): sys.stdout.write(chunk.decode())' "$RUN/haproxy.sock" "$1" 2>/dev/null
}

# The proxy's view of its servers: "backend/server status", one a line.
proxy_servers() { proxy_command "show stat" | awk -F, '/^[^#]/ && NF > 17 && $2 != "FRONTEND" && $2 != "BACKEND" {print $1 "/" $2 " " $18}'; }

all_servers_up() { [ "$(proxy_servers | grep -vc ' UP$')" = 0 ] && [ -n "$(proxy_servers)" ]; }

check_prerequisites() {
  [ -x "$HAPROXY" ] || die "no $HAPROXY: apt-get install -y haproxy"
  [ -x "$PY" ] || die "no .venv: bash scripts/setup-venv.sh"
  pg_isready -q -h localhost -p 5432 || die "PostgreSQL does not answer on localhost:5432"
  local redis_port
  redis_port=$(url_part "$REDIS_URL" port)
  listening "${redis_port:-6379}" || die "Redis does not answer at $REDIS_URL"
  for port in "$PORT" "${WEB_PORTS[@]}" "${STREAM_PORTS[@]}"; do
    ! listening "$port" || die "port $port is taken (another cluster? bash scripts/cluster.sh stop)"
  done
}

superuser_sql() { psql -h localhost -p 5432 -U postgres -d postgres -XAtqv ON_ERROR_STOP=1 -c "$1"; }

create_database() {
  local owner service database
  owner=$(url_part "$OWNER_URL" username) service=$(url_part "$SERVICE_URL" username) database=$(url_part "$OWNER_URL" path)
  for role in "$owner" "$service"; do
    [ "$(superuser_sql "SELECT 1 FROM pg_roles WHERE rolname = '$role'")" = 1 ] \
      || superuser_sql "CREATE ROLE \"$role\" LOGIN" >/dev/null
  done
  [ "$(superuser_sql "SELECT 1 FROM pg_database WHERE datname = '$database'")" = 1 ] \
    || { say "creating database $database owned by $owner"; superuser_sql "CREATE DATABASE \"$database\" OWNER \"$owner\"" >/dev/null; }
}

write_secret_key() {
  [ -n "${SECRET_KEY:-}" ] && return
  [ -s "$RUN/secret_key" ] || (umask 077 && od -An -N32 -tx1 /dev/urandom | tr -d ' \n' >"$RUN/secret_key")
  SECRET_KEY=$(cat "$RUN/secret_key")
}

write_proxy_config() {
  local i
  {
    cat <<CFG
# Written by scripts/cluster.sh start.
global
    maxconn 4096
    stats socket $RUN/haproxy.sock mode 600 level admin
    log stdout format raw local0 warning

defaults
    mode http
    log global
    option httplog
    option forwardfor
    timeout connect 2s
    timeout client 60s
    timeout server 60s
    # A refused connection (a node just killed) is tried again on another node; nothing that
    # reached a node is sent twice (a client's retry carries its Idempotency-Key instead).
    retries 3
    option redispatch 1
    retry-on conn-failure
    # A node is out after two refused connections half a second apart, or at the first refused
    # connection of live traffic; back after two good checks. The checks only connect: an HTTP
    # check waits behind the requests a busy node has queued, and under load it took healthy
    # nodes out (bench/load/run.py --cluster: every node down at once, 503 for everyone).
    timeout check 1s
    default-server check inter 500 fall 2 rise 2 observe layer4 error-limit 1 on-error mark-down

frontend nightduel
    bind 127.0.0.1:$PORT
    # The live streams (README, "Production shape"): to the ASGI nodes, answers passed on at once.
    acl stream path_reg ^/api/(.+/)?stream/\$
    use_backend streams if stream
    default_backend web

backend web
    balance roundrobin
    http-response set-header X-Served-By %[srv_name]
CFG
    for i in 0 1; do echo "    server web$((i + 1)) 127.0.0.1:${WEB_PORTS[$i]}"; done
    cat <<CFG

backend streams
    balance leastconn
    option http-no-delay
    http-response set-header X-Served-By %[srv_name]
    # An idle stream sends a keep-alive every 15 s; the server lives at most an hour per stream.
    timeout server 1h
    timeout client 1h
CFG
    for ((i = 0; i < STREAM_NODES; i++)); do echo "    server stream$((i + 1)) 127.0.0.1:${STREAM_PORTS[$i]}"; done
  } >"$RUN/haproxy.cfg"
  "$HAPROXY" -c -q -f "$RUN/haproxy.cfg" || die "haproxy refuses $RUN/haproxy.cfg"
}

start() {
  check_prerequisites
  local running
  running=$(for name in $(node_names); do pid_alive "$name" && echo "$name"; done || true)
  [ -z "$running" ] || die "already running in $RUN: $(echo $running); bash scripts/cluster.sh stop"
  mkdir -p "$RUN/pids" "$RUN/logs"
  rm -f "$RUN"/pids/*.pid
  write_secret_key
  create_database
  if [ "$MIGRATE" = 1 ]; then
    say "migrating $(url_part "$OWNER_URL" path) as $(url_part "$OWNER_URL" username)"
    DATABASE_URL=$OWNER_URL SECRET_KEY=$SECRET_KEY "$PY" manage.py migrate --noinput -v0
    DATABASE_URL=$OWNER_URL SECRET_KEY=$SECRET_KEY "$PY" manage.py grant_service_role "$(url_part "$SERVICE_URL" username)" >/dev/null
  fi
  DATABASE_URL=$SERVICE_URL SECRET_KEY=$SECRET_KEY "$PY" manage.py collectstatic --noinput -v0

  export DATABASE_URL=$SERVICE_URL SECRET_KEY DEBUG=0 HTTPS=0 TRUSTED_PROXIES=1 DJANGO_SETTINGS_MODULE=config.settings
  export ALLOWED_HOSTS=${ALLOWED_HOSTS:-localhost,127.0.0.1}
  # The replica is copied while the nodes start: until it answers, their reads go to the primary.
  local replica_job=""
  if [ "$REPLICA_PORT" != 0 ]; then
    bash scripts/replica.sh start "$REPLICA_PORT" "$RUN/replica" >>"$RUN/logs/replica.log" 2>&1 &
    replica_job=$!
    export DATABASE_REPLICA_URL
    DATABASE_REPLICA_URL=$(with_port "$SERVICE_URL" "$REPLICA_PORT")
  fi

  say "starting in $RUN"
  for i in 0 1; do
    launch "web$((i + 1))" "$VENV/granian" --interface wsgi config.wsgi:application --workers "$WEB_WORKERS" \
      --blocking-threads 1 --host 127.0.0.1 --port "${WEB_PORTS[$i]}" --backlog 2048 --log-level warning --no-access-log
  done
  for ((i = 0; i < STREAM_NODES; i++)); do
    DB_POOL_MAX=${DB_POOL_MAX:-10} launch "stream$((i + 1))" "$VENV/gunicorn" config.asgi -k uvicorn_worker.UvicornWorker \
      -w 1 -b "127.0.0.1:${STREAM_PORTS[$i]}" --graceful-timeout 3 --log-level warning
  done
  for i in 1 2; do
    launch "worker$i" "$VENV/celery" -A config worker -l INFO -c 1 -n "worker$i-$PORT@%h" --without-gossip --without-mingle
  done
  launch beat "$VENV/celery" -A config beat -l INFO -s "$RUN/celerybeat-schedule" --pidfile "$RUN/celerybeat.pid"
  # The outbox relay (README, "How it works"): it hands the commands' follow-up work to Celery.
  launch relay "$PY" manage.py relay_outbox
  for i in 0 1; do wait_for "web$((i + 1))" "listening on ${WEB_PORTS[$i]}" listening "${WEB_PORTS[$i]}"; done
  for ((i = 0; i < STREAM_NODES; i++)); do
    wait_for "stream$((i + 1))" "listening on ${STREAM_PORTS[$i]}" listening "${STREAM_PORTS[$i]}"
  done
  write_proxy_config
  launch proxy "$HAPROXY" -db -f "$RUN/haproxy.cfg"
  wait_for proxy "listening on $PORT" listening "$PORT"
  wait_for proxy "every node up in its health checks" all_servers_up
  for i in 1 2; do wait_for "worker$i" "ready" log_says "worker$i" "ready\."; done
  wait_for beat "its first tick" log_says beat "beat: Starting"
  wait_for relay "listening" log_says relay "listening"
  if [ -n "$replica_job" ] && ! wait "$replica_job"; then
    tail -5 "$RUN/logs/replica.log" >&2
    die "the replica did not start (log: $RUN/logs/replica.log); bash scripts/cluster.sh stop ends the rest"
  fi
  say "up: http://127.0.0.1:$PORT/ (logs: $RUN/logs)"
}

# End NAME's process group: SIGTERM, then SIGKILL after a bounded wait.
end_group() {
  local name=$1 pid
  [ -f "$RUN/pids/$name.pid" ] || return 0
  pid=$(cat "$RUN/pids/$name.pid")
  kill -TERM -- "-$pid" 2>/dev/null || true
  local deadline=$((SECONDS + 15))
  while kill -0 -- "-$pid" 2>/dev/null && [ "$SECONDS" -lt "$deadline" ]; do sleep 0.2; done
  kill -KILL -- "-$pid" 2>/dev/null || true
  rm -f "$RUN/pids/$name.pid"
}

stop() {
  [ -d "$RUN" ] || { say "nothing in $RUN"; return; }
  local name
  for name in $(node_names); do end_group "$name" & done
  local replica_stopped=0
  if [ "$REPLICA_PORT" != 0 ] && [ -e "$RUN/replica" ]; then
    bash scripts/replica.sh stop "$REPLICA_PORT" "$RUN/replica" >>"$RUN/logs/replica.log" 2>&1 || replica_stopped=$?
  fi
  wait
  [ "$replica_stopped" = 0 ] || die "the replica did not stop (log: $RUN/logs/replica.log)"
  say "stopped (logs kept in $RUN/logs)"
}

status() {
  local name down=0
  for name in $(node_names); do
    if pid_alive "$name"; then echo "$name: running (pid $(cat "$RUN/pids/$name.pid"))"
    elif [ -f "$RUN/pids/$name.pid" ]; then echo "$name: DEAD"; down=1
    fi
  done
  if pid_alive proxy; then proxy_servers | sed 's/^/proxy sees /'; all_servers_up || down=1
  else echo "proxy: not running"; down=1
  fi
  if [ "$REPLICA_PORT" != 0 ]; then
    local replica
    replica=$(bash scripts/replica.sh status "$REPLICA_PORT" "$RUN/replica" 2>&1) || down=1
    echo "replica: $replica"
  fi
  return "$down"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  *) die "usage: cluster.sh start|stop|status" ;;
esac
