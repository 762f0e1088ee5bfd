// Package chart generates dist/chart, a Helm chart of the objects config/default and
// config/apf install, from the same source: in a project opgen init made (unless
// opgen.yaml says chart: false), and with --chart in any repository.
//
// Generated, with opgen's header, rewritten on every run and removed when their cause
// is gone (the claims cover dist/chart/templates and the schema):
//
//   - templates/crd/<group>_<plural>.yaml: each CRD as controller-tools' CRD generator
//     writes it for config/crd/bases, installed when crd.enable, annotated
//     helm.sh/resource-policy: keep when crd.keep, and, for a kind with a conversion
//     hub, served through the chart's webhook Service when webhook.enable;
//   - templates/rbac/: the ServiceAccount, the manager's ClusterRole (and namespaced
//     Roles) with the rules of config/rbac/role.yaml (controller-tools' RBAC generator on
//     manifests.RBACRoots, as package rbac runs it), its binding, and the leader
//     election and metrics roles of config/rbac, each behind its switch;
//   - templates/manager/manager.yaml: config/manager's Deployment with config/webhook's
//     serving port and certificate volume, its image, replicas, resources, arguments,
//     security contexts and placement from the values;
//   - templates/metrics/, templates/webhook/, templates/certmanager/: the metrics
//     Service, the webhook configurations (controller-tools' webhook generator, each
//     clientConfig pointed at the chart's Service), the webhook Service, cert-manager's
//     Issuer and Certificate; the last three only when the project has webhooks;
//   - templates/apf/apf.yaml: manifests.APF's objects for the release's ServiceAccount;
//   - templates/monitoring/: config/prometheus's ServiceMonitor and PrometheusRule, from
//     the same objects (manifests.Monitor, manifests.Rules; the alerts' job is the
//     chart's metrics Service), each off until metrics.serviceMonitor.enable or
//     metrics.prometheusRule.enable (a cluster without the Prometheus Operator has no
//     such kinds; a values.yaml without the keys renders neither);
//   - templates/_helpers.tpl: the name, the fullname every object's name starts with
//     (the release's name, config/default's prefix for a release named after the
//     project), the Services' names cut to 63 characters, and Helm's labels;
//   - values.schema.json: the type of every value the templates read, each of opgen's
//     groups closed.
//
// Written once, when missing, and the user's from then on (artifact.Scaffold):
// Chart.yaml and values.yaml, from templates/chart (a platform's templates overlay may
// replace them). Templates a team adds under templates/ carry no header and are never
// touched.
//
// Object templates are built from typed objects marshalled with sigs.k8s.io/yaml, with
// placeholders then replaced by template expressions, and every "{{" of derived text (a
// CRD's descriptions) escaped; the parts opgen scaffolds for the user in config/ are
// written as template text. The generator renders nothing itself: the project's
// test/chart and this package's tests render and lint the chart with Helm's Go library.
package chart
