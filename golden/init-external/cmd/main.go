// Command manager runs the operator. opgen scaffolded this file once; it is yours.
// Reconcilers and API types are registered by controller.SetupReconcilers and
// controller.AddToScheme, which opgen regenerates.
package main

import (
	"crypto/tls"
	"flag"
	"os"

	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/config"
	"sigs.k8s.io/controller-runtime/pkg/healthz"
	"sigs.k8s.io/controller-runtime/pkg/log/zap"
	"sigs.k8s.io/controller-runtime/pkg/metrics/filters"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"

	"example.com/sidecar-operator/internal/controller"
)

func main() {
	var (
		metricsAddr, probeAddr string
		secureMetrics          bool
		enableHTTP2            bool
		leaderElect            bool
		limits                 controller.ClientLimits
		workers                int
	)
	flag.StringVar(&metricsAddr, "metrics-bind-address", ":8443", "address of the metrics endpoint; 0 turns it off")
	flag.BoolVar(&secureMetrics, "metrics-secure", true, "serve metrics over HTTPS, to authenticated and authorized clients only")
	flag.BoolVar(&enableHTTP2, "enable-http2", false, "allow HTTP/2 on the metrics server (off: HTTP/2 Rapid Reset)")
	flag.StringVar(&probeAddr, "health-probe-bind-address", ":8081", "address of the /healthz and /readyz probes")
	flag.BoolVar(&leaderElect, "leader-elect", false, "run one active manager at a time through a lease")
	limits.BindFlags(flag.CommandLine, controller.DefaultKubeAPIQPS, controller.DefaultKubeAPIBurst)
	flag.IntVar(&workers, "max-concurrent-reconciles", controller.DefaultMaxConcurrentReconciles, "reconciles each controller runs at once")
	logOpts := zap.Options{}
	logOpts.BindFlags(flag.CommandLine)
	flag.Parse()
	ctrl.SetLogger(zap.New(zap.UseFlagOptions(&logOpts)))
	log := ctrl.Log.WithName("setup")

	scheme := runtime.NewScheme()
	if err := controller.AddToScheme(scheme); err != nil {
		log.Error(err, "registering API types")
		os.Exit(1)
	}

	cfg := ctrl.GetConfigOrDie()
	limits.Apply(cfg)

	var tlsOpts []func(*tls.Config)
	if !enableHTTP2 {
		tlsOpts = append(tlsOpts, func(c *tls.Config) { c.NextProtos = []string{"http/1.1"} })
	}
	metrics := metricsserver.Options{BindAddress: metricsAddr, SecureServing: secureMetrics, TLSOpts: tlsOpts}
	if secureMetrics {
		metrics.FilterProvider = filters.WithAuthenticationAndAuthorization
	}

	mgr, err := ctrl.NewManager(cfg, ctrl.Options{
		Scheme:                        scheme,
		Metrics:                       metrics,
		HealthProbeBindAddress:        probeAddr,
		LeaderElection:                leaderElect,
		LeaderElectionID:              "sidecar-operator.example.com",
		LeaderElectionReleaseOnCancel: true,
		// managedFields trimmed to the operator's own entries, which its guards read.
		Cache:      controller.CacheOptions(),
		Controller: config.Controller{MaxConcurrentReconciles: workers},
	})
	if err != nil {
		log.Error(err, "creating the manager")
		os.Exit(1)
	}
	if err := controller.SetupReconcilers(mgr); err != nil {
		log.Error(err, "setting up reconcilers")
		os.Exit(1)
	}
	if err := mgr.AddHealthzCheck("healthz", healthz.Ping); err != nil {
		log.Error(err, "adding the health check")
		os.Exit(1)
	}
	if err := mgr.AddReadyzCheck("readyz", healthz.Ping); err != nil {
		log.Error(err, "adding the readiness check")
		os.Exit(1)
	}
	log.Info("starting manager", "kube-api-qps", limits.QPS, "kube-api-burst", limits.Burst, "max-concurrent-reconciles", workers)
	if err := mgr.Start(ctrl.SetupSignalHandler()); err != nil {
		log.Error(err, "running the manager")
		os.Exit(1)
	}
}
