#!/usr/bin/env bash
# Runs the unit, API and component suites (vitest) on a second Node.js line, beside the machine's own Node.js.
#
# Node.js comes from the npm registry (the package node-linux-<arch>, which the `node` package installs: the whole
# Node.js release, headers included) into a cache folder outside the project. The project's files (tracked and
# untracked, not ignored) are copied into another folder of that cache, where `npm ci` runs with that Node.js:
# better-sqlite3 compiles from source against its headers (no prebuilt binary can be downloaded here), while argon2
# (@node-rs/argon2) and FSRS's binding are Node-API packages whose binaries load on any line. The project's own
# node_modules, which the main test run uses, is never touched.
#
# Usage: scripts/ci-second-node.sh [major]     major: the Node.js line, 26 unless SECOND_NODE says otherwise.
# (24 from 24.19 on aborts a process whose worker thread leaves better-sqlite3 12 statements to the garbage collector,
# "Assertion failed: (env) != nullptr" in RemoveEnvironmentCleanupHook: `scripts/ci-second-node.sh 24` shows it.)
# Environment: VOCAB_CI_CACHE (default ~/.cache/vocab-ci). The suites run on SQLite only (see step 3).
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
MAJOR="${1:-${SECOND_NODE:-26}}"
CACHE="${VOCAB_CI_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/vocab-ci}"
started=$(date +%s)
say() { echo "[node $MAJOR, $(($(date +%s) - started)) s] $*"; }

case "$(uname -m)" in
  x86_64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) echo "No node-linux package for $(uname -m)" >&2; exit 1 ;;
esac

# One run at a time per cache: a second one waits rather than reinstall the copy under the first.
mkdir -p "$CACHE"
exec 9>"$CACHE/node-$MAJOR.lock"
flock 9

# 1. Node.js: the newest release of the line, installed again only when a newer one is out.
install_dir="$CACHE/node-$MAJOR"
NODE_HOME="$install_dir/node_modules/node-linux-$arch"
mkdir -p "$install_dir"
if ! npm install --prefix "$install_dir" --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
  "node-linux-$arch@$MAJOR" >/dev/null; then
  if [ ! -x "$NODE_HOME/bin/node" ]; then
    echo "Could not install node-linux-$arch@$MAJOR from the npm registry" >&2
    exit 1
  fi
  say "the npm registry did not answer; using the Node.js already in $install_dir"
fi
[ -f "$NODE_HOME/include/node/node_api.h" ] || { echo "$NODE_HOME has no include/node headers" >&2; exit 1; }
export PATH="$NODE_HOME/bin:$PATH"
# node-gyp compiles native modules against these headers instead of downloading them.
export npm_config_nodedir="$NODE_HOME"
version="$(node -v)"
[ "${version%%.*}" = "v$MAJOR" ] || { echo "Expected Node.js $MAJOR, got $version" >&2; exit 1; }
say "Node.js $version from $NODE_HOME"

# 2. A copy of the project with its own node_modules, installed with that Node.js (npm itself runs on it too).
WORK="$CACHE/tree-node$MAJOR"
rm -rf "$WORK"
mkdir -p "$WORK"
(cd "$ROOT" && git ls-files -z --cached --others --exclude-standard |
  tar --null --ignore-failed-read -T - -cf - 2>/dev/null) | tar -xf - -C "$WORK"
cd "$WORK"
npm ci --no-audit --no-fund --prefer-offline --loglevel=error
node -e "
  const Database = require('better-sqlite3');
  const sqlite = new Database(':memory:').prepare('select sqlite_version() as v').get().v;
  require('@node-rs/argon2').hashSync('check');
  require('@open-spaced-repetition/binding');
  const abi = process.versions.modules;
  console.log('native modules load on Node.js ' + process.version + ' (ABI ' + abi + '), SQLite ' + sqlite);
"
say "installed in $WORK"

# 3. The server's build (some API tests start the built server), then the suites. The browser suite stays on the
# machine's Node.js: it drives the same built app.
npx tsc -b apps/server
# The unit and API suites, on SQLite: what depends on the runtime is Node.js itself and the native modules
# (better-sqlite3 above all). PostgreSQL's driver is JavaScript, and its suites ran on the machine's Node.js already;
# the component suite (jsdom) does not depend on the server's runtime. This keeps the second pass near 15 minutes.
say "server built; vitest, the unit and API suites on SQLite"
env -u TEST_DATABASE_URL npx vitest run --project core --project server
say "done"
