#!/bin/sh
# Runs once, when the primary's data volume is first initialised (docker-entrypoint-initdb.d):
# a replication role for the streaming replica, and a pg_hba line that lets it connect from the
# replica's address only (REPLICA_ADDRESS, set in compose.yaml; no address: refused to start).
set -eu
: "${REPLICA_ADDRESS:?REPLICA_ADDRESS must name the replica's address}"
: "${REPLICATION_PASSWORD:?REPLICATION_PASSWORD must be set}"
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" <<SQL
CREATE ROLE replicator WITH REPLICATION LOGIN PASSWORD '${REPLICATION_PASSWORD}';
SQL
echo "host replication replicator ${REPLICA_ADDRESS}/32 scram-sha-256" >> "$PGDATA/pg_hba.conf"
