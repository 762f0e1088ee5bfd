package guards

import (
	"flag"

	"k8s.io/client-go/rest"
)

// ClientLimits is the operator's client-side rate limit: --kube-api-qps and
// --kube-api-burst. controller-runtime leaves client-side throttling off and counts on
// the API server's priority and fairness alone; a bounded client turns a runaway loop
// into a slow one before it reaches the server. A guarded operator at rest sends
// nothing, so the limit only binds in bursts (a mass resync, a rollout).
type ClientLimits struct {
	QPS   float64
	Burst int
}

// BindFlags registers --kube-api-qps and --kube-api-burst on fs with the given defaults.
func (l *ClientLimits) BindFlags(fs *flag.FlagSet, qps float64, burst int) {
	fs.Float64Var(&l.QPS, "kube-api-qps", qps, "client-side limit of requests per second to the API server; negative turns throttling off")
	fs.IntVar(&l.Burst, "kube-api-burst", burst, "requests the client may send at once above --kube-api-qps")
}

// Apply sets the limit on cfg; call it before a manager or client is built from cfg.
func (l ClientLimits) Apply(cfg *rest.Config) {
	cfg.QPS = float32(l.QPS)
	cfg.Burst = l.Burst
	if l.QPS < 0 {
		cfg.QPS, cfg.Burst = -1, 0
	}
}
