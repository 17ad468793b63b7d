#!/usr/bin/env bash
# Regenerates the newest, not yet released migration from src/db/schema.ts so several changes to the schema land in
# one file. Usage: scripts/regenerate-migration.sh <index> <name>, e.g. scripts/regenerate-migration.sh 0003 transactions
# Never use it on a migration that has been released: released migrations are immutable.
set -euo pipefail
index="$1"
name="$2"
cd "$(dirname "$0")/../apps/api"
exec 9>/tmp/vatlas-migration.lock
flock 9
rm -f drizzle/"${index}"_*.sql drizzle/meta/"${index}"_snapshot.json
node -e '
const fs = require("node:fs");
const path = "drizzle/meta/_journal.json";
const journal = JSON.parse(fs.readFileSync(path, "utf8"));
journal.entries = journal.entries.filter((entry) => entry.idx < Number(process.argv[1]));
fs.writeFileSync(path, JSON.stringify(journal, null, 2) + "\n");
' "$index"
npx drizzle-kit generate --name "$name" >/dev/null
ls drizzle/"${index}"_*.sql
