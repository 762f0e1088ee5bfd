#!/usr/bin/env bash
# kubebuilder's alpha update on the same kind of upgrade as opgen upgrade's proof: a
# project scaffolded with one kubebuilder release and edited as teams edit (a flag and a
# metrics option in main.go, a cache option, a Makefile target, a kustomize patch, the
# controller filled in), moved to the next release. Not run in CI.
#
#   bash bench/upgrade/kubebuilder.sh OLD_KUBEBUILDER NEW_KUBEBUILDER
#
# Both binaries come from the Go module proxy (GOBIN=... go install
# sigs.k8s.io/kubebuilder/v4@v4.15.0, and @v4.16.0). kubebuilder alpha update itself
# downloads the old and new releases' binaries from GitHub, which this machine cannot
# reach, so the script takes the steps alpha update's source (v4.16.0,
# internal/cli/alpha/internal/update/update.go) takes, with the two binaries given:
# an ancestor branch re-scaffolded by the old release's `alpha generate`, an original
# branch with the user's files on it, an upgrade branch re-scaffolded by the new
# release, and a git merge of original into upgrade. After each `alpha generate` it
# runs make manifests generate fmt vet, as alpha update does (without lint-fix, which
# builds golangci-lint). It prints the conflicted files, the conflict hunks, the files
# the merge changes relative to the user's branch, and which of the user's lines are
# gone.
set -euo pipefail
old=$(realpath "$1")
new=$(realpath "$2")
work=$(mktemp -d /tmp/opgen-kubebuilder-update-XXXXXX)
echo "work directory: $work" >&2
dir="$work/memcached-operator"
mkdir -p "$dir"
cd "$dir"
export GIT_AUTHOR_NAME=bench GIT_AUTHOR_EMAIL=bench@example.com GIT_COMMITTER_NAME=bench GIT_COMMITTER_EMAIL=bench@example.com
git init -q -b main
"$old" init --domain example.com --repo example.com/memcached-operator >/dev/null 2>&1
"$old" create api --group cache --version v1alpha1 --kind Memcached --resource --controller >/dev/null 2>&1
git add -A
git commit -qm "scaffolded with $("$old" version | head -1)"

# The team's edits.
sed -i 's/^\t"os"$/\t"os"\n\t"time"/' cmd/main.go
sed -i 's/^\tvar enableHTTP2 bool$/\tvar enableHTTP2 bool\n\tvar syncPeriod time.Duration/' cmd/main.go
sed -i 's/^\topts.BindFlags(flag.CommandLine)$/\topts.BindFlags(flag.CommandLine)\n\tflag.DurationVar(\&syncPeriod, "sync-period", 10*time.Hour, "how often the cache lists every object again")/' cmd/main.go
awk '{print} /metricsServerOptions.FilterProvider = filters.WithAuthenticationAndAuthorization/ {fp=1; next} fp && /^\t}$/ {print "\t// The metrics endpoint also serves the team'"'"'s debug handlers."; print "\tmetricsServerOptions.ExtraHandlers = debugHandlers()"; fp=0}' cmd/main.go > cmd/main.go.new && mv cmd/main.go.new cmd/main.go
sed -i 's/^\t\tScheme:                 scheme,$/\t\tScheme:                 scheme,\n\t\tCache:                  cache.Options{SyncPeriod: \&syncPeriod},/' cmd/main.go
sed -i 's#^\t"sigs.k8s.io/controller-runtime/pkg/healthz"$#\t"sigs.k8s.io/controller-runtime/pkg/cache"\n\t"sigs.k8s.io/controller-runtime/pkg/healthz"#' cmd/main.go
cat > cmd/debug.go <<'EOF'
package main

import (
	"net/http"
	"net/http/pprof"
)

// debugHandlers are the team's pprof handlers on the metrics endpoint.
func debugHandlers() map[string]http.Handler {
	return map[string]http.Handler{"/debug/pprof/": http.HandlerFunc(pprof.Index)}
}
EOF
printf '\n.PHONY: e2e-local\ne2e-local: ## The end-to-end tests against the current kubeconfig.\n\tgo test -tags e2e ./test/e2e/...\n' >> Makefile
n=$(grep -n '^- path: manager_metrics_patch.yaml$' config/default/kustomization.yaml | cut -d: -f1)
sed -i "$((n + 2))a - path: manager_env_patch.yaml" config/default/kustomization.yaml
cat > config/default/manager_env_patch.yaml <<'EOF'
apiVersion: apps/v1
kind: Deployment
metadata:
  name: controller-manager
  namespace: system
spec:
  template:
    spec:
      containers:
      - name: manager
        env:
        - name: GOMEMLIMIT
          value: 200MiB
EOF
sed -i 's#^\t// TODO(user): your logic here$#\tvar memcached cachev1alpha1.Memcached\n\tif err := r.Get(ctx, req.NamespacedName, \&memcached); err != nil {\n\t\treturn ctrl.Result{}, client.IgnoreNotFound(err)\n\t}#' internal/controller/memcached_controller.go
gofmt -l cmd internal | (! grep .) || { echo "the edits are not gofmt-clean" >&2; exit 2; }
go build ./... || { echo "the edited project does not build" >&2; exit 2; }
git add -A
git commit -qm "the team's edits"
ours=(
  'cmd/main.go:	"time"'
  'cmd/main.go:	var syncPeriod time.Duration'
  'cmd/main.go:	flag.DurationVar(&syncPeriod, "sync-period"'
  'cmd/main.go:	metricsServerOptions.ExtraHandlers = debugHandlers()'
  'cmd/main.go:		Cache:                  cache.Options{SyncPeriod: &syncPeriod},'
  'Makefile:e2e-local: ## The end-to-end tests'
  'config/default/kustomization.yaml:- path: manager_env_patch.yaml'
  'internal/controller/memcached_controller.go:		return ctrl.Result{}, client.IgnoreNotFound(err)'
)

regenerate() { # $1: the kubebuilder binary
  find . -mindepth 1 -maxdepth 1 ! -name .git ! -name PROJECT -exec rm -rf {} +
  PATH="$(dirname "$1"):$PATH" "$1" alpha generate >/dev/null 2>&1
  for t in manifests generate fmt vet; do make "$t" >/dev/null 2>&1 || echo "make $t failed" >&2; done
  git add --all
  git commit -qm "$2" --allow-empty
}
start=$(date +%s)
load0=$(cut -d" " -f1 /proc/loadavg)
git checkout -q -b ancestor main
regenerate "$old" "ancestor: the old release's scaffold"
git checkout -q -b original
git checkout main -- .
git add --all
git commit -qm "original: the team's files" --allow-empty
git checkout -q -b upgrade ancestor
regenerate "$new" "upgrade: the new release's scaffold"
git checkout -q -b merge upgrade
set +e
git merge --no-edit --no-commit original >/dev/null 2>&1
status=$?
set -e
end=$(date +%s)

conflicted=$(git diff --name-only --diff-filter=U)
hunks=0
for f in $conflicted; do hunks=$((hunks + $(grep -c '^<<<<<<< ' "$f" || true))); done
git add -A
touched=$(git diff --cached --name-only main | grep -v '^bin/' || true)
echo "kubebuilder alpha update's steps, $("$old" version | head -1 | tr -s " ") to $("$new" version | head -1 | tr -s " "): merge exit $status in $((end - start))s (load average $load0 before, $(cut -d" " -f1 /proc/loadavg) after)"
echo "conflicted files ($(echo "$conflicted" | grep -c . || true)), $hunks hunks:"
for f in $conflicted; do echo "  $f ($(grep -c '^<<<<<<< ' "$f") hunks)"; done
echo "files the merge changes relative to the team's branch: $(echo "$touched" | grep -c . || true)"
echo "$touched" | sed 's/^/  /'
gone=0
for o in "${ours[@]}"; do
  f=${o%%:*}
  l=${o#*:}
  if ! grep -qF -- "$l" "$f"; then echo "the team's line is gone from $f: $l"; gone=$((gone + 1)); fi
done
echo "the team's lines gone: $gone of ${#ours[@]}"
