#!/usr/bin/env bash
# The main job, end to end, on a fresh machine: builds opgen, makes a module that holds
# only API types (testdata/every-marker/api), runs `opgen generate ./...`, which writes
# the operator around them, and builds and vets the result. Prints the folder it
# worked in.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/opgen-demo.XXXXXX")
go build -o "$work/opgen" "$repo/cmd/opgen"
mod="$work/memcached-operator"
mkdir -p "$mod"
cp -r "$repo/testdata/every-marker/api" "$mod/"
find "$mod" -name '*.go' -exec sed -i 's#opgen.test/golden/every-marker#example.com/memcached-operator#g' {} +
cd "$mod"
printf 'module example.com/memcached-operator\n\ngo 1.26\n' > go.mod
go get k8s.io/apimachinery@v0.37.2 sigs.k8s.io/controller-runtime@v0.25.2 >/dev/null 2>&1
go mod tidy >/dev/null 2>&1
"$work/opgen" generate ./...
go build ./... && go vet ./... && go build -o bin/manager ./cmd
"$work/opgen" generate --check ./...
echo "generated, built and vetted: $mod"
find . -newer go.mod -type f -not -name go.sum | sort
