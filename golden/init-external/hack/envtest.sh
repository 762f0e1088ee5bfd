#!/usr/bin/env bash
# Obtains the etcd and kube-apiserver binaries that envtest starts, and prints the
# folder holding them as the LAST line of stdout (use it as KUBEBUILDER_ASSETS):
#
#   export KUBEBUILDER_ASSETS="$(hack/envtest.sh | tail -n 1)"
#
# Order of attempts:
#   1. a cached copy under $OPGEN_ENVTEST_CACHE (default $HOME/.cache/opgen-envtest);
#   2. setup-envtest (downloads release binaries; needs the internet);
#   3. a build from source through the Go module proxy: kube-apiserver from
#      k8s.io/kubernetes and etcd from go.etcd.io/etcd/server/v3. About 6 minutes on
#      2 cores and 3 GB of build cache, which is removed afterwards.
# Progress goes to stderr so that stdout stays parseable.
set -euo pipefail

K8S_VERSION="${OPGEN_ENVTEST_K8S_VERSION:-1.37.2}"
ETCD_VERSION="${OPGEN_ENVTEST_ETCD_VERSION:-3.7.3}"
CACHE="${OPGEN_ENVTEST_CACHE:-$HOME/.cache/opgen-envtest}"
DEST="$CACHE/k8s-$K8S_VERSION"

log() { echo "envtest.sh: $*" >&2; }

usable() {
  [ -x "$1/etcd" ] && [ -x "$1/kube-apiserver" ] &&
    "$1/kube-apiserver" --version >/dev/null 2>&1 &&
    "$1/etcd" --version >/dev/null 2>&1
}

if usable "$DEST"; then
  echo "$DEST"
  exit 0
fi

mkdir -p "$CACHE"
# One builder at a time: parallel test runs on a cold machine would otherwise each
# start a 6-minute build.
exec 9>"$CACHE/.lock"
flock 9
if usable "$DEST"; then
  echo "$DEST"
  exit 0
fi

export GOTOOLCHAIN=local GOWORK=off GOFLAGS=-mod=mod

# 2. setup-envtest, for machines with the internet.
if [ -z "${OPGEN_ENVTEST_NO_DOWNLOAD:-}" ]; then
  log "trying setup-envtest for Kubernetes $K8S_VERSION"
  if dir=$(timeout 120 go run sigs.k8s.io/controller-runtime/tools/setup-envtest@latest \
      use "$K8S_VERSION" --bin-dir "$CACHE/setup-envtest" -p path 2>/dev/null) && usable "$dir"; then
    mkdir -p "$DEST"
    cp "$dir/etcd" "$dir/kube-apiserver" "$DEST/"
    echo "$DEST"
    exit 0
  fi
  log "setup-envtest could not fetch binaries; building from the Go module proxy"
fi

# 3. Build from source.
work=$(mktemp -d "${TMPDIR:-/tmp}/opgen-envtest.XXXXXX")
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
export GOCACHE="$work/gocache" CGO_ENABLED=0
export GOPATH="${GOPATH:-$(go env GOPATH)}"

mkdir -p "$work/apiserver" "$work/etcd" "$work/bin"

log "resolving k8s.io/kubernetes v$K8S_VERSION"
modfile=$(go mod download -json "k8s.io/kubernetes@v$K8S_VERSION" | sed -n 's/^[[:space:]]*"GoMod": "\(.*\)",$/\1/p')
staging=$(sed -n 's#^[[:space:]]*\(k8s.io/[^ ]*\) => ./staging/.*#\1#p' "$modfile")
[ -n "$staging" ] || { log "no staging modules found in $modfile"; exit 1; }

minor=${K8S_VERSION#*.}
{
  echo "module opgen.local/envtest-apiserver"
  echo
  echo "go 1.26"
  echo
  echo "require k8s.io/kubernetes v$K8S_VERSION"
  echo
  for m in $staging; do echo "replace $m => $m v0.$minor"; done
} >"$work/apiserver/go.mod"
cat >"$work/apiserver/tools.go" <<'GO'
//go:build tools

package tools

import _ "k8s.io/kubernetes/cmd/kube-apiserver"
GO

ldflags="-s -w"
for kv in gitVersion=v$K8S_VERSION gitMajor=${K8S_VERSION%%.*} gitMinor=${minor%%.*} gitTreeState=clean; do
  ldflags="$ldflags -X k8s.io/component-base/version.$kv"
done

log "building kube-apiserver v$K8S_VERSION (several minutes)"
(cd "$work/apiserver" && go mod tidy -e >&2 2>/dev/null || true)
(cd "$work/apiserver" && go get "k8s.io/kubernetes@v$K8S_VERSION" >&2 &&
  go build -trimpath -ldflags "$ldflags" -o "$work/bin/kube-apiserver" k8s.io/kubernetes/cmd/kube-apiserver >&2)

log "building etcd v$ETCD_VERSION"
cat >"$work/etcd/go.mod" <<GOMOD
module opgen.local/envtest-etcd

go 1.26

require go.etcd.io/etcd/server/v3 v$ETCD_VERSION
GOMOD
(cd "$work/etcd" && go get "go.etcd.io/etcd/server/v3@v$ETCD_VERSION" >&2 &&
  go build -trimpath -ldflags "-s -w" -o "$work/bin/etcd" go.etcd.io/etcd/server/v3 >&2)

mkdir -p "$DEST.tmp"
mv "$work/bin/etcd" "$work/bin/kube-apiserver" "$DEST.tmp/"
rm -rf "$DEST"
mv "$DEST.tmp" "$DEST"
usable "$DEST" || { log "built binaries do not run"; exit 1; }
log "binaries ready in $DEST"
echo "$DEST"
