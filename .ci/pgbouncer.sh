# shellcheck shell=bash
# Sourced by .ci/run once PostgreSQL runs and TEST_DATABASE_URL is exported: starts Debian's
# PgBouncer in transaction mode on 127.0.0.1:6543 in front of it, as Supabase's pooler is, and
# exports TEST_POOLER_URL for tests/api/platform/pooler.test.ts. Also usable by hand:
#   TEST_DATABASE_URL=postgres://postgres:postgres@127.0.0.1:5432/postgres; source .ci/pgbouncer.sh

aspira_start_pgbouncer() {
  local port=6543 dir user
  if ! command -v pgbouncer >/dev/null 2>&1 && [ ! -x /usr/sbin/pgbouncer ]; then
    echo "ci: installing pgbouncer"
    if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq pgbouncer >/dev/null; }; then
      echo "ci: could not install pgbouncer; the pooler tests will be skipped" >&2
      return 0
    fi
    # The package starts its own service on 6432; ours is separate.
    service pgbouncer stop >/dev/null 2>&1 || true
  fi
  local bin
  bin=$(command -v pgbouncer || echo /usr/sbin/pgbouncer)

  if pg_isready -q -h 127.0.0.1 -p "$port" 2>/dev/null; then
    echo "ci: a pooler already listens on $port"
  else
    dir=$(mktemp -d /tmp/aspira-pgbouncer.XXXXXX)
    cat >"$dir/pgbouncer.ini" <<EOF
[databases]
* = host=127.0.0.1 port=5432

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $port
unix_socket_dir =
auth_type = plain
auth_file = $dir/userlist.txt
pool_mode = transaction
max_client_conn = 200
default_pool_size = 10
; as Supabase's pooler: a client waits for a server connection, not forever
query_wait_timeout = 5
server_reset_query =
logfile = $dir/pgbouncer.log
pidfile = $dir/pgbouncer.pid
EOF
    echo '"postgres" "postgres"' >"$dir/userlist.txt"
    # PgBouncer refuses to run as root.
    user=$(id -un)
    if [ "$(id -u)" = "0" ]; then
      user=postgres
      id postgres >/dev/null 2>&1 || user=nobody
      chown -R "$user" "$dir"
      su -s /bin/sh "$user" -c "$bin -d $dir/pgbouncer.ini" || true
    else
      "$bin" -d "$dir/pgbouncer.ini" || true
    fi
    for _ in $(seq 1 30); do
      pg_isready -q -h 127.0.0.1 -p "$port" && break
      sleep 0.5
    done
  fi

  if pg_isready -q -h 127.0.0.1 -p "$port"; then
    export TEST_POOLER_URL="postgres://postgres:postgres@127.0.0.1:$port/postgres"
    echo "ci: API tests also run through PgBouncer (transaction mode) on port $port"
  else
    echo "ci: PgBouncer did not start; the pooler tests will be skipped" >&2
  fi
}

aspira_start_pgbouncer
unset -f aspira_start_pgbouncer
