#!/usr/bin/env bash
# A PostgreSQL streaming replica of the primary on localhost:5432, on one machine.
#
#   bash scripts/replica.sh start  PORT DATADIR   # pg_basebackup -R -X stream, start, wait
#   bash scripts/replica.sh stop   PORT DATADIR   # fast stop, then remove DATADIR
#   bash scripts/replica.sh status PORT DATADIR   # exit 0: running and in recovery
#
# start is idempotent: a replica already running on PORT from DATADIR is left as it is, and
# a DATADIR left by an earlier start is started again rather than copied anew. stop is
# idempotent too. Every wait is bounded (REPLICA_WAIT_SECONDS, 60 by default).
#
# The primary must allow replication connections. Debian's pg_hba.conf has no replication
# line, so start appends `local replication all trust` and `host replication all
# 127.0.0.1/32 trust` to the primary's pg_hba.conf when missing and reloads the primary
# (trust, like the rest of this machine's loopback-only pg_hba). Needs the primary's
# superuser `postgres`; runs as root (commands run as postgres through runuser) or as postgres.
# No replication slot: a slot left behind by a replica that was killed would keep WAL on the
# primary forever; a replica that falls too far behind is simply made again.
set -euo pipefail

PRIMARY_HOST=localhost
PRIMARY_PORT=5432
WAIT_SECONDS=${REPLICA_WAIT_SECONDS:-60}

die() { echo "replica.sh: $*" >&2; exit 1; }

usage() { die "usage: replica.sh start|stop|status PORT DATADIR"; }

as_postgres() {
  if [ "$(id -un)" = postgres ]; then "$@"
  elif [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"
  else die "run as root or as postgres (the replica's files belong to postgres)"
  fi
}

pg_bin() {
  local found
  found=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
  [ -n "$found" ] || die "no PostgreSQL server binaries under /usr/lib/postgresql/*/bin"
  echo "$found"
}

primary_sql() {
  psql -h "$PRIMARY_HOST" -p "$PRIMARY_PORT" -U postgres -d postgres -XAtqv ON_ERROR_STOP=1 -c "$1"
}

replica_sql() {
  psql -h localhost -p "$PORT" -U postgres -d postgres -XAtq -c "$1" 2>/dev/null
}

is_running() {
  [ -f "$DATADIR/postmaster.pid" ] && as_postgres "$BIN/pg_ctl" status -D "$DATADIR" >/dev/null 2>&1
}

in_recovery() { [ "$(replica_sql 'SELECT pg_is_in_recovery()')" = t ]; }

allow_replication() {
  # Several replicas may be started at once (tests, the cluster): one edit at a time.
  local hba
  hba=$(primary_sql 'SHOW hba_file')
  [ -w "$hba" ] || die "cannot write the primary's $hba to allow replication"
  exec 9>>"/tmp/nd-replica-hba.lock"
  flock -w "$WAIT_SECONDS" 9 || die "timed out waiting for the pg_hba.conf lock"
  local changed=""
  if ! grep -Eq '^\s*local\s+replication\s+all\s+trust' "$hba"; then
    echo 'local replication all trust' >>"$hba"; changed=1
  fi
  if ! grep -Eq '^\s*host\s+replication\s+all\s+127\.0\.0\.1/32\s+trust' "$hba"; then
    echo 'host replication all 127.0.0.1/32 trust' >>"$hba"; changed=1
  fi
  if [ -n "$changed" ]; then
    echo "replica.sh: added replication lines to $hba; reloading the primary"
    primary_sql 'SELECT pg_reload_conf()' >/dev/null
  fi
  flock -u 9
}

write_config() {
  # Hot standby refuses to start with fewer of these than the primary has.
  local limits name
  limits=""
  for name in max_connections max_prepared_transactions max_locks_per_transaction \
              max_wal_senders max_worker_processes; do
    limits+="$name = $(primary_sql "SHOW $name")"$'\n'
  done
  # Debian keeps postgresql.conf and pg_hba.conf outside the data directory, so the copy has
  # none: the replica gets its own, small (the machine is shared), on its own port.
  as_postgres tee "$DATADIR/postgresql.conf" >/dev/null <<CONF
# Written by scripts/replica.sh; primary_conninfo is in postgresql.auto.conf (pg_basebackup -R).
port = $PORT
listen_addresses = 'localhost'
unix_socket_directories = '/var/run/postgresql'
hot_standby = on
hot_standby_feedback = on
shared_buffers = 32MB
log_min_messages = warning
$limits
CONF
  as_postgres tee "$DATADIR/pg_hba.conf" >/dev/null <<'HBA'
local all all trust
host all all 127.0.0.1/32 trust
host all all ::1/128 trust
HBA
  as_postgres touch "$DATADIR/pg_ident.conf"
}

wait_ready() {
  local waited=0
  until pg_isready -q -h localhost -p "$PORT" && in_recovery; do
    [ "$waited" -lt "$WAIT_SECONDS" ] || {
      tail -20 "$DATADIR/replica.log" >&2 2>/dev/null || true
      die "replica on port $PORT not accepting connections in recovery after ${WAIT_SECONDS}s"
    }
    sleep 1; waited=$((waited + 1))
  done
}

copy() {
  # A database created or dropped during the copy can fail it (a file vanished): try again.
  local attempt
  for attempt in 1 2 3; do
    if as_postgres timeout "$((WAIT_SECONDS * 5))" "$BIN/pg_basebackup" \
        -h "$PRIMARY_HOST" -p "$PRIMARY_PORT" -U postgres -D "$DATADIR" \
        -R -X stream -c fast --no-sync; then
      return
    fi
    find "$DATADIR" -mindepth 1 -delete
    echo "replica.sh: pg_basebackup failed (attempt $attempt of 3)" >&2
    sleep 1
  done
  rm -rf "$DATADIR"
  die "pg_basebackup from $PRIMARY_HOST:$PRIMARY_PORT failed"
}

start() {
  if is_running; then
    in_recovery || wait_ready
    echo "replica.sh: replica already running on port $PORT from $DATADIR"
    return
  fi
  ! pg_isready -q -h localhost -p "$PORT" || die "port $PORT is taken by another server"
  if [ ! -f "$DATADIR/standby.signal" ]; then
    [ -z "$(ls -A "$DATADIR" 2>/dev/null)" ] \
      || die "$DATADIR exists and is not a replica's data directory; not touching it"
    pg_isready -q -h "$PRIMARY_HOST" -p "$PRIMARY_PORT" \
      || die "the primary on $PRIMARY_HOST:$PRIMARY_PORT does not answer"
    allow_replication
    mkdir -p "$DATADIR"
    chown postgres: "$DATADIR" 2>/dev/null || true
    chmod 700 "$DATADIR"
    echo "replica.sh: copying the primary into $DATADIR"
    copy
    write_config
  fi
  as_postgres "$BIN/pg_ctl" start -D "$DATADIR" -l "$DATADIR/replica.log" -w \
    -t "$WAIT_SECONDS" >/dev/null || { tail -20 "$DATADIR/replica.log" >&2; die "replica did not start"; }
  wait_ready
  echo "replica.sh: replica running on port $PORT from $DATADIR"
}

stop() {
  if is_running; then
    as_postgres "$BIN/pg_ctl" stop -D "$DATADIR" -m fast -w -t "$WAIT_SECONDS" >/dev/null \
      || die "replica on port $PORT did not stop within ${WAIT_SECONDS}s"
  fi
  if [ -e "$DATADIR" ]; then
    [ -f "$DATADIR/standby.signal" ] || [ -z "$(ls -A "$DATADIR")" ] \
      || die "$DATADIR is not a replica's data directory; not removing it"
    rm -rf "$DATADIR"
  fi
  echo "replica.sh: replica on port $PORT stopped, $DATADIR removed"
}

status() {
  if ! is_running; then echo "stopped: no replica running from $DATADIR"; exit 3; fi
  in_recovery || { echo "running on port $PORT but not in recovery"; exit 1; }
  echo "running on port $PORT, in recovery, replayed up to $(replica_sql 'SELECT pg_last_wal_replay_lsn()')"
}

[ $# -eq 3 ] || usage
ACTION=$1 PORT=$2 DATADIR=$3
[[ "$PORT" =~ ^[0-9]+$ ]] && [ "$PORT" != "$PRIMARY_PORT" ] || die "PORT must be a number other than $PRIMARY_PORT"
DATADIR=$(realpath -m "$DATADIR")
BIN=$(pg_bin)
case "$ACTION" in
  start|stop)
    [ "$DATADIR" != "$(primary_sql 'SHOW data_directory' 2>/dev/null || true)" ] \
      || die "$DATADIR is the primary's data directory" ;;
esac
case "$ACTION" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  *) usage ;;
esac
