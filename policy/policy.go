package policy

import "time"

// MaxWorkers is the most MaxConcurrentReconciles opgen accepts without a warning (and
// opgen vet without a finding): more workers than this feed a conflict storm more than
// they drain a backlog.
const MaxWorkers = 10

// DefaultWorkers is the generated main's default of --max-concurrent-reconciles: the
// reconciles each controller runs at once (controller-runtime's default is 1).
const DefaultWorkers = 4

// MinRequeueAfter is the shortest requeue delay the generated runtime allows, and the
// shortest constant delay opgen vet accepts: a short fixed requeue reconciles every
// object every few seconds whether anything changed or not.
const MinRequeueAfter = 5 * time.Second

// DefaultQPS and DefaultBurst are the generated operator's client-side rate limit when
// no +opguard:client marker sets one: none (QPS -1, controller-runtime's default), the
// burst applying once --kube-api-qps sets a rate. The server's priority and fairness
// (the generated config/apf) is the bound: a client limit of 50 QPS made a first sync
// of 10,000 objects take 602 s against 77 s unthrottled, and protected nobody the
// priority level does not (docs/runtime.md, Policy choices).
const (
	DefaultQPS   = -1
	DefaultBurst = 100
)
