package guards

import (
	"flag"

	"k8s.io/client-go/rest"
)

// ClientLimits is the operator's client-side rate limit: --kube-api-qps and
// --kube-api-burst. Off by default, as controller-runtime has it: the API server's
// priority and fairness bounds the operator (its generated priority level), and a
// guarded operator has no update–watch–update loop to slow down, while a client limit
// binds exactly when the operator has the most to do, its first sync over every
// object. Set one to cap the operator by hand; a negative QPS turns it off.
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
