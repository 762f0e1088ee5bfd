// Package guarded is the storm benchmark's opgen operator: every zz_generated.* file is
// `opgen generate` output for package bench/storm/api/v1 and the markers of the
// reconcilers here (see the go:generate line in bench/storm/generate.go;
// TestGuardedIsGenerated fails when it is stale or edited). cache_controller.go is the
// user's one method for the Cache kind; deployment_controller.go is what `opgen create
// controller --group apps --version v1 --kind Deployment` scaffolds, a controller of a
// kind the benchmark does not define (annotated Deployments, a ConfigMap each), run by
// the Deployment shape (bench/storm/deployments.go). Its predicates pass no Deployment
// the Cache operator owns (none carries the opt-in annotation), so it adds no reconcile
// to the Cache scenarios.
package guarded
