#!/usr/bin/env bash
# The main job, end to end, on a fresh machine: builds opgen, scaffolds an operator with
# `opgen init` and `opgen create api`, builds and vets it, runs its own tests against a
# real kube-apiserver and etcd (from the project's hack/envtest.sh), and checks that
# nothing generated is stale. Prints the folder it worked in.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/opgen-demo.XXXXXX")
go build -o "$work/bin/opgen" "$repo/cmd/opgen"
export PATH="$work/bin:$PATH"
proj="$work/memcached-operator"
opgen init "$proj" --module example.com/memcached-operator --domain example.com
cd "$proj"
opgen create api --group cache --version v1alpha1 --kind Memcached --owns apps/v1/Deployment
go build ./... && go vet ./...
go build -o bin/manager ./cmd
KUBEBUILDER_ASSETS="$(bash hack/envtest.sh | tail -n 1)" go test ./...
opgen generate --check ./...
echo "scaffolded, built, vetted and tested: $proj"
