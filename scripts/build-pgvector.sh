#!/usr/bin/env bash
# Builds the vendored pgvector (vendor/pgvector, v0.8.6, PostgreSQL License) and installs it into
# the system's (Debian) PostgreSQL, so the external-database test run exercises the pgvector path of
# file search. Needs root, a C compiler and postgresql-server-dev-<version>. Builds in a temp copy
# (the vendored tree stays clean). Usage: scripts/build-pgvector.sh [path/to/pg_config]
set -euo pipefail

cd "$(dirname "$0")/.."
pg_config="${1:-$(ls -d /usr/lib/postgresql/*/bin/pg_config 2>/dev/null | sort -V | tail -1)}"
if [ -z "$pg_config" ] || [ ! -x "$pg_config" ]; then
  echo "build-pgvector: no pg_config found (install postgresql-server-dev-<version>)" >&2
  exit 1
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp -r vendor/pgvector/. "$work"
# OPTFLAGS="": portable code (no -march=native), as distribution packages build it.
make -s -C "$work" PG_CONFIG="$pg_config" OPTFLAGS="" -j"$(nproc)" >/dev/null
make -s -C "$work" PG_CONFIG="$pg_config" OPTFLAGS="" install >/dev/null
echo "pgvector $(sed -n "s/^default_version = '\(.*\)'/\1/p" vendor/pgvector/vector.control) installed into $("$pg_config" --sharedir)/extension"
