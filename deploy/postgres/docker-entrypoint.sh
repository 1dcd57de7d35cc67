#!/bin/sh
# Entrypoint of the local PostgreSQL image, with the official postgres image's interface as far as
# deploy/compose.yaml uses it: POSTGRES_USER (postgres), POSTGRES_PASSWORD (required unless
# POSTGRES_HOST_AUTH_METHOD=trust), POSTGRES_DB (the user's name), POSTGRES_HOST_AUTH_METHOD
# (scram-sha-256), PGDATA, PGPORT; arguments starting with "-" are the server's (`postgres -c ...`).
# Not supported: /docker-entrypoint-initdb.d scripts, POSTGRES_INITDB_ARGS, *_FILE variables.
set -eu
if [ "${1#-}" != "$1" ]; then
  set -- postgres "$@"
fi
if [ "$1" != postgres ]; then
  exec "$@"
fi
# Started as root: own the data and socket folders (a new volume is root's), then drop to postgres.
if [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA" /var/run/postgresql
  chown postgres:postgres "$PGDATA" /var/run/postgresql
  chmod 0700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  user="${POSTGRES_USER:-postgres}"
  database="${POSTGRES_DB:-$user}"
  auth="${POSTGRES_HOST_AUTH_METHOD:-scram-sha-256}"
  if [ -z "${POSTGRES_PASSWORD:-}" ] && [ "$auth" != trust ]; then
    echo 'Error: the database is uninitialized and POSTGRES_PASSWORD is not set (or set POSTGRES_HOST_AUTH_METHOD=trust).' >&2
    exit 1
  fi
  # The password goes through a file of our own, never a command line.
  pwfile="$(mktemp)"
  printf '%s\n' "${POSTGRES_PASSWORD:-}" > "$pwfile"
  initdb --username="$user" --pwfile="$pwfile" --auth-local=trust --auth-host="$auth" --encoding=UTF8 --locale=C.UTF-8 >/dev/null
  rm -f "$pwfile"
  printf 'host all all all %s\n' "$auth" >> "$PGDATA/pg_hba.conf"
  printf "listen_addresses = '*'\n" >> "$PGDATA/postgresql.conf"
  if [ "$database" != postgres ]; then
    # A server on the socket only, to create the database before anyone can connect over TCP.
    pg_ctl -D "$PGDATA" -o "-c listen_addresses='' -p ${PGPORT:-5432}" -w start >/dev/null
    # psql quotes the name (:"db"); it interpolates variables in what it reads, not in --command.
    echo 'CREATE DATABASE :"db";' | psql -v ON_ERROR_STOP=1 --username="$user" --dbname=postgres --quiet --set=db="$database"
    pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
  fi
  echo "PostgreSQL init process complete; ready for start up."
fi
exec "$@"
