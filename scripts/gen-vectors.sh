#!/usr/bin/env bash
# Regenerates packages/conformance/vectors/*.jsonl with the real go-cty.
#
# Installs nothing. Needs Go and go-cty as a GOPATH source tree; on Debian/Ubuntu:
#   sudo apt-get update && sudo apt-get install -y golang-go golang-github-zclconf-go-cty-dev
# which puts go-cty (and vmihailenco/msgpack, golang.org/x/text, go-textseg) under
# /usr/share/gocode. Another GOPATH holding go-cty works too: GEN_VECTORS_GOPATH=/path.
# CI does not run this: the vectors are committed.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
gopath="${GEN_VECTORS_GOPATH:-/usr/share/gocode}"

if ! command -v go >/dev/null 2>&1; then
  echo "gen-vectors: 'go' is not on PATH." >&2
  echo "  Debian/Ubuntu: apt-get install -y golang-go golang-github-zclconf-go-cty-dev" >&2
  exit 1
fi
if [ ! -d "$gopath/src/github.com/zclconf/go-cty/cty" ]; then
  echo "gen-vectors: go-cty not found under $gopath/src/github.com/zclconf/go-cty." >&2
  echo "  Debian/Ubuntu: apt-get install -y golang-github-zclconf-go-cty-dev" >&2
  echo "  or set GEN_VECTORS_GOPATH to a GOPATH that holds go-cty and its dependencies." >&2
  exit 1
fi

# The go-cty version goes into every file's header.
version="${GEN_VECTORS_GO_CTY_VERSION:-}"
if [ -z "$version" ] && command -v dpkg-query >/dev/null 2>&1; then
  deb="$(dpkg-query -W -f='${Version}' golang-github-zclconf-go-cty-dev 2>/dev/null || true)"
  if [ -n "$deb" ]; then
    version="v${deb%%-*} (Debian golang-github-zclconf-go-cty-dev $deb)"
  fi
fi
version="${version:-unknown}"

cd "$root/scripts/gen-vectors"
GO111MODULE=off GOPATH="$gopath" GOFLAGS= go run . -out "$root/packages/conformance/vectors" -go-cty "$version"
