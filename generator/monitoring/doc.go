// Package monitoring writes, for an operator opgen wires (a project with a main), what
// a Prometheus Operator and Grafana need to watch the guards in production:
//
//   - config/prometheus/monitor.yaml: a ServiceMonitor that scrapes the manager's
//     secure metrics endpoint (the metrics Service config/default creates), as
//     kubebuilder's config/prometheus does;
//   - config/prometheus/rules.yaml: a PrometheusRule with the alerts of [Alerts], the
//     early signs of the two incidents opgen exists to prevent (a write loop, 409s,
//     client-side throttling, a workqueue that never drains, a field fight);
//   - config/prometheus/kustomization.yaml listing both;
//   - config/grafana/opguard-dashboard.json: a Grafana dashboard of [Panels] (writes
//     sent and skipped per kind, owned applies, reconciles, queue depth and latency,
//     client-side throttling, requests by code, take-backs and the write memory), built
//     from typed Go; import it with a Prometheus data source.
//
// config/default does not include config/prometheus: a cluster without the Prometheus
// Operator has no ServiceMonitor kind. opgen init writes the reference commented out
// (#- ../prometheus, as kubebuilder does); uncomment it where the Prometheus Operator
// runs.
//
// The rules are written from the same Go table the tests evaluate: each alert fires on
// a series shaped like its incident and stays silent on a healthy one, through
// Prometheus' own rule evaluation (github.com/prometheus/prometheus/rules and
// promql), in opgen's tests rather than the project's, so that a generated operator's
// module does not take Prometheus' server and its dependencies.
package monitoring
