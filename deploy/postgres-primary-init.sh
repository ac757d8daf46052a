#!/bin/sh
# Runs once, when the primary's data volume is first initialised (docker-entrypoint-initdb.d):
# a replication role for the streaming replica, and a pg_hba line that lets it connect.
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" <<SQL
CREATE ROLE replicator WITH REPLICATION LOGIN PASSWORD '${REPLICATION_PASSWORD}';
SQL
echo "host replication replicator all scram-sha-256" >> "$PGDATA/pg_hba.conf"
